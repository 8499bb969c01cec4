import {
  DOUBLE,
  type DuckDBConnection,
  DuckDBInstance,
  type DuckDBPreparedStatement,
  LIST,
  listValue,
  VARCHAR,
} from '@duckdb/node-api';
import type { Diagnostic } from '../errors';
import { normalizeGeometry } from '../geo/normalize';
import type { Geometry } from '../geo/types';
import type { DatasetSchema, FieldSchema } from '../schema';
import type { CompileOptions } from './context';
import { duckdbDialect } from './dialects/duckdb';
import { type CompileResult, compileRecordsQuery, type OutputColumn, type RecordsQuery } from './query';
import type { SqlParam, SqlQuery } from './sql';
import {
  columnType,
  GEO_SHAPE_TYPE,
  POSITION_COLUMN,
  quoteIdent,
  RECORD_ID_COLUMN,
  RECORD_SIZE_COLUMN,
  RECORD_TIMESTAMP_COLUMN,
  SEARCH_COLUMN,
  searchColumnSql,
} from './storage';

/*
 * Test support: an in-memory DuckDB holding small tables in the storage layout (see storage.ts), and a
 * runner that compiles ODSQL parameters, executes the SQL and decodes the JSON columns.
 */

/** One fixture record: field name → value (dates as `YYYY-MM-DD`, datetimes as ISO text). */
export type FixtureRecord = Readonly<Record<string, unknown>>;

export const DEFAULT_OPTIONS: CompileOptions = {
  version: '2.1',
  timezone: 'UTC',
  lang: 'en',
  now: Date.parse('2024-05-15T12:00:00Z'),
  dialect: duckdbDialect,
};

export interface QueryOutput {
  readonly rows: Record<string, unknown>[];
  /** total_count, when the query has one. */
  readonly total: number | undefined;
  readonly columns: readonly OutputColumn[];
}

export class TestDb {
  private constructor(
    private readonly instance: DuckDBInstance,
    readonly connection: DuckDBConnection,
  ) {}

