import { quoteIdent } from './columns';
import type { SqlQuery } from './sql';

/*
 * The statements that measure a records table once it is written (server/engine/duckdb/stats.ts reads their
 * rows): its count, the extent and geometry types of a geo field as the layout stores it (points as
 * `{lat, lon}`, shapes with their bounding box and GeoJSON, columns.ts), and distinct counts of text
 * columns for inferred facets. Names are the table's and its fields', never request text.
 */

const statement = (sql: string): SqlQuery => ({ sql, params: [] });

/** `count(*)` of a table. */
export function recordCountQuery(table: string): SqlQuery {
  return statement(`SELECT count(*) FROM ${quoteIdent(table)}`);
}

/**
 * `count(*), minx, miny, maxx, maxy, geometry types (sorted)` of a geo field: a shape's bounding boxes
 * and GeoJSON types, or a point's coordinates (`['Point']` when it has any).
 */
export function extentQuery(
  table: string,
  geo: { readonly name: string; readonly type: 'geo_point_2d' | 'geo_shape' },
): SqlQuery {
  const ref = quoteIdent(geo.name);
  const bounds =
    geo.type === 'geo_shape'
      ? `min(${ref}.minx), min(${ref}.miny), max(${ref}.maxx), max(${ref}.maxy), list_sort(list(DISTINCT json_extract_string(${ref}.geojson, '$.type')))`
      : `min(${ref}.lon), min(${ref}.lat), max(${ref}.lon), max(${ref}.lat), CASE WHEN count(${ref}) > 0 THEN ['Point'] END`;
  return statement(`SELECT count(*), ${bounds} FROM ${quoteIdent(table)}`);
}

/** `count(*)` then an estimate of the distinct values of each column (cheap on any size). */
export function distinctEstimatesQuery(table: string, columns: readonly string[]): SqlQuery {
  const estimates = columns.map((c) => `approx_count_distinct(${quoteIdent(c)})`);
  return statement(`SELECT count(*), ${estimates.join(', ')} FROM ${quoteIdent(table)}`);
}

/** The exact number of distinct values of each column. */
export function distinctCountsQuery(table: string, columns: readonly string[]): SqlQuery {
  return statement(`SELECT ${distinctCounts(columns)} FROM ${quoteIdent(table)}`);
}

/** One row: the columns of `first`, then the exact distinct counts of `columns` (one round trip). */
export function withDistinctCountsQuery(
  first: SqlQuery,
  table: string,
  columns: readonly string[],
): SqlQuery {
  return {
    sql: `SELECT * FROM (${first.sql}) AS ranges, (SELECT ${distinctCounts(columns)} FROM ${quoteIdent(table)}) AS counts`,
    params: first.params,
  };
}

function distinctCounts(columns: readonly string[]): string {
  return columns.map((c) => `count(DISTINCT ${quoteIdent(c)})`).join(', ');
}
