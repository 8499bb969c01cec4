import type {
  Bind,
  ExportCellColumn,
  ExportedQuery,
  ExportRowColumn,
  ExportSql,
  RowRefs,
} from '../export-sql';
import { compactParams, type SqlParam, type SqlQuery } from '../sql';

/*
 * DuckDB's export SQL (see export-sql.ts): CSV cells and JSON lines written by `COPY … TO` through a
 * pipe, Parquet rows by `COPY … (FORMAT parquet)`, all built from the compiled query's JSON texts with
 * DuckDB's JSON functions (`->>`, `from_json`, `to_json`). Names and keys from a request are bound as
 * values, never SQL text.
 */

/**
 * A query over the export's compiled query whose outputs `build` writes from the compiled outputs
 * (JSON texts): CSV cells, Parquet values, whole JSON lines. `build` binds user values after the
 * compiled query's own. Outputs keep the engine's own names: names and aliases from a request never
 * appear in SQL; writers put them in the file themselves (CSV header, JSON keys bound as values,
 * Parquet columns named through a bound structure, see parquet.ts).
 */
function cellsQuery(
  compiled: ExportedQuery,
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

/** A JSON string's text, other JSON values as written (numbers, booleans, objects). */
function jsonText(ref: string): string {
  return `CASE WHEN json_type(${ref}) = 'VARCHAR' THEN ${ref} ->> '$' ELSE CAST(${ref} AS VARCHAR) END`;
}

/**
 * The text of a value in a CSV cell, as the service writes it: strings unquoted, points as `lat, lon`,
 * shapes as their GeoJSON geometry, multivalued text joined by the list separator.
 */
function textCell(column: ExportCellColumn, ref: string, listSeparator: string): string {
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
      return geometryCell(`(${ref} -> '$.geometry')`);
    default:
      return jsonText(ref);
  }
}

/**
 * A geometry as the service writes it in a cell: Python's JSON, coordinates before type, `", "` and
 * `": "` between items (`{"coordinates": [-123.06, 49.27], "type": "Point"}`). Coordinates hold only
 * numbers, so their commas are respaced as text; a collection (no coordinates) is respaced whole, its
 * only strings being type names.
 */
function geometryCell(geometry: string): string {
  const spaced = (json: string) => `replace(replace(${json}, ',', ', '), ':', ': ')`;
  return `CASE WHEN json_exists(${geometry}, '$.coordinates') THEN '{"coordinates": ' || replace(CAST(${geometry} -> '$.coordinates' AS VARCHAR), ',', ', ') || ', "type": ' || CAST(${geometry} -> '$.type' AS VARCHAR) || '}' ELSE ${spaced(`CAST(${geometry} AS VARCHAR)`)} END`;
}

/**
 * v2.1: a flat object like a `results` item, nulls included, spaced as the service writes JSON
 * (`{"genus_name": null, "count": 41}`, conformance capture 04). Points and shapes are respaced too:
 * their only strings are keys and type names.
 */
function flatLineSql(columns: readonly ExportRowColumn[], refs: RowRefs, bind: Bind): string {
  const parts = columns.map((c, i) => {
    const ref = refs.values[i]!;
    const value =
      (c.type === 'geo_point_2d' || c.type === 'geo_shape') && !c.multivalued
        ? `replace(replace(${ref}, ',', ', '), ':', ': ')`
        : ref;
    return `${bind(`${i === 0 ? '{' : ', '}${JSON.stringify(c.name)}: `)}, coalesce(${value}, 'null')`;
  });
  return parts.length === 0 ? `'{}'` : `concat(${parts.join(', ')}, '}')`;
}

/** The first geo column gives a v2.0 record its `geometry`. */
function geometryColumn(columns: readonly ExportRowColumn[]): number {
  return columns.findIndex((c) => c.type === 'geo_point_2d' || c.type === 'geo_shape');
}

/** v2.0: `{datasetid, recordid, fields, geometry, record_timestamp}`, null fields left out. */
function recordLineSql(
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
    // No shape: null (concat would drop a NULL and leave `"key":,`).
    return `coalesce(to_json(CAST(${ref} -> '$.geometry' AS VARCHAR)), 'null')`;
  }
  return `coalesce(${ref}, 'null')`;
}

/**
 * A Parquet export's typed row, columns named by `names` (the export's headers) without putting them
 * in SQL: the row becomes a JSON object whose keys are bound values, read back by `from_json` with a
 * bound structure ({header: type}) into a struct, which `unnest` spreads into named, typed columns.
 */
function parquetRowSql(
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

/** CSV cells as the service writes them: doubled quotes, CRLF lines, no header. */
function csvCopyOptions(csv: { readonly delimiter: string; readonly quoteAll: boolean }): string {
  return [
    'FORMAT csv',
    'HEADER false',
    `DELIMITER '${csv.delimiter.replaceAll("'", "''")}'`,
    `QUOTE '"'`,
    `ESCAPE '"'`,
    `NEW_LINE '\r\n'`,
    ...(csv.quoteAll ? ['FORCE_QUOTE *'] : []),
  ].join(', ');
}

export const duckdbExportSql: ExportSql = {
  cellsQuery,
  textCell,
  csvCopyOptions,
  // One unquoted column a line: JSON text holds no raw control character, so lines pass unchanged.
  linesCopyOptions: () => `FORMAT csv, HEADER false, QUOTE '', ESCAPE '', DELIMITER '\t', NEW_LINE '\n'`,
  parquetCopyOptions: (compression) => `FORMAT parquet, COMPRESSION ${compression}`,
  flatLine: flatLineSql,
  recordLine: recordLineSql,
  parquetRow: parquetRowSql,
};
