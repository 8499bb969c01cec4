import {
  POSITION_COLUMN,
  quoteIdent as quoteDuckIdent,
  RECORD_ID_COLUMN,
  RECORD_SIZE_COLUMN,
  RECORD_TIMESTAMP_COLUMN,
  SEARCH_COLUMN,
  searchSqlExpression,
} from '../../../layout/columns';
import type { DatasetSchema, FieldSchema } from '../../../odsql';
import { quoteIdentifier } from './literal';

/*
 * How a dataset's records are laid out in ClickHouse, beside DuckDB's layout (layout/columns.ts):
 * the same record ids, positions and values, in the types ClickHouse 18.16 has. A field may take
 * several columns; the extra ones are named `<field>@<part>` (a dot would make ClickHouse take arrays
 * for Nested sub-columns of equal length):
 *
 *   text           `f` Nullable(String)                 multivalued: `f` Array(Nullable(String)), [] for none
 *                  `f@norm` Nullable(String)            ` tok1 tok2 `, the search normalisation (multivalued:
 *                                                       Array(String), one per value), for `like`
 *   int            `f` Nullable(Int64)
 *   double         `f` Nullable(Float64)
 *   boolean        `f` Nullable(UInt8)                  1 / 0
 *   date           `f` Nullable(Date)                   for date functions; null outside 1970-01-01..2105-12-31
 *                  `f@days` Nullable(Int32)             days since 1970-01-01, exact for any date: compare, sort
 *   datetime       `f` Nullable(DateTime('UTC'))        for wall clocks; whole seconds, null outside 1970..2105
 *                  `f@ms` Nullable(Int64)               epoch milliseconds, exact: compare, sort, render
 *   geo_point_2d   `f@lat`, `f@lon` Nullable(Float64)
 *   geo_shape      `f@geojson` Nullable(String), `f@minx` `f@miny` `f@maxx` `f@maxy` Nullable(Float64),
 *                  `f@pts` Array(Array(Float64)), `f@lines` Array(Array(Array(Float64))),
 *                  `f@areas` Array(Array(Array(Array(Float64))))   (as geo/normalize makes them)
 *   json           `f` Nullable(String)
 *
 * Technical columns: `__id` String (sharding key), `__timestamp` DateTime('UTC') with `__timestamp@ms`,
 * `__size` UInt32, `__search` String, `__pos` Int64 (the MergeTree order: records in source order).
 */

/** 18.16's Date and DateTime ranges: values outside them keep only their exact `@days` / `@ms` column. */
const DATE_RANGE = ["DATE '1970-01-01'", "DATE '2105-12-31'"] as const;
const DATETIME_RANGE = ["TIMESTAMP '1970-01-01 00:00:00'", "TIMESTAMP '2106-01-01 00:00:00'"] as const;

export interface ClickHouseColumn {
  /** Column name in ClickHouse (unquoted). */
  readonly name: string;
  readonly type: string;
  /** DuckDB expression over the Parquet file giving the column's value (Date: day number; DateTime: epoch seconds). */
  readonly duckdb: string;
  /** `hex64`: `duckdb` gives a UBIGINT whose 16 hex digits are the value (native.ts). */
  readonly encoding?: 'hex64';
}

function inRange(expr: string, [low, high]: readonly [string, string], value: string): string {
  return `CASE WHEN ${expr} >= ${low} AND ${expr} <= ${high} THEN ${value} END`;
}

/** ` tok1 tok2 ` of a VARCHAR expression (empty text: a single space). */
function tokens(expr: string): string {
  return `(' ' || ${searchSqlExpression(`coalesce(${expr}, '')`)} || ' ')`;
}