  static async open(): Promise<TestDb> {
    const instance = await DuckDBInstance.create(':memory:', {
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const connection = await instance.connect();
    for (const statement of duckdbDialect.setupStatements()) await connection.run(statement);
    return new TestDb(instance, connection);
  }

  close(): void {
    this.connection.closeSync();
    this.instance.closeSync();
  }

  /** Creates `table` with the storage layout of `schema` and fills it with `records`, in order. */
  async createTable(table: string, schema: DatasetSchema, records: readonly FixtureRecord[]): Promise<void> {
    const columns = [
      ...schema.fields.map((f) => `${quoteIdent(f.name)} ${columnType(f)}`),
      `${RECORD_ID_COLUMN} VARCHAR`,
      `${RECORD_TIMESTAMP_COLUMN} TIMESTAMP`,
      `${RECORD_SIZE_COLUMN} INTEGER`,
      `${SEARCH_COLUMN} VARCHAR`,
      `${POSITION_COLUMN} BIGINT`,
    ];
    await this.connection.run(`CREATE OR REPLACE TABLE ${quoteIdent(table)} (${columns.join(', ')})`);
    for (const [pos, record] of records.entries()) {
      const values = [
        ...schema.fields.map((f) => sqlValue(f, record[f.name])),
        sqlString(`id${pos}`),
        "TIMESTAMP '2024-01-02 03:04:05.678'",
        String(100 + pos),
        'NULL',
        String(pos),
      ];
      await this.connection.run(`INSERT INTO ${quoteIdent(table)} VALUES (${values.join(', ')})`);
    }
    await this.connection.run(
      `UPDATE ${quoteIdent(table)} SET ${SEARCH_COLUMN} = ${searchColumnSql(schema.fields)}`,
    );
  }

  /** Runs one compiled SQL query; every column comes back as JavaScript. */
  async execute(query: SqlQuery): Promise<unknown[][]> {
    const prepared = await this.connection.prepare(query.sql);
    bindParams(prepared, query.params);
    const reader = await prepared.runAndReadAll();
    return reader.getRowsJS() as unknown[][];
  }

  /** Compiles and runs the query; fails the test with the diagnostic when it does not compile. */
  async query(
    schema: DatasetSchema,
    query: Omit<RecordsQuery, 'table'> & { table?: string },
    options: Partial<CompileOptions> = {},
  ): Promise<QueryOutput> {
    const result = compileRecordsQuery({ table: 't', ...query }, schema, { ...DEFAULT_OPTIONS, ...options });
    if (!result.ok) throw new Error(`does not compile: ${summarise(result.diagnostics)}`);
    const raw = await this.execute(result.query.page);
    const columns = result.query.columns;
    const rows = raw.map((row) =>
      Object.fromEntries(columns.map((c, i) => [c.key, decodeJson(row[i])] as const)),
    );
    let total: number | undefined;
    if (typeof result.query.count === 'number') {
      total = result.query.count;
    } else if (result.query.count) {
      const counted = await this.execute(result.query.count);
      total = Number(counted[0]?.[0]);
    }
    return { rows, total, columns };
  }
}

/** Compiles without running: for error messages and generated SQL. */
export function compile(
  schema: DatasetSchema,
  query: Omit<RecordsQuery, 'table'> & { table?: string },
  options: Partial<CompileOptions> = {},
): CompileResult {
  return compileRecordsQuery({ table: 't', ...query }, schema, { ...DEFAULT_OPTIONS, ...options });
}

/** The first diagnostic of a query that must not compile. */
export function compileError(
  schema: DatasetSchema,
  query: Omit<RecordsQuery, 'table'>,
  options: Partial<CompileOptions> = {},
): Diagnostic {
  const result = compile(schema, query, options);
  if (result.ok) throw new Error(`compiles: ${result.query.page.sql}`);
  const first = result.diagnostics[0];
  if (!first) throw new Error('no diagnostic');
  return first;
}

function summarise(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map((d) => `${d.clause ?? '?'}: ${d.message}`).join('; ');
}

function decodeJson(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return JSON.parse(String(value));
}

function bindParams(prepared: DuckDBPreparedStatement, params: readonly SqlParam[]): void {
  params.forEach((param, i) => {
    const index = i + 1;
    if (param === null) prepared.bindNull(index);
    else if (typeof param === 'string') prepared.bindVarchar(index, param);
    else if (typeof param === 'boolean') prepared.bindBoolean(index, param);
    else if (typeof param === 'number') {
      if (Number.isSafeInteger(param)) prepared.bindBigInt(index, BigInt(param));
      else prepared.bindDouble(index, param);
    } else if (param.every((item: string | number) => typeof item === 'string')) {
      prepared.bindList(index, listValue([...param]), LIST(VARCHAR));
    } else {
      prepared.bindList(index, listValue([...param]), LIST(DOUBLE));
    }
  });
}

// ---- Literals of fixture values -------------------------------------------------------------------

function sqlString(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

function sqlValue(field: FieldSchema, value: unknown): string {
  if (value === null || value === undefined) return `CAST(NULL AS ${columnType(field)})`;
  switch (field.type) {
    case 'text':
      if (field.multivalued) {
        if (!Array.isArray(value)) throw new Error(`${field.name}: expected a list`);
        return `CAST([${value.map((v) => sqlString(String(v))).join(', ')}] AS VARCHAR[])`;
      }
      return sqlString(String(value));
    case 'json':
      return sqlString(String(value));
    case 'int':
    case 'double':
      return `CAST(${Number(value)} AS ${columnType(field)})`;
    case 'boolean':
      return value === true ? 'true' : 'false';
    case 'date':
      return `DATE ${sqlString(String(value))}`;
    case 'datetime':
      return `CAST(TIMESTAMPTZ ${sqlString(String(value))} AS ${columnType(field)})`;
    case 'geo_point_2d': {
      const p = value as { lat: number; lon: number };
      return `{'lat': CAST(${p.lat} AS DOUBLE), 'lon': CAST(${p.lon} AS DOUBLE)}`;
    }
    case 'geo_shape': {
      const g = value as Geometry;
      const json = JSON.stringify({ geojson: JSON.stringify(g), ...normalizeGeometry(g) });
      return `CAST(from_json(${sqlString(json)}, ${sqlString(shapeStructure())}) AS ${GEO_SHAPE_TYPE})`;
    }
  }
}

function shapeStructure(): string {
  return JSON.stringify({
    geojson: 'VARCHAR',
    minx: 'DOUBLE',
    miny: 'DOUBLE',
    maxx: 'DOUBLE',
    maxy: 'DOUBLE',
    pts: 'DOUBLE[][]',
    lines: 'DOUBLE[][][]',
    areas: 'DOUBLE[][][][]',
  });
}

/** The search column as ingestion computes it: normalised text fields joined by spaces. */
// ---- The shared fixture ---------------------------------------------------------------------------

export const FIXTURE_SCHEMA: DatasetSchema = {
  fields: [
    { name: 'name', type: 'text' },
    { name: 'code', type: 'text' },
    { name: 'tags', type: 'text', multivalued: true },
    { name: 'n', type: 'int' },
    { name: 'x', type: 'double' },
    { name: 'flag', type: 'boolean' },
    { name: 'd', type: 'date' },
    { name: 'dt', type: 'datetime' },
    { name: 'geo', type: 'geo_point_2d' },
    { name: 'shape', type: 'geo_shape' },
    { name: 'payload', type: 'text' },
  ],
};

const square = (x0: number, y0: number, x1: number, y1: number): Geometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
      [x0, y0],
    ],
  ],
});

