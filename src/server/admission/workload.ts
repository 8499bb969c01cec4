/*
 * Workload classes, as database servers group work by importance (SQL Server's workload groups,
 * ClickHouse's workload priorities): interactive requests (record pages, facets, the catalog) are what
 * a visitor's explorer waits for; analytical ones (aggregations with group_by, exports, v1 analyze and
 * downloads) are scripts and downloads that take seconds anyway. While waiting for a connection,
 * analytical work lets newer interactive work go first, for at most its deferral (engine/lanes.ts).
 */

export type Workload = 'interactive' | 'analytical';

/** How long newer interactive queries may go before a waiting analytical one (ms). */
export const ANALYTICAL_DEFERRAL_MS = 2_000;

const ANALYTICAL_PATH = /\/(?:aggregates|exports|analyze|download)(?:\/|$)/;
const GROUP_BY = /(?:^|&)group_by=/;

/** The workload class of a request, from its URL (path and query string). */
export function workloadOf(url: string): Workload {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  return ANALYTICAL_PATH.test(path) || GROUP_BY.test(query) ? 'analytical' : 'interactive';
}

export function deferralOf(workload: Workload): number {
  return workload === 'analytical' ? ANALYTICAL_DEFERRAL_MS : 0;
}
