import type { DuckDBInstance } from '@duckdb/node-api';
import type { Clause, KeyValue, SortKey } from '../src/app/table/keyset';
import { keysetKeys, keysetOrderBy, keyValue } from '../src/app/table/keyset';
import { seekAnchor } from '../src/app/table/seek';
import { writeResultsSection } from './results-file';
import { fmt, percentile, timeInterleaved } from './stats';

/*
 * The records table deep in flights sorted by delay (issue: every record reachable): the page at
 * record 2,900,000 as the explorer asks for it (a `where` from the anchor its seek finds, and the
 * offset left, src/app/table/record-rows.ts) against the first page of the same sort, both through the
 * API; and the engine's SQL of both on the same records file, for reference. Target: the deep page
 * within 2× the first.
 */

const DEPTH = 2_900_000;
/** Offset + limit of a page must stay below the API's 10,000-record window. */
const REACH = 9_999 - 100;
const FIELDS = [
  { name: 'date', type: 'datetime' },
  { name: 'delay', type: 'int' },
  { name: 'distance', type: 'int' },
  { name: 'origin', type: 'text' },
  { name: 'destination', type: 'text' },
] as const;

export interface KeysetFigure {
  readonly firstHttp: number;
  readonly deepHttp: number;
  readonly firstRaw: number;
  readonly deepRaw: number;
  /** The deep page's request, as sent. */
  readonly where: string;
  readonly offset: number;
  /** Count requests the seek made to find the anchor (once; the explorer keeps anchors). */
  readonly seekRequests: number;
}

function recordsUrl(origin: string, params: Record<string, string>): URL {
  const url = new URL(`${origin}/api/explore/v2.1/catalog/datasets/flights/records`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
}

async function getJson(url: URL): Promise<{ total_count?: number; results: Record<string, unknown>[] }> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`keyset bench: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as { total_count?: number; results: Record<string, unknown>[] };
}

const whereOf = (clause: Clause): Record<string, string> =>
  clause === true ? {} : { where: clause === false ? 'false' : clause };

/**
 * The engine's form of the clauses keyset.ts writes for an int key and the record id: ODSQL's double
 * quoted strings become SQL's single quoted ones, and the record id its hex text (as the server's view).
 */
function engineCondition(clause: Clause): string {
  if (clause === true) return 'true';
  if (clause === false) return 'false';
  return clause
    .replace(/\brecordid\b/g, `printf('%016x', __id)`)
    .replace(/"((?:[^"\\]|\\.)*)"/g, (_m, text: string) => `'${text.replaceAll("'", "''")}'`);
}

export async function keysetBench(
  origin: string,
  raw: DuckDBInstance,
  table: string,
  runs: number,
): Promise<KeysetFigure> {
  const keys = keysetKeys([{ field: 'delay', direction: 'desc' }], FIELDS as never) as readonly SortKey[];
  const orderBy = keysetOrderBy(keys);
  let seekRequests = 0;
  const anchor = await seekAnchor(keys, DEPTH, REACH, {
    count: async (clause) => {
      seekRequests++;
      return (await getJson(recordsUrl(origin, { ...whereOf(clause), limit: '0' }))).total_count ?? 0;
    },
    firstValue: async (clause, key): Promise<KeyValue | undefined> => {
      seekRequests++;
      const answer = await getJson(
        recordsUrl(origin, {
          ...whereOf(clause),
          order_by: keysetOrderBy([key]),
          limit: '1',
          include_links: 'true',
        }),
      );
      return answer.results[0] ? keyValue(answer.results[0], key) : undefined;
    },
  });
  const offset = DEPTH - anchor.count;
  const page = { order_by: orderBy, limit: '100', include_links: 'true' };
  const first = recordsUrl(origin, page);
  const deep = recordsUrl(origin, { ...page, ...whereOf(anchor.clause), offset: String(offset) });
  const [firstHttp, deepHttp] = await timeInterleaved(
    () => getJson(first),
    () => getJson(deep),
    runs,
  );

  const connection = await raw.connect();
  const columns = FIELDS.map((f) => f.name).join(', ');
  const order = `delay DESC NULLS LAST, printf('%016x', __id)`;
  const run = (sql: string) => connection.runAndReadAll(sql).then((r) => r.getRowsJS());
  const condition = engineCondition(anchor.clause);
  // The first page's count is the dataset's, known without a query; the deep page's is counted.
  const [firstRaw, deepRaw] = await timeInterleaved(
    () => run(`SELECT ${columns} FROM "${table}" ORDER BY ${order} LIMIT 100`),
    () =>
      Promise.all([
        run(
          `SELECT ${columns} FROM "${table}" WHERE ${condition} ORDER BY ${order} LIMIT 100 OFFSET ${offset}`,
        ),
        run(`SELECT count(*) FROM "${table}" WHERE ${condition}`),
      ]),
    runs,
  );
  connection.closeSync();
  return {
    firstHttp: percentile(firstHttp, 50),
    deepHttp: percentile(deepHttp, 50),
    firstRaw: percentile(firstRaw, 50),
    deepRaw: percentile(deepRaw, 50),
    where: anchor.clause === true ? '' : String(anchor.clause),
    offset,
    seekRequests,
  };
}

const HEADING = '## Every record reachable';

export function writeKeysetSection(section: string): void {
  writeResultsSection(HEADING, section, '## Exports');
}

export function renderKeyset(f: KeysetFigure, machine: string): string {
  const ratio = f.deepHttp / f.firstHttp;
  return `## Every record reachable: a page at depth 2,900,000 (records table)

Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 10)}.

Flights sorted by delay, descending, as the records table sorts (\`order_by=${'delay desc, recordid'}\`, the
record id breaking ties): the page of records 2,900,001–2,900,100 as the explorer asks for it, a \`where\`
from the boundary its seek found (${f.seekRequests} counting requests, made once: the table keeps its
boundaries) and the offset left, against the first page of the same sort; p50 of the measured runs, both
through the API, and the engine's SQL of both on the same records file for reference. Target: the deep
page within 2× the first.

| page | request | HTTP p50 ms | raw DuckDB p50 ms |
|---|---|---|---|
| first | \`order_by=delay desc, recordid&limit=100\` | ${fmt(f.firstHttp)} | ${fmt(f.firstRaw)} |
| record 2,900,001 on | \`where=${f.where}&offset=${f.offset}\` (same order and limit) | ${fmt(f.deepHttp)} | ${fmt(f.deepRaw)} |

Deep page / first page: **${ratio.toFixed(2)}×** (target ≤ 2×: ${ratio <= 2 ? 'met' : '**missed**'}).
`;
}