/**
 * Eight records chosen for the semantics tests (a multivalued field without values is null, as
 * ingestion stores it). Record `name`s are unique, so tests compare lists of
 * names. Datetimes sit next to midnight so that Europe/Paris and UTC disagree on their day.
 */
export const FIXTURE_RECORDS: readonly FixtureRecord[] = [
  {
    name: 'Paris Tour Eiffel',
    code: 'FR',
    tags: ['red', 'blue'],
    n: 12,
    x: 2.5,
    flag: true,
    d: '2020-03-04',
    dt: '2020-03-04T23:30:00Z',
    geo: { lat: 48.8584, lon: 2.2945 },
    shape: square(2, 48, 3, 49),
    payload: '{"a": [1, 2]}',
  },
  {
    name: 'Lyon Part-Dieu',
    code: 'fr',
    tags: ['red'],
    n: 30,
    x: null,
    flag: false,
    d: '2021-07-14',
    dt: '2021-07-14T10:00:00Z',
    geo: { lat: 45.7606, lon: 4.8593 },
    shape: square(4, 45, 5, 46),
    payload: 'not json',
  },
  {
    name: 'Évry Cathédrale',
    code: 'FR ',
    tags: null,
    n: null,
    x: 7.25,
    flag: null,
    d: null,
    dt: null,
    geo: null,
    shape: null,
    payload: null,
  },
  {
    name: 'Bibliothèque de la Cité',
    code: 'BE',
    tags: ['green'],
    n: 0,
    x: -1.5,
    flag: true,
    d: '2019-12-31',
    dt: '2019-12-31T23:30:00Z',
    geo: { lat: 43.6045, lon: 1.444 },
    shape: {
      type: 'LineString',
      coordinates: [
        [1, 43],
        [2, 44],
      ],
    },
    payload: '[1, 2, 3]',
  },
  {
    name: 'The Secret Garden',
    code: 'UK',
    tags: ['green', 'red'],
    n: 45,
    x: 100,
    flag: false,
    d: '2020-01-01',
    dt: '2020-01-01T00:00:00Z',
    geo: { lat: 48.85, lon: 2.35 },
    shape: { type: 'Point', coordinates: [2.5, 48.5] },
    payload: '"text"',
  },
  {
    name: 'Book of Secrets',
    code: 'US',
    tags: ['blue'],
    n: 15,
    x: 0,
    flag: true,
    d: '2020-02-29',
    dt: '2020-02-29T12:00:00Z',
    geo: { lat: 40.7128, lon: -74.006 },
    shape: square(-75, 40, -73, 41),
    payload: null,
  },
  {
    name: 'secret',
    code: 'SECRET',
    tags: null,
    n: 14,
    x: 3.5,
    flag: false,
    d: '2022-06-15',
    dt: '2022-06-15T08:15:30Z',
    geo: { lat: 48.86, lon: 2.36 },
    shape: square(2.2, 48.2, 2.8, 48.8),
    payload: '{}',
  },
  {
    name: 'Marseille Vieux-Port',
    code: 'FR',
    tags: ['blue', 'green'],
    n: 29,
    x: 12.75,
    flag: true,
    d: '2020-03-05',
    dt: '2020-03-05T05:00:00Z',
    geo: { lat: 43.2951, lon: 5.3745 },
    shape: square(5, 43, 6, 44),
    payload: null,
  },
];

/** Opens a database with the fixture as table `t`. */
export async function openFixture(): Promise<TestDb> {
  const db = await TestDb.open();
  await db.createTable('t', FIXTURE_SCHEMA, FIXTURE_RECORDS);
  return db;
}

/** The `name`s of the rows, in order. */
export function names(output: QueryOutput): unknown[] {
  return output.rows.map((r) => r.name);
}

/** Names of the fixture records matching `where` (one clause or several AND-ed), in source order. */
export async function namesWhere(
  db: TestDb,
  where: string | readonly string[],
  options: Partial<CompileOptions> = {},
): Promise<unknown[]> {
  const clauses = typeof where === 'string' ? [where] : where;
  return names(await db.query(FIXTURE_SCHEMA, { select: 'name', where: clauses }, options));
}
