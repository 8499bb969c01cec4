import { createHash } from 'node:crypto';
import { DuckDBInstance } from '@duckdb/node-api';
import { POSITION_COLUMN, quoteIdent as quoteDuckIdent, RECORD_ID_COLUMN } from '../../../layout/columns';
import { sqlString } from '../../../layout/sql';
import { clickhouseDialect, LANGS, type Lang } from '../../../odsql';
import type { PublishedRow } from '../../backend/catalog';
import {
  CATALOG_SCHEMA,
  DIGEST_COLUMN,
  LANG_COLUMN,
  LANGUAGES_COLUMN,
  RESTRICTED_COLUMN,
  SCHEMA_COLUMN,
  TRANSLATIONS_COLUMN,
} from '../../backend/catalog-layout';
import { readableOf } from './body';
import { type ClickHouseColumn, clickhouseColumns, columnDefinitions } from './columns';
import { CH, chLiteral, quoteIdentifier, quoteString } from './literal';
import { duckdbTypeOfColumn, nativeBlocks } from './native';
import { type ClickHouseTarget, createShardedTable, onEveryNode, qualified, SYNC_INSERT } from './target';

/*
 * The catalog kept in the cluster: a row per dataset and language (backend/catalog-rows.ts), laid out
 * like a dataset's records (columns.ts) so that the compiler's ClickHouse SQL runs on it as on records,
 * plus the stored schema of the dataset's records, its translations and a digest of the dataset.
 *
 * Every server publishes the rows of the datasets it serves from its data folder, each a new version of
 * its dataset's rows (`__at`, milliseconds), and a removed dataset, or a translation no longer given, as
 * a row marked `__removed`. The table is a ReplacingMergeTree on `__id` (the dataset id) and `__lang`,
 * sharded by `__id`, so all versions of a dataset's rows are on one shard and `FINAL` keeps the latest,
 * whatever the merges did: the catalog is the union of what the servers published, the last
 * publication of each dataset winning (as for its records in `explore_live`).
 *
 * Queries read views, created on every node (a server may reach the cluster through any of them): the
 * catalog view (the latest rows not removed, each given its position in dataset id order, which the
 * compiler sorts on by default), a view per set of granted datasets (auth/policy.ts), and a view of
 * each of those with the usage counts (state.ts `explore_usage`) joined. Views are named by what they
 * select (the layout's digest, the granted ids' digest), so a server creates those it needs when
 * missing and never drops one that another server may read.
 */

const REMOVED_COLUMN = '__removed';
const AT_COLUMN = '__at';

/** Columns the catalog's queries read: the catalog fields, the technical columns but the position. */
function servedColumns(): ClickHouseColumn[] {
  return [
    ...clickhouseColumns(CATALOG_SCHEMA)
      .filter((c) => c.name !== POSITION_COLUMN)
      // The catalog's record id is the dataset id itself (text), not a records table's 64-bit hash.
      .map((c) => (c.name === RECORD_ID_COLUMN ? { name: c.name, type: 'String', duckdb: c.duckdb } : c)),
    {
      name: RESTRICTED_COLUMN,
      type: 'UInt8',
      duckdb: `${quoteDuckIdent(RESTRICTED_COLUMN)}::UTINYINT`,
    },
    { name: LANG_COLUMN, type: 'String', duckdb: quoteDuckIdent(LANG_COLUMN) },
    { name: LANGUAGES_COLUMN, type: 'Array(String)', duckdb: quoteDuckIdent(LANGUAGES_COLUMN) },
  ];
}

/** Every column of the cluster's table, in table order. */
function tableColumns(at: number): ClickHouseColumn[] {
  return [
    ...servedColumns(),
    { name: SCHEMA_COLUMN, type: 'String', duckdb: quoteDuckIdent(SCHEMA_COLUMN) },
    { name: DIGEST_COLUMN, type: 'String', duckdb: quoteDuckIdent(DIGEST_COLUMN) },
    {
      name: TRANSLATIONS_COLUMN,
      type: 'String',
      duckdb: `coalesce(${quoteDuckIdent(TRANSLATIONS_COLUMN)}, '')`,
    },
    { name: REMOVED_COLUMN, type: 'UInt8', duckdb: '0::UTINYINT' },
    { name: AT_COLUMN, type: 'Int64', duckdb: `${Math.trunc(at)}::BIGINT` },
  ];
}

const columnList = (columns: readonly ClickHouseColumn[]): string =>
  columns.map((c) => quoteIdentifier(c.name)).join(', ');

