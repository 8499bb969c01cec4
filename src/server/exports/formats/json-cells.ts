import type { ExportCellColumn } from '../../../odsql';
import { geometryText } from './csv-text';

/*
 * CSV cells from the JSON texts a compiled query yields, in the server: what DuckDB's `textCell` SQL
 * does (odsql/compile/dialects/duckdb-exports.ts), for an engine that builds no cells itself. Numbers
 * keep their digits; doubles are written as DuckDB writes them, so that both engines give one file.
 */

/**
 * A double as DuckDB's JSON writes it: the shortest digits that read back to it (as JavaScript's), a
 * decimal point in whole numbers (`-50.0`) and exponents without `+` (`1e21`).
 */
export function doubleText(x: number): string {
  if (Object.is(x, -0)) return '-0.0';
  const text = String(x);
  if (/^-?\d+$/.test(text)) return `${text}.0`;
  return text.replace('e+', 'e');
}

/** JSON text of a number, in DuckDB's form for doubles (another engine may write `-50` or `1e+21`). */
const numberText = (json: string): string => doubleText(Number(json));

/** The text of a value in a CSV cell (see `textCell`); null for no value. */
export function cellOfJson(column: ExportCellColumn, json: unknown, listSeparator: string): string | null {
  if (json === null || json === undefined) return null;
  const text = String(json);
  if (column.multivalued) {
    // DuckDB's array_to_string leaves out null elements.
    return (JSON.parse(text) as (string | null)[]).filter((v) => v !== null).join(listSeparator);
  }
  switch (column.type) {
    case 'int':
    case 'boolean':
      return text;
    case 'double':
      return numberText(text);
    case 'text':
    case 'date':
    case 'datetime':
      return JSON.parse(text) as string;
    case 'geo_point_2d': {
      const p = JSON.parse(text) as { lat: number; lon: number };
      return `${doubleText(p.lat)}, ${doubleText(p.lon)}`;
    }
    case 'geo_shape':
      return geometryText((JSON.parse(text) as { geometry: unknown }).geometry);
    default: {
      // An expression: a string's text, any other JSON value as written.
      const value: unknown = JSON.parse(text);
      return typeof value === 'string' ? value : text;
    }
  }
}
