import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { quoteIdent } from '../../layout/columns';
import { bindParams } from '../../layout/duckdb-bind';
import { GEOMETRY_SOURCE, SHAPE_COLUMN } from '../../layout/features';
import { type FieldSpec, resolveFields } from '../../layout/fields';
import { type RecordsPlan, recordsCopySql, repeatCountsSql, repeatsTableSql } from '../../layout/records';
import { describeTableSql, jsonReaderSql, sourceColumns, stagingTableSql } from '../../layout/sources';
import { viewSql } from '../../layout/views';
import type { Diagnostic } from '../errors';
import { normalizeGeometry } from '../geo/normalize';
import type { Geometry } from '../geo/types';
import type { DatasetSchema, FieldSchema } from '../schema';
import type { CompileOptions } from './context';
import { duckdbDialect } from './dialects/duckdb';
import { type CompileResult, compileRecordsQuery, type OutputColumn, type RecordsQuery } from './query';
import type { SqlQuery } from './sql';

/*
 * Test support: an in-memory DuckDB whose tables are written the way ingestion writes a dataset (the
 * records layout's own statements, src/layout: the fixture staged as NDJSON in a temporary folder, its
 * fields resolved, its records file written and seen through the dataset view), and a runner that
 * compiles ODSQL parameters, executes the SQL and decodes the JSON columns. The temporary folder is
 * removed by `close`.
 */

/**
 * One fixture record: field name → value as a JSON source holds it (dates as `YYYY-MM-DD`, datetimes as
 * ISO text, points as `{lat, lon}`, multivalued text as lists, shapes as GeoJSON geometries).
 */
export type FixtureRecord = Readonly<Record<string, unknown>>;

export const DEFAULT_OPTIONS: CompileOptions = {
  version: '2.1',
  timezone: 'UTC',
  lang: 'en',
  now: Date.parse('2024-05-15T12:00:00Z'),
  dialect: duckdbDialect,
};

/** data_processed of the fixture: every record's `__timestamp`. */
export const PROCESSED_AT = '2024-01-02T03:04:05.678Z';

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
    /** Where fixtures are staged and records files written. */
    private readonly folder: string,
  ) {}

  static async open(): Promise<TestDb> {
    const instance = await DuckDBInstance.create(':memory:', {
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const connection = await instance.connect();
    for (const statement of duckdbDialect.setupStatements()) await connection.run(statement);
    return new TestDb(instance, connection, mkdtempSync(join(tmpdir(), 'odsql-test-db-')));
  }

  close(): void {
    this.connection.closeSync();
    this.instance.closeSync();
    rmSync(this.folder, { recursive: true, force: true });
  }

  /**
   * Writes `records` as the dataset `table` of `schema`, as ingestion does from a JSON source with the
   * schema's fields declared: staged, typed and written to a records file by the records writer, then
   * seen through the dataset view. Record ids, sizes and search text are the writer's.
   */
  async createTable(table: string, schema: DatasetSchema, records: readonly FixtureRecord[]): Promise<void> {
    const shapes = schema.fields.filter((f) => f.type === 'geo_shape');
    if (shapes.length > 1)
      throw new Error('a fixture holds one geo_shape field at most (one geometry a row)');
    const source = join(this.folder, `${table}.ndjson`);
    writeFileSync(source, records.map((r) => `${JSON.stringify(stagedRow(schema, r))}\n`).join(''));
    const raw = `__stage_${table}_raw`;
    const repeats = `__stage_${table}_repeats`;
    await this.connection.run(stagingTableSql(raw, jsonReaderSql(source, 'ndjson')));
    const columns = sourceColumns((await this.connection.runAndReadAll(describeTableSql(raw))).getRows());
    const withGeometry = records.filter((r) => shapes.some((f) => r[f.name] != null)).length;
    const fields = resolveFields(
      { fields: schema.fields.map(fieldSpec), geoPoint: undefined, join: undefined },
      {
        source: columns,
        join: [],
        features:
          shapes.length > 0 ? { features: records.length, allPoints: false, withGeometry } : undefined,
      },
      (message) => {
        throw new Error(`fixture ${table}: ${message}`);
      },
    );
    const plan: RecordsPlan = {
      source: quoteIdent(raw),
      position: 'rowid',
      joinTable: undefined,
      join: undefined,
      fields,
      nullValues: [],
      timezone: 'UTC',
      processedAt: PROCESSED_AT,
    };
    const file = join(this.folder, `${table}.parquet`);
    await this.connection.run(repeatsTableSql(plan, repeats));
    const counts = (await this.connection.runAndReadAll(repeatCountsSql(repeats))).getRows()[0];
    await this.connection.run(recordsCopySql(plan, repeats, Number(counts?.[1] ?? 0), file));
    await this.connection.run(viewSql(table, file));
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

// ---- Staging a fixture as ingestion stages a source --------------------------------------------------

/**
 * The staged NDJSON row of a record: its fields by name, and a shape as the GeoJSON staging writes a
 * feature's geometry (server/ingest/geojson.ts): JSON text of the GeoJSON and its normalised form.
 */
function stagedRow(schema: DatasetSchema, record: FixtureRecord): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const f of schema.fields) {
    const value = record[f.name] ?? null;
    if (f.type !== 'geo_shape') row[f.name] = value;
    else {
      const g = value as Geometry | null;
      row[SHAPE_COLUMN] = g && JSON.stringify({ geojson: JSON.stringify(g), ...normalizeGeometry(g) });
    }
  }
  return row;
}

/** A schema field declared as a descriptor declares it (a json document is text of the source). */
function fieldSpec(f: FieldSchema): FieldSpec {
  return {
    name: f.name,
    source: f.type === 'geo_shape' ? GEOMETRY_SOURCE : f.name,
    type: f.type === 'json' ? 'text' : f.type,
    label: undefined,
    description: null,
    annotations: f.multivalued ? { multivalued: ',' } : {},
    format: undefined,
  };
}

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