/** The base view's statement over `table` (both qualified). */
function catalogViewSql(view: string, table: string): string {
  const columns = columnList(servedColumns());
  // Positions number the rows once sorted: the subquery's sorted stream is read by one thread.
  return `CREATE VIEW IF NOT EXISTS ${view} AS SELECT ${columns}, toInt64(rowNumberInAllBlocks()) AS ${quoteIdentifier(POSITION_COLUMN)}
FROM (SELECT ${columns} FROM ${table} FINAL WHERE ${quoteIdentifier(REMOVED_COLUMN)} = 0 ORDER BY ${quoteIdentifier(RECORD_ID_COLUMN)}, ${quoteIdentifier(LANG_COLUMN)})`;
}

let names: { readonly table: string; readonly view: string } | undefined;

/**
 * Names of the catalog's table and base view: both carry a digest of their layout, so that a server
 * whose catalog layout differs (another release) publishes into a table of its own.
 */
export function catalogNames(): { readonly table: string; readonly view: string } {
  if (!names) {
    const layout = createHash('sha1')
      .update(columnDefinitions(tableColumns(0)))
      .update(catalogViewSql('v', 't'))
      .digest('hex')
      .slice(0, 12);
    names = { table: `explore_catalog_${layout}`, view: `explore_catalog_${layout}_all` };
  }
  return names;
}

/** Creates a view on every node unless it exists (another server may be creating it at the same time). */
async function ensureView(target: ClickHouseTarget, name: string, statement: string): Promise<void> {
  try {
    await onEveryNode(target, statement);
  } catch (error) {
    const exists = await Promise.all(
      target.nodes.map((node) =>
        node.query(
          `SELECT count() FROM system.tables WHERE database = ${quoteString(target.database)} AND name = ${quoteString(name)}`,
        ),
      ),
    );
    if (exists.some((r) => Number(r.rows[0]![0]) === 0)) throw error;
  }
}

/** Creates the catalog's table and its base view where missing. */
export async function ensureCatalogTable(target: ClickHouseTarget): Promise<void> {
  const { table, view } = catalogNames();
  await createShardedTable(
    target,
    table,
    columnDefinitions(tableColumns(0)),
    `ReplacingMergeTree(${quoteIdentifier(AT_COLUMN)}) ORDER BY (${quoteIdentifier(RECORD_ID_COLUMN)}, ${quoteIdentifier(LANG_COLUMN)})`,
    `cityHash64(${quoteIdentifier(RECORD_ID_COLUMN)})`,
  );
  await ensureView(target, view, catalogViewSql(qualified(target, view), qualified(target, table)));
}

/**
 * Publishes the rows of `ids` from a saved catalog table (a Parquet file of engine/duckdb/catalog-table.ts),
 * and marks `removed` as removed, all at time `at`: with them, the rows of languages a published dataset
 * is no longer translated into. DuckDB reads the file (the search tokens were made by DuckDB) and its
 * columns go to the cluster in the Native format, through the Distributed table.
 */
export async function publishCatalogRows(
  target: ClickHouseTarget,
  file: string,
  ids: readonly string[],
  removed: readonly string[],
  at: number,
): Promise<void> {
  const table = qualified(target, catalogNames().table);
  const markers: [id: string, lang: string][] = removed.flatMap((id) =>
    ['', ...LANGS].map((lang): [string, string] => [id, lang]),
  );
  if (ids.length > 0) {
    const columns = tableColumns(at);
    const instance = await DuckDBInstance.create(':memory:', {
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
      threads: '1',
    });
    try {
      const connection = await instance.connect();
      try {
        const selected = `FROM read_parquet(${sqlString(file)}) WHERE ${quoteDuckIdent(RECORD_ID_COLUMN)} IN (${ids.map(sqlString).join(', ')})`;
        const present = await connection.runAndReadAll(
          `SELECT ${quoteDuckIdent(RECORD_ID_COLUMN)}, ${quoteDuckIdent(LANG_COLUMN)} ${selected}`,
        );
        const rows = new Set(present.getRows().map(([id, lang]) => `${String(id)}\n${String(lang)}`));
        for (const id of ids) {
          for (const lang of LANGS) if (!rows.has(`${id}\n${lang}`)) markers.push([id, lang]);
        }
        const select = columns
          .map((c) => `CAST(${c.duckdb} AS ${duckdbTypeOfColumn(c)}) AS ${quoteDuckIdent(c.name)}`)
          .join(', ');
        const result = await connection.stream(`SELECT ${select} ${selected}`);
        await target.client.insert(table, 'Native', readableOf(nativeBlocks(columns, result)), {
          settings: SYNC_INSERT,
        });
      } finally {
        connection.closeSync();
      }
    } finally {
      instance.closeSync();
    }
  }
  if (markers.length > 0) {
    const rows = markers.map(
      ([id, lang]) =>
        `(${chLiteral(id, CH.string)}, ${chLiteral(lang, CH.string)}, 1, ${chLiteral(Math.trunc(at), CH.int64)})`,
    );
    const q = quoteIdentifier;
    await target.client.execute(
      `INSERT INTO ${table} (${q(RECORD_ID_COLUMN)}, ${q(LANG_COLUMN)}, ${q(REMOVED_COLUMN)}, ${q(AT_COLUMN)}) VALUES ${rows.join(', ')}`,
      { settings: SYNC_INSERT },
    );
  }
}

