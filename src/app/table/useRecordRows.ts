import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { RecordsResponse } from '../../api';
import type { SortKey } from './keyset';
import { RecordRows, type RowsPortal } from './record-rows';

const NOTHING = () => () => undefined;
const ZERO = () => 0;

/**
 * The table's rows for the first page shown: a new set of rows with each new first page (another
 * selection or order), the previous one kept while the next first page loads.
 */
export function useRecordRows(
  portal: RowsPortal,
  first: RecordsResponse | undefined,
  keys: readonly SortKey[] | undefined,
): RecordRows | undefined {
  // The portal and keys belong to the first page they came with: only a new first page makes new rows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: portal and keys change with `first`
  const rows = useMemo(() => (first ? new RecordRows(portal, first, keys) : undefined), [first]);
  useEffect(() => () => rows?.dispose(), [rows]);
  useSyncExternalStore(rows?.subscribe ?? NOTHING, rows?.snapshot ?? ZERO);
  return rows;
}
