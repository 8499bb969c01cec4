import type { DatasetSchema } from '../../odsql';
import { printExpr } from '../../odsql';
import { ApiError } from '../errors';
import { type QueryString, single } from '../http/params';
import { parseQ } from './q/parse';
import { Translator } from './q/translate';
import { V1QueryError } from './q/tree';

/**
 * `qv1` on v2 endpoints (odsql.md §10, sent by ods-widgets): a v1 `q` query, translated to an ODSQL
 * `where` text and AND-ed with the request's own. Empty when absent.
 */
export function qv1Where(query: QueryString, schema: DatasetSchema): string[] {
  const q = single(query, 'qv1');
  if (q === undefined || q.trim() === '') return [];
  try {
    const parsed = parseQ(q);
    return parsed ? [printExpr(new Translator(schema).translate(parsed))] : [];
  } catch (e) {
    if (e instanceof V1QueryError) throw new ApiError('ODSQLError', `Invalid qv1 parameter: ${e.message}.`);
    throw e;
  }
}