/** The digest of every dataset's latest rows, removed ones left out. */
export async function catalogDigests(target: ClickHouseTarget): Promise<Map<string, string>> {
  const result = await target.client.query(
    `SELECT ${quoteIdentifier(RECORD_ID_COLUMN)}, ${quoteIdentifier(DIGEST_COLUMN)} FROM ${qualified(target, catalogNames().table)} FINAL WHERE ${quoteIdentifier(REMOVED_COLUMN)} = 0 AND ${quoteIdentifier(LANG_COLUMN)} = ''`,
  );
  return new Map(result.rows.map((r) => [String(r[0]), String(r[1])]));
}

export type { PublishedRow } from '../../backend/catalog';

/** The latest rows of the given datasets. */
export async function catalogRows(target: ClickHouseTarget, ids: readonly string[]): Promise<PublishedRow[]> {
  if (ids.length === 0) return [];
  const q = quoteIdentifier;
  const result = await target.client.query(
    `SELECT ${q(RECORD_ID_COLUMN)}, ${q(DIGEST_COLUMN)}, ${q('dataset_uid')}, ${q(RESTRICTED_COLUMN)}, ${q('has_records')}, ${q('data_visible')}, ${q('features')}, ${q('metas')}, ${q('fields')}, ${q('attachments')}, ${q(SCHEMA_COLUMN)}, ${q(TRANSLATIONS_COLUMN)}
     FROM ${qualified(target, catalogNames().table)} FINAL
     WHERE ${q(REMOVED_COLUMN)} = 0 AND ${q(LANG_COLUMN)} = '' AND ${q(RECORD_ID_COLUMN)} IN (${ids.map((id) => chLiteral(id, CH.string)).join(', ')})`,
  );
  return result.rows.map((r) => ({
    datasetId: String(r[0]),
    digest: String(r[1]),
    uid: String(r[2] ?? ''),
    restricted: Number(r[3]) === 1,
    hasRecords: Number(r[4]) === 1,
    dataVisible: Number(r[5]) === 1,
    features: (r[6] as (string | null)[]).filter((f): f is string => f !== null),
    metas: String(r[7] ?? '{}'),
    fields: String(r[8] ?? '[]'),
    attachments: String(r[9] ?? '[]'),
    schema: String(r[10] ?? '{"fields":[]}'),
    translations: String(r[11] || '{}'),
  }));
}

/**
 * A view of the catalog keeping the public rows and the `granted` datasets (auth/policy.ts), over the
 * view `base`; created on every node when missing.
 */
export async function ensureAccessView(
  target: ClickHouseTarget,
  name: string,
  base: string,
  granted: readonly string[],
): Promise<void> {
  const dialect = clickhouseDialect;
  await ensureView(
    target,
    name,
    dialect.createView(qualified(target, name), dialect.accessViewQuery(qualified(target, base), granted)),
  );
}

/**
 * A view of the catalog view `base` in `lang` (the dialect's languageViewQuery), created on
 * every node when missing.
 */
export async function ensureLanguageView(
  target: ClickHouseTarget,
  name: string,
  base: string,
  lang: Lang | undefined,
): Promise<void> {
  const dialect = clickhouseDialect;
  await ensureView(
    target,
    name,
    dialect.createView(qualified(target, name), dialect.languageViewQuery(qualified(target, base), lang)),
  );
}

/**
 * `view`: the catalog view `table` with the usage fields (`fields`: download count, API call count,
 * popularity score = 5 × downloads + API calls) summed from `usageTable` at each query.
 */
export async function ensureUsageView(
  target: ClickHouseTarget,
  view: string,
  table: string,
  usageTable: string,
  fields: readonly [string, string, string],
): Promise<void> {
  const dialect = clickhouseDialect;
  const q = (name: string) => dialect.quoteIdent(name);
  const columns = [...servedColumns().map((c) => c.name), POSITION_COLUMN].map(q);
  const query = dialect.usageViewQuery(
    qualified(target, table),
    qualified(target, usageTable),
    [q(fields[0]), q(fields[1]), q(fields[2])],
    columns,
  );
  await ensureView(target, view, dialect.createView(qualified(target, view), query));
}
