import type { ApiVersion } from '../../api/version';
import type { Column } from './columns';
import { isUtc, type ParamList } from './context';
import { compactParams, type SqlQuery } from './sql';
import { POSITION_COLUMN, RECORD_ID_COLUMN } from './storage';

/*
 * A records query's values before rendering, for a dialect whose engine renders JSON texts slowly
 * (`Dialect.serverRendersExports`: ClickHouse 18.16 computes the civil date of an instant or the JSON
 * escapes of a text far slower than the server does). Exports read these rows and the server renders
 * each value into what the compiled query's JSON text would hold (server/exports/raw/). Values that
 * cost the engine little to render (points, shapes, json) keep their JSON text.
 *
 * In source order the rows can be read by ranges of positions, each its own sorted query: a table
 * spread over shards has no source order, and one `ORDER BY` position over every record sorts the whole
 * table in memory (30M records passed a node's memory limit); a range reads only its part of the
 * primary index (the shard tables' sorting key is the position).
 */

/** How the server renders a raw value (what it is in the row), as the JSON text of `jsonValue` would. */
export type RawValueKind =
  /** A text, or null. */
  | 'text'
  /** A multivalued text: a list of texts (elements may be null); an empty list is null. */
  | 'texts'
  /** An integer as its decimal digits (text: exact whatever its size). */
  | 'int'
  /** A double; not finite: null. */
  | 'double'
  /** 0 or 1. */
  | 'boolean'
  /** Days since 1970-01-01: `YYYY-MM-DD`. */
  | 'date'
  /** Epoch milliseconds: the ISO text of the instant in the query's time zone. */
  | 'datetime'
  /** JSON text rendered by the engine. */
  | 'json';

export interface RawRecords {
  /** The kind of each output column's value; a row then holds the record id and its timestamp (ms). */
  readonly kinds: readonly RawValueKind[];
  /** The zone datetimes are written in (IANA name), or null for UTC. */
  readonly timezone: string | null;
  /** The number of records when known: their positions run from 0 to positions - 1. */
  readonly positions?: number;
  /** The most rows the query yields (its LIMIT), when it has one. */
  readonly limit?: number;
  /** Every row, in the query's order (with its limit). */
  readonly query: SqlQuery;
  /**
   * In source order only: the rows of positions [from, to), in position order, at most `limit`.
   */
  readonly range?: (from: number, to: number, limit: number | undefined) => SqlQuery;
}

interface RawValue {
  readonly sql: string;
  readonly kind: RawValueKind;
}

/** The raw value of an output column and how it is rendered (the twin of the dialect's `jsonValue`). */
function rawValue(c: Column, params: ParamList, version: ApiVersion): RawValue {
  const s = c.value;
  const x = s.sql;
  const json = (): RawValue => ({
    sql: params.dialect.jsonValue(s, params, version, c.role),
    kind: 'json',
  });
  if (s.post) return json();
  // year()…second() are text in v2.0.
  if (s.temporalPart && version === '2.0') return { sql: params.dialect.cast(x, 'text'), kind: 'text' };
  switch (s.type) {
    case 'text':
      return { sql: x, kind: s.multivalued ? 'texts' : 'text' };
    case 'int':
      return { sql: params.dialect.cast(x, 'text'), kind: 'int' };
    case 'double':
      return { sql: x, kind: 'double' };
    case 'boolean':
      return { sql: x, kind: 'boolean' };
    case 'date':
      return { sql: params.dialect.cast(params.dialect.daysSinceEpoch(x), 'bigint'), kind: 'date' };
    case 'datetime':
      // v2.0 writes aggregated instants otherwise (never in a records query).
      return s.aggregate ? json() : { sql: params.dialect.cast(x, 'bigint'), kind: 'datetime' };
    default:
      return json();
  }
}

export interface RawRecordsParts {
  readonly table: string;
  /** ` WHERE …` or empty. */
  readonly whereSql: string;
  readonly columns: readonly Column[];
  /** The sort keys (ORDER BY items without the position); empty: source order. */
  readonly order: readonly string[];
  readonly limit: number | undefined;
  readonly positions: number | undefined;
  readonly params: ParamList;
  readonly version: ApiVersion;
}

export function rawRecords(parts: RawRecordsParts): RawRecords {
  const { params } = parts;
  const dialect = params.dialect;
  const values = parts.columns.map((c) => rawValue(c, params, parts.version));
  const position = dialect.quoteIdent(POSITION_COLUMN);
  const select = [
    ...values.map((v, i) => `${v.sql} AS "__c${i}"`),
    dialect.quoteIdent(RECORD_ID_COLUMN),
    dialect.quoteIdent(dialect.timestampColumn),
  ].join(', ');
  const fixed = params.values.slice();
  const order = [...parts.order, position].join(', ');
  const base = `SELECT ${select} FROM ${parts.table}`;
  /** The statement with the numbers `tail` binds after the compiled query's own values. */
  const statement = (tail: (bind: (value: number, type: 'int' | 'count') => string) => string): SqlQuery => {
    const bound = fixed.slice();
    const sql = tail((value, type) => {
      bound.push(value);
      return dialect.param(bound.length, type);
    });
    return compactParams(sql, bound);
  };
  const limitSql = (limit: number | undefined, bind: (value: number, type: 'count') => string): string =>
    limit === undefined ? '' : ` LIMIT ${bind(limit, 'count')}`;
  const zone = params.options.timezone;
  const condition = parts.whereSql.replace(/^ WHERE /, '');
  return {
    kinds: values.map((v) => v.kind),
    timezone: isUtc(zone) ? null : zone,
    ...(parts.positions !== undefined ? { positions: parts.positions } : {}),
    ...(parts.limit !== undefined ? { limit: parts.limit } : {}),
    query: statement((bind) => `${base}${parts.whereSql} ORDER BY ${order}${limitSql(parts.limit, bind)}`),
    ...(parts.order.length === 0
      ? {
          range: (from: number, to: number, limit: number | undefined): SqlQuery =>
            statement((bind) => {
              const inRange = `${position} >= ${bind(from, 'int')} AND ${position} < ${bind(to, 'int')}`;
              const where = condition === '' ? ` WHERE ${inRange}` : ` WHERE (${condition}) AND ${inRange}`;
              return `${base}${where} ORDER BY ${position}${limitSql(limit, bind)}`;
            }),
        }
      : {}),
  };
}