function fieldColumns(field: FieldSchema): ClickHouseColumn[] {
  const f = field.name;
  const d = quoteDuckIdent(f);
  const part = (name: string, type: string, duckdb: string): ClickHouseColumn => ({
    name: `${f}@${name}`,
    type,
    duckdb,
  });
  switch (field.type) {
    case 'text':
      // `@norm`: the search normalisation of DuckDB (lower case, no accents, ` tok1 tok2 `), computed at
      // ingestion: 18.16 has no accent stripping, and `like` must match the same tokens on both engines.
      return field.multivalued
        ? [
            { name: f, type: 'Array(Nullable(String))', duckdb: `coalesce(${d}, [])` },
            part('norm', 'Array(String)', `list_transform(coalesce(${d}, []), v -> ${tokens('v')})`),
          ]
        : [
            { name: f, type: 'Nullable(String)', duckdb: d },
            part('norm', 'Nullable(String)', `CASE WHEN ${d} IS NOT NULL THEN ${tokens(d)} END`),
          ];
    case 'int':
      return [{ name: f, type: 'Nullable(Int64)', duckdb: d }];
    case 'double':
      // JSON has no NaN or infinities: DuckDB writes them as text, which ClickHouse reads back.
      return [{ name: f, type: 'Nullable(Float64)', duckdb: d }];
    case 'boolean':
      return [{ name: f, type: 'Nullable(UInt8)', duckdb: `${d}::UTINYINT` }];
    case 'date':
      return [
        {
          name: f,
          type: 'Nullable(Date)',
          duckdb: inRange(d, DATE_RANGE, `(${d} - DATE '1970-01-01')::INTEGER`),
        },
        part('days', 'Nullable(Int32)', `(${d} - DATE '1970-01-01')::INTEGER`),
      ];
    case 'datetime':
      return [
        {
          name: f,
          type: "Nullable(DateTime('UTC'))",
          duckdb: inRange(d, DATETIME_RANGE, `epoch_ms(${d}) // 1000`),
        },
        part('ms', 'Nullable(Int64)', `epoch_ms(${d})`),
      ];
    case 'geo_point_2d':
      return [part('lat', 'Nullable(Float64)', `${d}.lat`), part('lon', 'Nullable(Float64)', `${d}.lon`)];
    case 'geo_shape':
      return [
        part('geojson', 'Nullable(String)', `${d}.geojson`),
        ...(['minx', 'miny', 'maxx', 'maxy'] as const).map((m) => part(m, 'Nullable(Float64)', `${d}.${m}`)),
        part('pts', 'Array(Array(Float64))', `coalesce(${d}.pts, [])`),
        part('lines', 'Array(Array(Array(Float64)))', `coalesce(${d}.lines, [])`),
        part('areas', 'Array(Array(Array(Array(Float64))))', `coalesce(${d}.areas, [])`),
      ];
    case 'json':
      return [{ name: f, type: 'Nullable(String)', duckdb: d }];
  }
}

function technicalColumns(): ClickHouseColumn[] {
  const t = quoteDuckIdent(RECORD_TIMESTAMP_COLUMN);
  return [
    // The served id (16 hex digits of the stored 64-bit content hash), so both engines answer the same
    // ids: as layout/views.ts's RECORD_ID_TEXT formats them, written from the number at ingestion (native.ts).
    { name: RECORD_ID_COLUMN, type: 'String', duckdb: quoteDuckIdent(RECORD_ID_COLUMN), encoding: 'hex64' },
    {
      name: RECORD_TIMESTAMP_COLUMN,
      type: "DateTime('UTC')",
      duckdb: `epoch_ms(${t}) // 1000`,
    },
    { name: `${RECORD_TIMESTAMP_COLUMN}@ms`, type: 'Int64', duckdb: `epoch_ms(${t})` },
    { name: RECORD_SIZE_COLUMN, type: 'UInt32', duckdb: quoteDuckIdent(RECORD_SIZE_COLUMN) },
    { name: SEARCH_COLUMN, type: 'String', duckdb: quoteDuckIdent(SEARCH_COLUMN) },
    { name: POSITION_COLUMN, type: 'Int64', duckdb: quoteDuckIdent(POSITION_COLUMN) },
  ];
}

/** A field whose columns would take a name already taken: the dataset cannot be laid out. */
export class LayoutError extends Error {}

/** The ClickHouse columns of a dataset, fields first, in schema order, then the technical columns. */
export function clickhouseColumns(schema: DatasetSchema): ClickHouseColumn[] {
  const columns = [...schema.fields.flatMap(fieldColumns), ...technicalColumns()];
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c.name)) throw new LayoutError(`Two columns would be named ${JSON.stringify(c.name)}`);
    seen.add(c.name);
  }
  return columns;
}

/** The column list of a CREATE TABLE. */
export function columnDefinitions(columns: readonly ClickHouseColumn[]): string {
  return columns.map((c) => `${quoteIdentifier(c.name)} ${c.type}`).join(', ');
}

/**
 * The column of a field in ClickHouse, checked against the schema: the only way the dialect names one.
 * `part` picks an extra column (`days`, `ms`, `lat`, …). Undefined when the schema has no such field.
 */
export function fieldColumn(schema: DatasetSchema, name: string, part?: string): string | undefined {
  const field = schema.fields.find((f) => f.name === name);
  if (!field) return undefined;
  const column = part === undefined ? field.name : `${field.name}@${part}`;
  return fieldColumns(field).some((c) => c.name === column) ? quoteIdentifier(column) : undefined;
}
