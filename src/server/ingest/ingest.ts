import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { quoteIdent } from '../../odsql/compile/storage';
import type { Engine } from '../engine/types';
import type { DatasetDescriptor } from './descriptor';
import { declaredTextColumns, type ResolvedField, resolveFields } from './fields';
import type { Logger } from './logger';
import { type RecordsPlan, recordsTableSql, repeatsTableSql } from './records';
import { loadSource } from './sources';
import { inferFacets, type RecordStats, recordStats } from './stats';

/** Prefix of the tables ingestion works in; leftovers of an interrupted run are dropped on start. */
export const STAGING_PREFIX = '__stage_';

/** From this many rows, ingestion logs each of its steps. */
const LARGE_DATASET_ROWS = 100_000;

export interface StagedDataset {
  readonly fields: readonly ResolvedField[];
  readonly stats: RecordStats;
  /** The finished records table, still under its staging name until it is committed. */
  readonly stagingTable: string;
}

export interface StageOptions {
  /** Final name of the records table (staging names derive from it). */
  readonly table: string;
  /** data_processed: every record's `__timestamp`. */
  readonly processedAt: string;
  /** Scratch folder for GeoJSON staging files. */
  readonly tmpDir: string;
  readonly log: Logger;
}

/**
 * An error as one log line: DuckDB's message without the statement it echoes (`LINE 1: …`) and without
 * its generic advice (`Possible Solution: …`).
 */
export function errorSummary(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const kept: string[] = [];
  for (const line of message.split('\n')) {
    const text = line.trim();
    if (text === '' || text.startsWith('LINE ') || text.startsWith('Possible Solution')) break;
    kept.push(text);
  }
  return kept.length > 0 ? kept.join(' ') : message.trim();
}

async function readSource<T>(path: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new Error(`cannot read ${path}: ${errorSummary(error)}`, { cause: error });
  }
}

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * Reads a dataset's source (and joined file) and builds its records table under a staging name, without
 * touching the records being served. The caller commits it (see catalog/store).
 */
export async function stageDataset(
  engine: Engine,
  descriptor: DatasetDescriptor,
  options: StageOptions,
): Promise<StagedDataset> {
  const id = descriptor.dataset_id;
  const rawTable = `${STAGING_PREFIX}raw_${options.table}`;
  const joinTable = `${STAGING_PREFIX}join_${options.table}`;
  const repeatsTable = `${STAGING_PREFIX}repeats_${options.table}`;
  const stagingTable = `${STAGING_PREFIX}${options.table}`;
  const stagingFile = join(options.tmpDir, `${options.table}.ndjson`);
  const joinFile = join(options.tmpDir, `${options.table}.join.ndjson`);
  const dropScratch = async (): Promise<void> => {
    const scratch = [rawTable, joinTable, repeatsTable].map((t) => `DROP TABLE IF EXISTS ${quoteIdent(t)};`);
    await engine.execute(scratch.join('\n'));
    await rm(stagingFile, { force: true });
    await rm(joinFile, { force: true });
  };
  const started = Date.now();
  options.log.info(`dataset ${id}: ingesting ${descriptor.source.path}`);
  await mkdir(options.tmpDir, { recursive: true });
  try {
    const source = await readSource(descriptor.source.path, () =>
      loadSource(engine, descriptor.source, rawTable, {
        nullValues: descriptor.nullValues,
        textColumns: declaredTextColumns(descriptor),
        stagingFile,
      }),
    );
    const join = descriptor.join;
    const joined = join
      ? await readSource(join.source.path, () =>
          loadSource(engine, join.source, joinTable, {
            nullValues: descriptor.nullValues,
            textColumns: [],
            stagingFile: joinFile,
          }),
        )
      : undefined;
    const [rawCount] = await engine.rows({ sql: `SELECT count(*) FROM ${quoteIdent(rawTable)}`, params: [] });
    options.log.info(
      `dataset ${id}: ${count(Number(rawCount?.[0] ?? 0))} rows read (${source.format}) in ${Date.now() - started} ms`,
    );
    let fields = resolveFields(
      descriptor,
      { source: source.columns, join: joined?.columns ?? [], features: source.features },
      (message) => options.log.warn(`dataset ${id}: ${message}`),
    );
    const plan: RecordsPlan = {
      rawTable,
      joinTable: joined ? joinTable : undefined,
      join: descriptor.join,
      targetTable: stagingTable,
      repeatsTable,
      fields,
      nullValues: descriptor.nullValues,
      timezone: descriptor.metas.timezone ?? 'UTC',
      processedAt: options.processedAt,
    };
    // Large sources take seconds per step: say what is happening meanwhile.
    const rows = Number(rawCount?.[0] ?? 0);
    const step = (what: string): void => {
      if (rows >= LARGE_DATASET_ROWS)
        options.log.info(`dataset ${id}: ${what} (${Date.now() - started} ms so far)`);
    };
    try {
      step('finding repeated rows');
      await engine.execute(repeatsTableSql(plan));
      step(`building ${count(rows)} records: typed values, record ids, search text`);
      await engine.execute(recordsTableSql(plan));
    } catch (error) {
      throw new Error(`the values do not fit the field types: ${errorSummary(error)}`, { cause: error });
    }
    if (!descriptor.fields) fields = await inferFacets(engine, stagingTable, fields);
    step('computing statistics');
    const stats = await recordStats(engine, stagingTable, fields);
    await dropScratch();
    options.log.info(
      `dataset ${id}: ${count(stats.recordsCount)} records built in ${Date.now() - started} ms`,
    );
    return { fields, stats, stagingTable };
  } catch (error) {
    await engine.execute(`DROP TABLE IF EXISTS ${quoteIdent(stagingTable)}`);
    await dropScratch();
    throw error;
  }
}
