import type { SqlParam, SqlQuery } from '../../../odsql';
import { CH, type ChType, chLiteral, LiteralError } from './literal';

/*
 * Compiled queries of the ClickHouse dialect hold typed placeholders `{$n:Type}` (odsql's
 * dialects/clickhouse.ts). 18.16 has no query parameters, so each becomes the literal of its value,
 * written by the one escaping and typing function (`chLiteral`), in one pass: the text of a value is
 * never read again, so a value holding a placeholder's form stays text.
 */

const PLACEHOLDER = /\{\$(\d+):([A-Za-z0-9()]+)\}/g;

const TYPES: Readonly<Record<string, ChType>> = {
  String: CH.string,
  Int64: CH.int64,
  UInt64: CH.uint64,
  Float64: CH.float64,
  Bool: CH.bool,
  'Array(String)': CH.array(CH.string),
  'Array(Float64)': CH.array(CH.float64),
};

/** The query's SQL with every placeholder replaced by its value's literal. */
export function inlineParams(query: SqlQuery): string {
  return query.sql.replace(PLACEHOLDER, (_, index: string, type: string) => {
    const chType = TYPES[type];
    if (!chType) throw new LiteralError(`Unknown placeholder type ${type}`);
    const position = Number(index);
    if (position < 1 || position > query.params.length)
      throw new LiteralError(`No value bound to placeholder ${position}`);
    return chLiteral(query.params[position - 1] as SqlParam, chType);
  });
}
