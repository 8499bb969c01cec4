import { mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { declaredTextColumns, type ResolvedField, resolveFields } from '../../layout/fields';
import {
  partitionedRepeatsSql,
  type RecordsPlan,
  recordsCopySql,
  repeatsTableSql,
  smallRecordsTableSql,
} from '../../layout/records';
import type { DatasetSchema } from '../../odsql';
import {
  dropStaging,
  type IngestEngine,
  inferFacets,
  type RecordStats,
  recordStats,
  repeatCounts,
  smallTableFacts,
  stagedRowCount,
  stagingView,
  stagingViewSql,
} from '../backend/local-engine';
import { hashesPerAggregate } from '../catalog/memory';
import { withSortRanges } from '../catalog/sort-ranges';
import type { DatasetDescriptor } from './descriptor';
import type { Logger } from './logger';
import { loadSource } from './sources';

/** Prefix of the tables and files ingestion works in; leftovers of an interrupted run are removed. */
export const STAGING_PREFIX = '__stage_';

/** From this many rows, ingestion logs each of its steps and its progress. */
const LARGE_DATASET_ROWS = 100_000;
/** Memory assumed when the engine's limit is not a size: half the default 128 MB. */
const DEFAULT_INGEST_MEMORY = 64e6;
/** From this size, reading the source logs its progress. */
const LARGE_SOURCE_BYTES = 64 * 2 ** 20;
/** Sources smaller than this are ingested on one thread. */
const SMALL_SOURCE_BYTES = 4 * 2 ** 20;
/**
 * Up to this many rows, the records are written in one statement (repeats numbered by a window), and
 * facets are counted exactly at once: thousands of small datasets spent more time in statements than in
 * their rows.
 */
const SINGLE_PASS_ROWS = 10_000;
/** How often a long step logs its progress. */
const PROGRESS_EVERY_MS = 10_000;

export interface IngestedDataset {
  readonly fields: readonly ResolvedField[];
  readonly stats: RecordStats;
  /** The ODSQL schema of the records, with their count and the ranges of sortable fields. */
  readonly schema: DatasetSchema;
}

export interface IngestOptions {
  /** Name of the records table (scratch names derive from it). */
  readonly table: string;
  /** data_processed: every record's `__timestamp`. */
  readonly processedAt: string;
  /** Scratch folder (same file system as `target`, so that the finished file is renamed into place). */
  readonly tmpDir: string;
  /** Where the finished records file goes; nothing is written there unless ingestion succeeds. */
  readonly target: string;
  readonly log: Logger;
  /** Rows counted in one aggregate when looking for repeats (default: from the memory limit; tests). */
  readonly hashesPerAggregate?: number;
  /** Source bytes from which a CSV is staged as a Parquet file rather than a table (default 4 MiB; tests). */
  readonly stageAsParquetFrom?: number;
  /** Up to this many rows, records are written in one statement (default 10,000; tests). */
  readonly singlePassRows?: number;
}

/**
 * Why an ingestion failed: `data` (a value that does not fit, a malformed file: remembered until the
 * files or the descriptor change) or `machine` (out of memory, disk full, interrupted: tried again at
 * the next start).
 */
export type FailureKind = 'data' | 'machine';

const MACHINE_FAILURE =
  /out of memory|failed to allocate|no space left|ENOSPC|disk full|could not write|INTERRUPT|interrupted|EMFILE|ENOMEM|closed/i;

export function failureKind(error: unknown): FailureKind {
  const message = error instanceof Error ? error.message : String(error);
  return MACHINE_FAILURE.test(message) ? 'machine' : 'data';
}

/** An ingestion failure with its kind. */
export class IngestError extends Error {
  readonly kind: FailureKind;
  constructor(message: string, kind: FailureKind, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IngestError';
    this.kind = kind;
  }
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
    if (text === '' || text.startsWith('LINE ') || /^Possible solution/i.test(text)) break;
    kept.push(text);
  }
  return kept.length > 0 ? kept.join(' ') : message.trim();
}

async function readSource<T>(path: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new IngestError(`cannot read ${path}: ${errorSummary(error)}`, failureKind(error), {
      cause: error,
    });
  }
}

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * Runs a long statement over the `rows` of a source, logging rows done, rows per second and time left
 * every few seconds. DuckDB's progress counts the rows of every scan of the statement (a join's two
 * sides, a staged file written then read), so its fraction done is applied to the source's rows.
 */
