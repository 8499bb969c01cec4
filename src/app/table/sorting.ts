import type { RecordsSort } from '../routes/dataset-search';

/*
 * What a click on a column header does to the sort. A plain click sorts by that column alone (ascending,
 * then descending, then back to the portal's order); Shift (Shift+click, Shift+Enter) adds the column
 * after the others, then turns it descending, then takes it out, leaving the other keys as they are.
 */
export function toggledSort(
  sorts: readonly RecordsSort[],
  field: string,
  adding: boolean,
): readonly RecordsSort[] | undefined {
  const current = sorts.find((s) => s.field === field);
  if (!adding || sorts.length === 0) {
    if (sorts.length > 1 || !current) return [{ field, direction: 'asc' }];
    return current.direction === 'asc' ? [{ field, direction: 'desc' }] : undefined;
  }
  if (!current) return [...sorts, { field, direction: 'asc' }];
  if (current.direction === 'asc')
    return sorts.map((s) => (s.field === field ? { field, direction: 'desc' } : s));
  const rest = sorts.filter((s) => s.field !== field);
  return rest.length > 0 ? rest : undefined;
}
