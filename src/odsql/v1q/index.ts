import { printExpr } from '../print';
import type { DatasetSchema } from '../schema';
import { parseQ } from './parse';
import { Translator } from './translate';

/*
 * The v1 `q` language beside ODSQL: v1 requests (and `qv1` on v2 ones) filter with it, and it is read
 * here into the ODSQL `where` text every other filter becomes, so the compiler is the only one to see
 * SQL. Errors are `V1QueryError`s, whose message says what is wrong where.
 */

export { parseCircle, parsePolygon } from './geo-text';
export { MAX_Q_LENGTH } from './parse';
export { withinDistance, withinPolygon } from './translate';
export { V1QueryError } from './tree';

/**
 * A v1 query as an ODSQL `where` text over `schema`: fields checked, every value a literal the compiler
 * binds. Undefined when `q` asks nothing (blank). Throws `V1QueryError`.
 */
export function v1QueryWhere(q: string, schema: DatasetSchema): string | undefined {
  const parsed = parseQ(q);
  return parsed ? printExpr(new Translator(schema).translate(parsed)) : undefined;
}
