import type { DatasetField, DatasetRecord } from '../../api';
import { isNumericField } from '../format/cells';
import { formatFigure } from '../format/numbers';

/** A column of a query result: a field of the dataset when the key names one, else a computed value. */
export interface ResultColumn {
  readonly key: string;
  readonly field?: DatasetField;
  /** Aligned right: a numeric field, or computed values that are numbers. */
  readonly numeric: boolean;
}

/**
 * The columns of a select or group_by result, in the order the server wrote the keys (select order),
 * completed by keys that only later rows carry.
 */
export function resultColumns(
  records: readonly DatasetRecord[],
  fields: readonly DatasetField[],
): ResultColumn[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const keys = new Set<string>();
  for (const record of records) for (const key of Object.keys(record)) keys.add(key);
  return [...keys].map((key) => {
    const field = byName.get(key);
    const numeric = field ? isNumericField(field) : records.some((r) => typeof r[key] === 'number');
    return field ? { key, field, numeric } : { key, numeric };
  });
}

/** A computed value (an aggregate, an expression) as text. */
export function formatComputed(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Averages and other computed figures: two decimals at most, so a column reads evenly.
  if (typeof value === 'number') return formatFigure(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
