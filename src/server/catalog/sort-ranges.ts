import type { DatasetSchema, FieldSchema } from '../../odsql';
import { quoteIdent } from '../../odsql';
import type { Engine } from '../engine/types';

/**
 * Adds to a dataset's schema the number of records and the range of its int, date and datetime fields
 * (dates in days since 1970, datetimes in epoch milliseconds): single-key sorts and time zone
 * conversions use them. Read once after ingestion (one scan of those columns) and kept
 * with the dataset's manifest.
 */
export async function withSortRanges(
  engine: Engine,
  table: string,
  schema: DatasetSchema,
): Promise<DatasetSchema> {
  const ranged = schema.fields.filter(
    (f) => (f.type === 'int' || f.type === 'date' || f.type === 'datetime') && !f.multivalued,
  );
  const value = (f: FieldSchema): string =>
    f.type === 'date'
      ? `(${quoteIdent(f.name)} - DATE '1970-01-01')`
      : f.type === 'datetime'
        ? `epoch_ms(${quoteIdent(f.name)})`
        : quoteIdent(f.name);
  const aggregates = ranged.flatMap((f) => [`min(${value(f)})`, `max(${value(f)})`]);
  const sql = `SELECT count(*)${aggregates.map((a) => `, CAST(${a} AS DOUBLE)`).join('')} FROM ${quoteIdent(table)}`;
  const [row] = await engine.rows({ sql, params: [] });
  if (!row) return schema;
  const ranges = new Map<string, { min: number; max: number }>();
  ranged.forEach((f, i) => {
    const min = row[1 + 2 * i];
    const max = row[2 + 2 * i];
    if (typeof min === 'number' && typeof max === 'number') ranges.set(f.name, { min, max });
  });
  return {
    records: Number(row[0]),
    fields: schema.fields.map((f) => {
      const range = ranges.get(f.name);
      return range ? { ...f, range } : f;
    }),
  };
}
