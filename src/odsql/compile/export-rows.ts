import type { FieldType } from '../schema';
import type { Bind, RowRefs } from './export-cells';

/*
 * SQL of whole export rows built from the compiled outputs (see export-cells.ts): JSON lines (v2.1 flat,
 * v2.0 records) and Parquet rows. Names and keys from a request are bound as values, never SQL text.
 */

/** What the row SQL needs to know of an export column (the server's ExportColumn has more). */
export interface ExportRowColumn {
  readonly name: string;
  readonly type: FieldType | 'json';
  readonly multivalued?: boolean;
}

/** v2.1: a flat object like a `results` item, nulls included. */
export function flatLineSql(columns: readonly ExportRowColumn[], refs: RowRefs, bind: Bind): string {
  const parts = columns.map(
    (c, i) =>
      `${bind(`${i === 0 ? '{' : ','}${JSON.stringify(c.name)}:`)}, coalesce(${refs.values[i]}, 'null')`,
  );
  return parts.length === 0 ? `'{}'` : `concat(${parts.join(', ')}, '}')`;
}

/** The first geo column gives a v2.0 record its `geometry`. */
function geometryColumn(columns: readonly ExportRowColumn[]): number {
  return columns.findIndex((c) => c.type === 'geo_point_2d' || c.type === 'geo_shape');
}

/** v2.0: `{datasetid, recordid, fields, geometry, record_timestamp}`, null fields left out. */
export function recordLineSql(
  columns: readonly ExportRowColumn[],
  refs: RowRefs,
  bind: Bind,
  datasetId: string,
): string {
  if (refs.id === undefined) return flatLineSql(columns, refs, bind);
  const fields = columns.map(
    (c, i) =>
      `CASE WHEN ${refs.values[i]} IS NOT NULL THEN ${bind(`${JSON.stringify(c.name)}:`)} || ${refs.values[i]} END`,
  );
  const g = geometryColumn(columns);
  let geometry = `''`;
  if (g >= 0) {
    const ref = refs.values[g]!;
    const value =
      columns[g]!.type === 'geo_point_2d'
        ? `'{"type":"Point","coordinates":[' || (${ref} ->> '$.lon') || ',' || (${ref} ->> '$.lat') || ']}'`
        : `CAST(${ref} -> '$.geometry' AS VARCHAR)`;
    geometry = `coalesce(',"geometry":' || ${value}, '')`;
  }
  return `concat(${bind(`{"datasetid":${JSON.stringify(datasetId)},"recordid":`)}, to_json(${refs.id}), ',"fields":{', ${
    fields.length > 0 ? `concat_ws(',', ${fields.join(', ')})` : `''`
  }, '}', ${geometry}, ',"record_timestamp":', to_json(${refs.timestamp}), '}')`;
}

/** The JSON type name `from_json` reads a column's value as (the Parquet column's type). */
function structureType(column: ExportRowColumn): unknown {
  if (column.multivalued) return ['VARCHAR'];
  switch (column.type) {
    case 'int':
      return 'BIGINT';
    case 'double':
      return 'DOUBLE';
    case 'boolean':
      return 'BOOLEAN';
    case 'date':
      return 'DATE';
    case 'datetime':
      return 'TIMESTAMPTZ';
    case 'geo_point_2d':
      return { lon: 'DOUBLE', lat: 'DOUBLE' };
    default:
      return 'VARCHAR';
  }
}

/** A column's value in the row object: the compiled JSON text, or a shape's geometry as a JSON string. */
function objectValue(column: ExportRowColumn, ref: string): string {
  if (column.type === 'geo_shape' && !column.multivalued) {
    return `to_json(CAST(${ref} -> '$.geometry' AS VARCHAR))`;
  }
  return `coalesce(${ref}, 'null')`;
}

/**
 * A Parquet export's typed row, columns named by `names` (the export's headers) without putting them
 * in SQL: the row becomes a JSON object whose keys are bound values, read back by `from_json` with a
 * bound structure ({header: type}) into a struct, which `unnest` spreads into named, typed columns.
 */
export function parquetRowSql(
  columns: readonly ExportRowColumn[],
  names: readonly string[],
  refs: RowRefs,
  bind: Bind,
): string {
  const structure: Record<string, unknown> = {};
  columns.forEach((c, i) => {
    structure[names[i]!] = structureType(c);
  });
  const parts = columns.map(
    (c, i) =>
      `${bind(`${i === 0 ? '{' : ','}${JSON.stringify(names[i])}:`)}, ${objectValue(c, refs.values[i]!)}`,
  );
  const object = parts.length === 0 ? `'{}'` : `concat(${parts.join(', ')}, '}')`;
  return `unnest(from_json(${object}, ${bind(JSON.stringify(structure))}))`;
}
