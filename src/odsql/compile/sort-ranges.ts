import type { DatasetSchema, FieldSchema } from '../schema';
import type { Dialect } from './dialect';
import type { SqlQuery } from './sql';

/*
 * The number of records and the range of a dataset's int, date and datetime fields (dates in days since
 * 1970, datetimes in epoch milliseconds): single-key sorts and time zone conversions use them. One scan
 * of those columns, read once after ingestion and kept with the dataset's manifest.
 */

function ranged(schema: DatasetSchema): FieldSchema[] {
  return schema.fields.filter(
    (f) => (f.type === 'int' || f.type === 'date' || f.type === 'datetime') && !f.multivalued,
  );
}

/** The query of the count and ranges: one row, count first, then min and max of each ranged field. */
export function sortRangesQuery(table: string, schema: DatasetSchema, dialect: Dialect): SqlQuery {
  const value = (f: FieldSchema): string =>
    f.type === 'date'
      ? dialect.daysSinceEpoch(dialect.quoteIdent(f.name))
      : f.type === 'datetime'
        ? dialect.epochMillis(dialect.quoteIdent(f.name))
        : dialect.quoteIdent(f.name);
  const aggregates = ranged(schema).flatMap((f) => [`min(${value(f)})`, `max(${value(f)})`]);
  const sql = `SELECT count(*)${aggregates.map((a) => `, ${dialect.cast(a, 'double')}`).join('')} FROM ${dialect.quoteIdent(table)}`;
  return { sql, params: [] };
}

/** The schema with the count and ranges of `sortRangesQuery`'s row added (unchanged without a row). */
export function withSortRangesRow(schema: DatasetSchema, row: readonly unknown[] | undefined): DatasetSchema {
  if (!row) return schema;
  const ranges = new Map<string, { min: number; max: number }>();
  ranged(schema).forEach((f, i) => {
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
