import type { DatasetField, SortDirection } from '../../api';
import type { DatasetSearch, RecordsSort } from '../routes/dataset-search';
import { keysetKeys, type SortKey } from './keyset';

/** `a`, `a desc`, `` `a b` asc ``: one key of an `order_by` naming a field, or undefined. */
function plainKey(text: string): RecordsSort | undefined {
  const match = /^(?:`((?:[^`\\]|\\.)+)`|([A-Za-z_][A-Za-z0-9_]*))(?:\s+(asc|desc))?$/i.exec(text.trim());
  if (!match) return undefined;
  const field = match[1]?.replace(/\\(.)/g, '$1') ?? match[2]!;
  return { field, direction: (match[3]?.toLowerCase() ?? 'asc') as SortDirection };
}

/** The keys of an `order_by` made of fields only (the query editor's), or undefined. */
export function plainOrder(orderBy: string): readonly RecordsSort[] | undefined {
  const keys = orderBy.split(',').map(plainKey);
  return keys.length > 0 && keys.every((k) => k !== undefined) ? (keys as RecordsSort[]) : undefined;
}

/**
 * The keys the table pages its records by, past the API's window: the query's `order_by` or the header
 * sort, then the record id. Undefined when there is no order (the portal's own cannot be continued by
 * keys) or one the keys cannot page (an expression, random()).
 */
export function tableKeys(
  state: DatasetSearch,
  fields: readonly DatasetField[],
): readonly SortKey[] | undefined {
  const orderBy = state.query.order_by?.trim();
  const sorts = orderBy ? plainOrder(orderBy) : state.sort;
  return sorts && sorts.length > 0 ? keysetKeys(sorts, fields) : undefined;
}