async function withProgress<T>(
  engine: IngestEngine,
  say: ((message: string) => void) | undefined,
  rows: number | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!say) return work();
  const started = Date.now();
  const timer = setInterval(() => {
    const progress = engine.progress();
    if (!progress) return;
    const seconds = (Date.now() - started) / 1000;
    const fraction = Math.min(progress.done, progress.total) / progress.total;
    const left = fraction > 0 ? Math.round((seconds * (1 - fraction)) / fraction) : '?';
    if (rows === undefined) {
      // Reading a source whose rows are not counted yet: DuckDB knows the share of the file read.
      say(`${Math.round(fraction * 100)}% of the source read, about ${left} s left`);
      return;
    }
    const done = Math.round(rows * fraction);
    say(
      `${count(done)} of ${count(rows)} rows, ${count(Math.round(done / Math.max(seconds, 0.001)))} rows/s, about ${left} s left`,
    );
  }, PROGRESS_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * Reads a dataset's source (and joined file) and writes its records file to `options.target`, in a few
 * streaming passes (see layout/records.ts). The records being served are untouched until the caller swaps.
 */
/**
 * Removes a scratch file that may not exist: one call, where `rm` first looks the path up (eight files
 * a dataset, most never written: 5.6 s of the main thread over a first ingestion of 10,000).
 */
async function removeIfPresent(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

export async function ingestDataset(
  engine: IngestEngine,
  descriptor: DatasetDescriptor,
  options: IngestOptions,
): Promise<IngestedDataset> {
  const id = descriptor.dataset_id;
  const scratch = `${STAGING_PREFIX}${options.table}`;
  const rawTable = `${scratch}_raw`;
  const joinTable = `${scratch}_join`;
  const repeatsTable = `${scratch}_repeats`;
  const view = `${scratch}_records`;
  // A small source's records in memory, which its statistics are read from.
  const typedTable = `${scratch}_typed`;
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const firstFile = join(options.tmpDir, `${scratch}_${unique}.parquet`);
  const hashFile = join(options.tmpDir, `${scratch}_${unique}.hashes.parquet`);
  const stagingFile = join(options.tmpDir, `${scratch}_${unique}.ndjson`);
  const stagingParquet = join(options.tmpDir, `${scratch}_${unique}.source.parquet`);
  const joinFile = join(options.tmpDir, `${scratch}_${unique}.join.ndjson`);
  // UTF-8 copies of sources in another encoding (loadSource adds the source's extension).
  const textFile = join(options.tmpDir, `${scratch}_${unique}.utf8`);
  const joinTextFile = join(options.tmpDir, `${scratch}_${unique}.join.utf8`);
  const textCopies = [
    `${textFile}${extname(descriptor.source.path)}`,
    ...(descriptor.join ? [`${joinTextFile}${extname(descriptor.join.source.path)}`] : []),
  ];
  const dropScratch = async (): Promise<void> => {
    await dropStaging(engine, {
      views: [view],
      tables: [rawTable, joinTable, repeatsTable, `${repeatsTable}_candidates`, typedTable],
    });
    for (const file of [firstFile, hashFile, stagingFile, stagingParquet, joinFile, ...textCopies])
      await removeIfPresent(file);
  };
  const started = Date.now();
  options.log.info(`dataset ${id}: ingesting ${descriptor.source.path}`);
  await mkdir(options.tmpDir, { recursive: true });
  // Small files go faster on one thread: most of their time is spent coordinating threads.
  const sourceBytes = await stat(descriptor.source.path).then(
    (info) => info.size,
    () => 0,
  );
  await engine.singleThreaded(sourceBytes < SMALL_SOURCE_BYTES);
  try {
    const reading =
      sourceBytes >= LARGE_SOURCE_BYTES
        ? (message: string) => options.log.info(`dataset ${id}: ${message}`)
        : undefined;
    const source = await readSource(descriptor.source.path, () =>
      withProgress(engine, reading, undefined, () =>
        loadSource(engine, descriptor.source, rawTable, {
          nullValues: descriptor.nullValues,
          textColumns: declaredTextColumns(descriptor),
          stagingFile,
          stagingText: textFile,
          ...(sourceBytes >= (options.stageAsParquetFrom ?? SMALL_SOURCE_BYTES) ? { stagingParquet } : {}),
        }),
      ),
    );
    const joinSpec = descriptor.join;
    const joined = joinSpec
      ? await readSource(joinSpec.source.path, () =>
          loadSource(engine, joinSpec.source, joinTable, {
            nullValues: descriptor.nullValues,
            textColumns: [],
            stagingFile: joinFile,
            stagingText: joinTextFile,
          }),
        )
      : undefined;
    const rows = source.rows ?? (await stagedRowCount(engine, source.from));
    const large = rows >= LARGE_DATASET_ROWS;
    options.log.info(
      `dataset ${id}: ${count(rows)} rows (${source.format}${source.encoding === 'utf-8' ? '' : `, read as ${source.encoding}`}) found in ${Date.now() - started} ms`,
    );
    let fields = resolveFields(
      descriptor,
      { source: source.columns, join: joined?.columns ?? [], features: source.features },
      (message) => options.log.warn(`dataset ${id}: ${message}`),
    );
    const plan: RecordsPlan = {
      source: source.from,
      position: source.position,
      joinTable: joined ? joinTable : undefined,
      join: descriptor.join,
      fields,
      nullValues: descriptor.nullValues,
      timezone: descriptor.metas.timezone ?? 'UTC',
      processedAt: options.processedAt,
    };
    const step = (what: string): void => {
      if (large) options.log.info(`dataset ${id}: ${what} (${Date.now() - started} ms so far)`);
    };
    const progress = large ? (message: string) => options.log.info(`dataset ${id}: ${message}`) : undefined;
    const file = firstFile;
    const small = rows <= (options.singlePassRows ?? SINGLE_PASS_ROWS) && !joined;
    try {
      if (small) {
        // The view its statistics are read from (of the records in memory), in the same round trip.
        await engine.execute(
          `${smallRecordsTableSql(plan, typedTable, firstFile)};\n${stagingViewSql(view, typedTable, [rawTable, joinTable], 'table')}`,
        );
      } else {
        step('finding repeated records');
        // Larger sources count their hashes in slices (layout/records.ts, `partitionedRepeatsSql`).
        const perAggregate =
          options.hashesPerAggregate ?? hashesPerAggregate(engine.memoryBytes ?? DEFAULT_INGEST_MEMORY);
        if (rows >= LARGE_DATASET_ROWS || rows > perAggregate) {
          const partitions = Math.ceil(rows / perAggregate);
          for (const sql of partitionedRepeatsSql(plan, repeatsTable, hashFile, partitions))
            await withProgress(engine, progress, rows, () => engine.execute(sql));
          await rm(hashFile, { force: true });
        } else {
          await withProgress(engine, progress, rows, () =>
            engine.execute(repeatsTableSql(plan, repeatsTable)),
          );
        }
        const { repeats, maxRepeat } = await repeatCounts(engine, repeatsTable);
        step(
          `writing ${count(rows)} records (${count(repeats)} repeated): typed values, record ids, search text`,
        );
        await withProgress(engine, progress, rows, () =>
          engine.execute(recordsCopySql(plan, repeatsTable, maxRepeat, firstFile)),
        );
      }
    } catch (error) {
      const kind = failureKind(error);
      const prefix = kind === 'data' ? 'the values do not fit the field types: ' : '';
      throw new IngestError(`${prefix}${errorSummary(error)}`, kind, { cause: error });
    }
    if (!small) await stagingView(engine, view, file, [rawTable, joinTable, repeatsTable]);
    const baseSchema: DatasetSchema = {
      fields: fields.map((f) => ({
        name: f.name,
        type: f.type,
        multivalued: f.annotations.multivalued !== undefined,
      })),
    };
    let schema: DatasetSchema;
    if (small) {
      ({ fields, schema } = await smallTableFacts(engine, view, fields, baseSchema, !descriptor.fields));
    } else {
      if (!descriptor.fields) fields = await inferFacets(engine, view, fields);
      step('computing statistics');
      schema = await withSortRanges(engine, view, baseSchema);
    }
    const stats = await recordStats(engine, view, fields, schema.records);
    await rename(file, options.target);
    const size = (await stat(options.target)).size;
    await dropScratch();
    const seconds = (Date.now() - started) / 1000;
    options.log.info(
      `dataset ${id}: ${count(stats.recordsCount)} records written in ${Math.round(seconds * 1000)} ms (${count(Math.round(stats.recordsCount / Math.max(seconds, 0.001)))} records/s, ${count(Math.round(size / 1024))} KiB)`,
    );
    return { fields, stats, schema };
  } catch (error) {
    await dropScratch().catch(() => undefined);
    if (error instanceof IngestError) throw error;
    throw new IngestError(errorSummary(error), failureKind(error), { cause: error });
  }
}
