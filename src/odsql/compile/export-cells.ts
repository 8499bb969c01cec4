import type { FieldType } from '../schema';
import type { CompiledQuery } from './query-types';
import { compactParams, type SqlParam, type SqlQuery } from './sql';

/** What the cell SQL needs to know of an export column (the server's ExportColumn has more). */
export interface ExportCellColumn {
  readonly type: FieldType | 'json';
  readonly multivalued?: boolean;
}

/** Binds a value for the query being built and returns its placeholder. */
export type Bind = (value: SqlParam) => string;

/** References to the compiled query's outputs: each column's JSON text, and a record's id and timestamp. */
export interface RowRefs {
  readonly values: readonly string[];
  /** Absent for `group_by` groups and aggregations. */
  readonly id?: string;
  readonly timestamp?: string;
}

/**
 * A query over the export's compiled query whose outputs `build` writes from the compiled outputs
 * (JSON texts): CSV cells, Parquet values, whole JSON lines. `build` binds user values after the
 * compiled query's own. Outputs keep the engine's own names: names and aliases from a request never
 * appear in SQL; writers put them in the file themselves (CSV header, JSON keys bound as values,
 * Parquet columns named through a bound structure, see parquet.ts).
 */
export function cellsQuery(
  compiled: CompiledQuery,
  columns: readonly unknown[],
  build: (refs: RowRefs, bind: Bind) => readonly string[],
): SqlQuery {
  const params: SqlParam[] = [...compiled.page.params];
  const bind: Bind = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  const values = columns.map((_, i) => `"__x${i}"`);
  const records = compiled.kind === 'records';
  const refs: RowRefs = records ? { values, id: '"__xid"', timestamp: '"__xts"' } : { values };
  const aliases = records ? [...values, refs.id!, refs.timestamp!] : values;
  const outputs = build(refs, bind);
  const alias = aliases.length > 0 ? `(${aliases.join(', ')})` : '';
  // A value bound for a column type that turned out not to need it is dropped (DuckDB refuses extras).
  return compactParams(
    `SELECT ${outputs.join(', ') || 'NULL'} FROM (${compiled.page.sql}) AS rows${alias}`,
    params,
  );
}

/**
 * Whether the engine can write the file alone: not when a column is finished in JavaScript after the
 * query (the envelope and bbox aggregations).
 */
export function engineWritable(compiled: CompiledQuery): boolean {
  return compiled.columns.every((c) => c.post === undefined);
}

/** A JSON string's text, other JSON values as written (numbers, booleans, objects). */
function jsonText(ref: string): string {
  return `CASE WHEN json_type(${ref}) = 'VARCHAR' THEN ${ref} ->> '$' ELSE CAST(${ref} AS VARCHAR) END`;
}

/**
 * The text of a value in a CSV cell, as the service writes it: strings unquoted, points as `lat, lon`,
 * shapes as their GeoJSON geometry, multivalued text joined by the list separator.
 */
export function textCell(column: ExportCellColumn, ref: string, listSeparator: string): string {
  if (column.multivalued) return `array_to_string(from_json(${ref}, '["VARCHAR"]'), ${listSeparator})`;
  switch (column.type) {
    case 'int':
    case 'double':
    case 'boolean':
      return ref;
    case 'text':
    case 'date':
    case 'datetime':
      return `(${ref} ->> '$')`;
    case 'geo_point_2d':
      return `((${ref} ->> '$.lat') || ', ' || (${ref} ->> '$.lon'))`;
    case 'geo_shape':
      return `CAST(${ref} -> '$.geometry' AS VARCHAR)`;
    default:
      return jsonText(ref);
  }
}
