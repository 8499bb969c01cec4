import { type DatasetSchema, V1QueryError, v1QueryWhere } from '../../odsql';
import { ApiError } from '../errors';
import { type QueryString, single } from '../http/params';

/**
 * `qv1` on v2 endpoints (odsql.md §10, sent by ods-widgets): a v1 `q` query, translated to an ODSQL
 * `where` text and AND-ed with the request's own. Empty when absent.
 */
export function qv1Where(query: QueryString, schema: DatasetSchema): string[] {
  const q = single(query, 'qv1');
  if (q === undefined || q.trim() === '') return [];
  try {
    const where = v1QueryWhere(q, schema);
    return where === undefined ? [] : [where];
  } catch (e) {
    if (e instanceof V1QueryError) throw new ApiError('ODSQLError', `Invalid qv1 parameter: ${e.message}.`);
    throw e;
  }
}
