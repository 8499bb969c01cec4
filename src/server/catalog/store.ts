import { quoteIdent } from '../../odsql/compile/storage';
import type { Engine } from '../engine/types';
import { STAGING_PREFIX } from '../ingest/ingest';
import { sqlString } from '../ingest/sql';
import type { Dataset } from './types';

/*
 * What the database remembers between starts: one row per ingested dataset with the fingerprint it was
 * built from and the dataset as served, so that a start without changes reads no source file.
 */

export const DATASETS_TABLE = '__datasets';
/** Datasets whose last ingestion failed, so that unchanged broken files are not read again. */
export const FAILURES_TABLE = '__ingest_failures';

export interface StoredDataset {
  readonly datasetId: string;
  readonly fingerprint: string;
  readonly dataset: Dataset;
}

export async function ensureStore(engine: Engine): Promise<void> {
  await engine.execute(
    `CREATE TABLE IF NOT EXISTS ${DATASETS_TABLE} (dataset_id VARCHAR NOT NULL, fingerprint VARCHAR NOT NULL, dataset VARCHAR NOT NULL);
CREATE TABLE IF NOT EXISTS ${FAILURES_TABLE} (dataset_id VARCHAR NOT NULL, fingerprint VARCHAR NOT NULL, reason VARCHAR NOT NULL);`,
  );
}

/** Reasons of past failures by dataset id, with the fingerprint they failed with. */
export async function readFailures(
  engine: Engine,
): Promise<Map<string, { fingerprint: string; reason: string }>> {
  const rows = await engine.rows({
    sql: `SELECT dataset_id, fingerprint, reason FROM ${FAILURES_TABLE}`,
    params: [],
  });
  return new Map(
    rows.map(([id, fingerprint, reason]) => [
      String(id),
      { fingerprint: String(fingerprint), reason: String(reason) },
    ]),
  );
}

/** Replaces the failures on record (few rows: rewritten whole at each start). */
export async function writeFailures(
  engine: Engine,
  failures: readonly { datasetId: string; fingerprint: string; reason: string }[],
): Promise<void> {
  const values = failures.map(
    (f) => `(${sqlString(f.datasetId)}, ${sqlString(f.fingerprint)}, ${sqlString(f.reason)})`,
  );
  const insert = values.length > 0 ? `INSERT INTO ${FAILURES_TABLE} VALUES ${values.join(', ')};` : '';
  await engine.execute(`BEGIN TRANSACTION;
DELETE FROM ${FAILURES_TABLE};
${insert}
COMMIT;`);
}

function isDataset(value: unknown): value is Dataset {
  if (typeof value !== 'object' || value === null) return false;
  return (
    'dataset_id' in value &&
    typeof value.dataset_id === 'string' &&
    'table' in value &&
    typeof value.table === 'string' &&
    'fields' in value &&
    Array.isArray(value.fields) &&
    'metas' in value
  );
}

export async function readStore(engine: Engine): Promise<Map<string, StoredDataset>> {
  const rows = await engine.rows({
    sql: `SELECT dataset_id, fingerprint, dataset FROM ${DATASETS_TABLE}`,
    params: [],
  });
  const stored = new Map<string, StoredDataset>();
  for (const [datasetId, fingerprint, text] of rows) {
    if (typeof datasetId !== 'string' || typeof fingerprint !== 'string' || typeof text !== 'string')
      continue;
    let dataset: unknown;
    try {
      dataset = JSON.parse(text);
    } catch {
      continue;
    }
    if (isDataset(dataset)) stored.set(datasetId, { datasetId, fingerprint, dataset });
  }
  return stored;
}

/** Names of the tables in the database's main schema. */
export async function existingTables(engine: Engine): Promise<Set<string>> {
  const rows = await engine.rows({
    sql: "SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main' AND NOT temporary",
    params: [],
  });
  return new Set(rows.map((row) => String(row[0])));
}

/** Drops what an interrupted ingestion left behind. */
export async function dropStagingTables(engine: Engine, tables: ReadonlySet<string>): Promise<void> {
  const leftovers = [...tables].filter((name) => name.startsWith(STAGING_PREFIX));
  if (leftovers.length === 0) return;
  await engine.execute(leftovers.map((name) => `DROP TABLE IF EXISTS ${quoteIdent(name)};`).join('\n'));
}

/**
 * Puts freshly built records in place and records the dataset, in one transaction: readers see either
 * the previous version or the new one.
 */
export async function commitDataset(
  engine: Engine,
  stagingTable: string,
  dataset: Dataset,
  fingerprint: string,
): Promise<void> {
  const id = sqlString(dataset.dataset_id);
  await engine.execute(`BEGIN TRANSACTION;
DROP TABLE IF EXISTS ${quoteIdent(dataset.table)};
ALTER TABLE ${quoteIdent(stagingTable)} RENAME TO ${quoteIdent(dataset.table)};
DELETE FROM ${DATASETS_TABLE} WHERE dataset_id = ${id};
INSERT INTO ${DATASETS_TABLE} VALUES (${id}, ${sqlString(fingerprint)}, ${sqlString(JSON.stringify(dataset))});
COMMIT;`);
}

/** Forgets a stored dataset, and drops `table` (its records) when given. */
export async function removeDataset(
  engine: Engine,
  datasetId: string,
  table: string | undefined,
): Promise<void> {
  const drop = table === undefined ? '' : `DROP TABLE IF EXISTS ${quoteIdent(table)};`;
  await engine.execute(`BEGIN TRANSACTION;
${drop}
DELETE FROM ${DATASETS_TABLE} WHERE dataset_id = ${sqlString(datasetId)};
COMMIT;`);
}
