import type { DatasetSchema } from '../../odsql';
import { sortRangesQuery, withSortRangesRow } from '../../odsql';
import type { Engine } from '../engine/types';

/**
 * Adds to a dataset's schema the number of records and the range of its int, date and datetime fields
 * (the compiler writes the query, see odsql/compile/sort-ranges.ts). Read once after ingestion and kept
 * with the dataset's manifest.
 */
export async function withSortRanges(
  engine: Engine,
  table: string,
  schema: DatasetSchema,
): Promise<DatasetSchema> {
  const [row] = await engine.rows(sortRangesQuery(table, schema, engine.dialect));
  return withSortRangesRow(schema, row);
}
