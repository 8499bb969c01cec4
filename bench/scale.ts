import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { splitMemoryLimit } from '../src/server/catalog/memory';
import { CSV_BUFFER_BYTES } from '../src/server/storage/sources';
import { type BenchCase, CASES, requestCase } from './cases';
import { FLIGHTS, flightsDescriptor } from './flights-store';
import { cpuSeconds, peakResidentMiB, residentMiB, startServer, stopServer, waitForLog } from './server';
import { fmt, percentile, timeInterleaved } from './stats';
import { rawInstance, storedDataset } from './store';

/*
 * The scale section of `npm run bench` (issue 12): many small datasets, and flights-3m repeated k times
 * (the year shifted by copy) as one large dataset, generated at run time in a temporary folder. Each
 * ingestion is set against DuckDB's own load of the same files in the same run. The largest sizes run
 * only with BENCH_SCALE=full.
 */

const FULL = process.env.BENCH_SCALE === 'full';

export interface ManyFigure {
  readonly datasets: number;
  readonly ingestS: number;
  /** DuckDB's own copy of every CSV to a Parquet file, in the same run. */
  readonly duckdbS: number;
  /** CPU seconds of the server while ingesting (from listening on), and of DuckDB's own copy. */
  readonly ingestCpuS: number;
  readonly duckdbCpuS: number;
  readonly peakMiB: number;
  /** While ingesting: the longest a dataset written (logged) waited to be counted by the catalog list. */
  readonly listLagS: number;
  /** Datasets the log says were skipped, and catalog table failures logged, while ingesting. */
  readonly skipped: number;
  readonly tableErrors: number;
  /** One-minute load average while ingesting: at its start and its end. */
  readonly ingestLoad: readonly [number, number];
  /** Restart with nothing to ingest: listening, then the last dataset answering. */
  readonly listenS: number;
  readonly servesS: number;
  readonly idleMiB: number;
  /** Restart: the catalog list counts every dataset. */
  readonly fullS: number;
  /** Restart: descriptors, files and manifests checked ("catalog up to date"). */
  readonly checkedS: number;
  readonly listP50: number;
  readonly searchP50: number;
  readonly facetsP50: number;
  readonly listP99: number;
  readonly searchP99: number;
  readonly facetsP99: number;
  /** The same requests with a filter never asked before: not answered by the result cache. */
  readonly listColdP50: number;
  readonly searchColdP50: number;
  readonly facetsColdP50: number;
  readonly listColdP99: number;
  readonly searchColdP99: number;
  readonly facetsColdP99: number;
  readonly served: number;
  /** `uptime`'s 1-minute load average at the restart. */
  readonly load: number;
}

export interface LargeFigure {
  readonly records: number;
  readonly format: LargeFormat;
  readonly ingestS: number;
  /** DuckDB's own load, the faster of its two runs (before and after the server's ingestion). */
  readonly duckdbS: number;
  readonly duckdbRunsS: readonly [number, number];
  /** CPU seconds of the server's ingestion and of DuckDB's own load (the faster run's). */
  readonly ingestCpuS: number;
  readonly duckdbCpuS: number;
  /** One-minute load average before and after the measurement. */
  readonly load: readonly [number, number];
  readonly peakMiB: number;
  readonly idleMiB: number;
  readonly fileMiB: number;
  readonly cases: readonly CaseFigure[];
}

export interface CaseFigure {
  readonly name: string;
  /** The server with its result cache off: every request runs its query. */
  readonly httpP50: number;
  readonly rawP50: number;
  readonly target: number;
  /** The server at its default settings: repeated requests are answered from its result cache. */
  readonly cachedP50: number;
}

const seconds = (ms: number): number => ms / 1000;

/**
 * The memory DuckDB's own load gets: the ingestion engine's share of DUCKDB_MEMORY_LIMIT (the server
 * splits it in halves between its request and ingestion engines, catalog/memory.ts), so that both sides
 * of the ratio work within the same budget.
 */
export function ingestionMemory(memoryLimit: string): string {
  return splitMemoryLimit(memoryLimit)?.ingestion ?? memoryLimit;
}

const load1 = (): number => loadavg()[0] ?? Number.NaN;

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function get(origin: string, path: string): Promise<unknown> {
  const res = await fetch(`${origin}/api/explore/v2.1${path}`);
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

/** p50 and p99 of `runs` timed runs after two untimed ones. */
async function p50p99(runs: number, work: () => Promise<unknown>): Promise<[number, number]> {
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const t = await time(work);
    if (i >= 2) times.push(t);
  }
  return [percentile(times, 50), percentile(times, 99)];
}

/**
 * DuckDB's own load: CREATE TABLE … AS SELECT * FROM the reader at `memoryLimit`, in a database file
 * (`inMemory`: in memory), wall milliseconds and CPU seconds of this process.
 */
async function duckdbLoadTimed(
  dir: string,
  readers: readonly string[],
  memoryLimit: string,
  inMemory = false,
): Promise<{ ms: number; cpuS: number }> {
  const file = inMemory ? ':memory:' : join(dir, 'duckdb-own-load.duckdb');
  const instance = await DuckDBInstance.create(file, {
    memory_limit: memoryLimit,
    temp_directory: join(dir, 'spill'),
  });
  const connection = await instance.connect();
  try {
    const cpu = process.cpuUsage();
    const ms = await time(async () => {
      for (const reader of readers) {
        await connection.run(`CREATE OR REPLACE TABLE loaded AS SELECT * FROM ${reader}`);
        // Thousands of tables in one database exhaust 128 MB: the table is replaced, as ingestion's is.
      }
    });
    const used = process.cpuUsage(cpu);
    return { ms, cpuS: (used.user + used.system) / 1e6 };
  } finally {
    connection.closeSync();
    instance.closeSync();
    if (!inMemory) {
      rmSync(file, { force: true });
      rmSync(`${file}.wal`, { force: true });
    }
  }
}

/**
 * DuckDB's own copy of each CSV to a Parquet file (`COPY (SELECT * FROM read_csv(…)) TO … (FORMAT
 * parquet)`), one file after the other in one connection at `memoryLimit`: what ingestion does for
 * each small dataset, without its record ids, search text, statistics and catalog.
 */
async function duckdbCopyToParquet(
  dir: string,
  paths: readonly string[],
  memoryLimit: string,
): Promise<{ ms: number; cpuS: number }> {
  const out = join(dir, 'duckdb-own-copy');
  mkdirSync(out, { recursive: true });
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: memoryLimit,
    temp_directory: join(dir, 'spill'),
  });
  const connection = await instance.connect();
  try {
    const cpu = process.cpuUsage();
    const ms = await time(async () => {
      for (const [i, path] of paths.entries())
        await connection.run(
          `COPY (SELECT * FROM read_csv('${path}', header = true, sample_size = -1)) TO '${join(out, `${i}.parquet`)}' (FORMAT parquet)`,
        );
    });
    const used = process.cpuUsage(cpu);
    return { ms, cpuS: (used.user + used.system) / 1e6 };
  } finally {
    connection.closeSync();
    instance.closeSync();
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * Follows the catalog list while datasets are ingested: the longest a dataset whose records were
 * written (its log line) waited until the list counted it, in ms. Resolves once `done` does.
 */
async function listingLag(origin: string, log: () => string, done: Promise<unknown>): Promise<number> {
  const written: { at: number; count: number }[] = [];
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  let lag = 0;
  while (!finished) {
    const count = log().match(/ records written in /g)?.length ?? 0;
    const now = performance.now();
    if (written.length === 0 || written[written.length - 1]!.count < count) written.push({ at: now, count });
    const listed = await get(origin, '/catalog/datasets?limit=0')
      .then((body) => (body as { total_count: number }).total_count)
      .catch(() => Number.NaN);
    // The first time the log counted more datasets written than the list shows now.
    const since = written.find((w) => w.count > listed);
    if (since) lag = Math.max(lag, performance.now() - since.at);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return lag;
}

export function writeSmallDatasets(dataDir: string, count: number): string[] {
  const datasets = join(dataDir, 'datasets');
  const files = join(dataDir, 'files');
  mkdirSync(datasets, { recursive: true });
  mkdirSync(files, { recursive: true });
  const themes = ['Transport', 'Health', 'Environment', 'Economy', 'Culture'];
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `set-${String(i).padStart(5, '0')}`;
    const lines = ['code,name,amount,day'];
    for (let r = 0; r < 100; r++)
      lines.push(`${i}-${r},item ${r % 17} of ${id},${(r * 7.5 + i) % 1000},2024-0${1 + (r % 9)}-1${r % 10}`);
    const csv = join(files, `${id}.csv`);
    writeFileSync(csv, `${lines.join('\n')}\n`);
    paths.push(csv);
    writeFileSync(
      join(datasets, `${id}.json`),
      JSON.stringify({
        dataset_id: id,
        source: `../files/${id}.csv`,
        metas: { title: `Synthetic dataset ${i}`, theme: themes[i % themes.length], keyword: [`k${i % 50}`] },
      }),
    );
  }
  return paths;
}

const SERVER_ENV: Record<string, string> = {
  DEFAULT_CATALOG: 'false',
  // BENCH_PORT: a fixed port for the servers started (one at a time) instead of any free one.
  ...(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {}),
};

/** Marks a cached data folder whose datasets are all ingested. */
const INGESTED_MARK = '.bench-ingested';

export async function manyDatasets(work: string, count: number, memoryLimit: string): Promise<ManyFigure> {
  // BENCH_SCALE_CACHE: the ingested folder is kept there, and a later run measures only the restart.
  const cache = process.env.BENCH_SCALE_CACHE;
  const dataDir = join(cache ?? work, `many-${count}`);
  let ingestMs = Number.NaN;
  let duckdbMs = Number.NaN;
  let peakMiB = Number.NaN;
  let listLagMs = Number.NaN;
  let skipped = Number.NaN;
  let tableErrors = Number.NaN;
  let ingestLoad: [number, number] = [Number.NaN, Number.NaN];
  let duckdbCpuS = Number.NaN;
  let ingestCpuS = Number.NaN;
  if (!cache || !existsSync(join(dataDir, INGESTED_MARK))) {
    rmSync(dataDir, { recursive: true, force: true });
    const paths = writeSmallDatasets(dataDir, count);
    const own = await duckdbCopyToParquet(work, paths, ingestionMemory(memoryLimit));
    duckdbMs = own.ms;
    duckdbCpuS = own.cpuS;
    console.log(
      `scale: ${count} datasets generated; DuckDB's own copy to Parquet ${fmt(duckdbMs)} ms (load ${load1().toFixed(1)})`,
    );
    const loadBefore = load1();
    const server = await startServer(dataDir, SERVER_ENV);
    // The server's CPU from the moment it listens (its start, the compilation of its code, left out).
    const cpuAtListen = cpuSeconds(server.process.pid!);
    const ingested = peakResidentMiB(server.process.pid!, async () => {
      const m = await waitForLog(
        server,
        /catalog up to date: .*?, (\d+) ms after start/,
        Number(process.env.BENCH_SCALE_TIMEOUT_MS ?? 4 * 3_600_000),
      );
      ingestCpuS = cpuSeconds(server.process.pid!) - cpuAtListen;
      return Number(m[1]);
    });
    listLagMs = await listingLag(server.origin, server.log, ingested);
    [ingestMs, peakMiB] = await ingested;
    ingestLoad = [loadBefore, load1()];
    skipped = server.log().match(/ skipped: /g)?.length ?? 0;
    tableErrors = server.log().match(/catalog table: /g)?.length ?? 0;
    await stopServer(server);
    writeFileSync(join(dataDir, INGESTED_MARK), '');
    console.log(
      `scale: ${count} datasets ingested in ${fmt(ingestMs)} ms, ${(ingestMs / duckdbMs).toFixed(2)}× DuckDB's own copy; CPU ${ingestCpuS.toFixed(1)} s against ${duckdbCpuS.toFixed(1)} s, ${(ingestCpuS / duckdbCpuS).toFixed(2)}× (peak ${Math.round(peakMiB)} MiB, listing lag ${fmt(listLagMs)} ms, ${skipped} skipped, ${tableErrors} catalog table errors, load ${ingestLoad.map((l) => l.toFixed(1)).join(' / ')})`,
    );
  } else console.log(`scale: ${count} datasets ingested earlier, in ${dataDir}`);
  const load = loadavg()[0]!;
  const started = performance.now();
  const server = await startServer(dataDir, SERVER_ENV);
  const listenMs = performance.now() - started;
  let served = 0;
  while (served < count && performance.now() - started < 600_000) {
    served = ((await get(server.origin, '/catalog/datasets?limit=1')) as { total_count: number }).total_count;
    if (served < count) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const fullMs = performance.now() - started;
  const last = `set-${String(count - 1).padStart(5, '0')}`;
  await get(server.origin, `/catalog/datasets/${last}/records?limit=1`);
  const servesMs = performance.now() - started;
  // Served from the snapshot at once; the requests are timed once descriptors and files are checked.
  await waitForLog(server, /catalog up to date/);
  const checkedMs = performance.now() - started;
  const runs = Number(process.env.BENCH_SCALE_CATALOG_RUNS ?? 100);
  const [listP50, listP99] = await p50p99(runs, () => get(server.origin, '/catalog/datasets?limit=20'));
  const [searchP50, searchP99] = await p50p99(runs, () =>
    get(server.origin, '/catalog/datasets?where=%22dataset%2042%22&limit=20'),
  );
  const [facetsP50, facetsP99] = await p50p99(runs, () => get(server.origin, '/catalog/facets'));
  // The same requests never asked before (a filter true of every dataset, with a new number each time):
  // the result cache cannot answer them, as after each change of the catalog or of the usage counts.
  let n = 0;
  const fresh = (): string => `records_count%20%3E%20-${++n}`;
  const [listColdP50, listColdP99] = await p50p99(runs, () =>
    get(server.origin, `/catalog/datasets?limit=20&where=${fresh()}`),
  );
  const [searchColdP50, searchColdP99] = await p50p99(runs, () =>
    get(server.origin, `/catalog/datasets?where=%22dataset%2042%22%20and%20${fresh()}&limit=20`),
  );
  const [facetsColdP50, facetsColdP99] = await p50p99(runs, () =>
    get(server.origin, `/catalog/facets?where=${fresh()}`),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleMiB = residentMiB(server.process.pid!);
  await stopServer(server);
  if (!cache) rmSync(dataDir, { recursive: true, force: true });
  const figure = {
    datasets: count,
    ingestS: seconds(ingestMs),
    duckdbS: seconds(duckdbMs),
    peakMiB,
    listLagS: seconds(listLagMs),
    ingestCpuS,
    duckdbCpuS,
    skipped,
    tableErrors,
    ingestLoad,
    listenS: seconds(listenMs),
    fullS: seconds(fullMs),
    checkedS: seconds(checkedMs),
    servesS: seconds(servesMs),
    idleMiB,
    listP50,
    searchP50,
    facetsP50,
    listP99,
    searchP99,
    facetsP99,
    listColdP50,
    searchColdP50,
    facetsColdP50,
    listColdP99,
    searchColdP99,
    facetsColdP99,
    served,
    load,
  };
  console.log(`scale: ${count} datasets restarted at load ${load.toFixed(1)}: ${JSON.stringify(figure)}`);
  return figure;
}

export type LargeFormat = 'parquet' | 'csv';

/** flights-3m repeated `copies` times, the year shifted by one per copy, as one Parquet or CSV file. */
async function writeFlights(dir: string, copies: number, format: LargeFormat): Promise<string> {
  // BENCH_SCALE_CACHE: a folder where generated files are kept and reused by later runs.
  const cache = process.env.BENCH_SCALE_CACHE;
  const file = join(cache ?? dir, `flights-${copies * 3}m.${format}`);
  if (cache && existsSync(file)) return file;
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: '1GB',
    temp_directory: join(dir, 'spill'),
  });
  const connection = await instance.connect();
  await connection.run(
    `COPY (SELECT date + to_years(CAST(i AS INTEGER)) AS date, delay, distance, origin, destination
      FROM range(${copies}) AS c(i), read_parquet('${FLIGHTS}')) TO '${file}' (FORMAT ${format}${format === 'csv' ? ', HEADER true' : ''})`,
  );
  connection.closeSync();
  instance.closeSync();
  return file;
}

async function rawRunner(instance: DuckDBInstance, table: string): Promise<(c: BenchCase) => Promise<void>> {
  const connections = await Promise.all([0, 1, 2].map(() => instance.connect()));
  return async (c) => {
    await Promise.all(
      c.raw.map(async (sequence, i) => {
        for (const sql of sequence)
          (await connections[i]!.runAndReadAll(sql.replaceAll('{t}', `"${table}"`))).getRowsJS();
      }),
    );
  };
}

function httpRunner(origin: string): (c: BenchCase) => Promise<void> {
  return (c) => requestCase(origin, c);
}

export async function largeDataset(
  work: string,
  copies: number,
  memoryLimit: string,
  runCases: boolean,
  format: LargeFormat = 'parquet',
): Promise<LargeFigure> {
  const dir = join(work, `large-${copies}-${format}`);
  const dataDir = join(dir, 'data');
  mkdirSync(join(dataDir, 'datasets'), { recursive: true });
  const source = await writeFlights(dir, copies, format);
  const records = copies * 3_000_000;
  const reader =
    format === 'csv'
      ? `read_csv('${source}', header = true, sample_size = -1, buffer_size = ${CSV_BUFFER_BYTES})`
      : `read_parquet('${source}')`;
  const loadBefore = load1();
  const ownMemory = ingestionMemory(memoryLimit);
  const ownBefore = await duckdbLoadTimed(dir, [reader], ownMemory);
  const ownBeforeMs = ownBefore.ms;
  console.log(
    `scale: ${records.toLocaleString('en')} records generated (${format}); DuckDB's own load at ${ownMemory} ${fmt(ownBeforeMs)} ms (load ${load1().toFixed(1)})`,
  );
  writeFileSync(join(dataDir, 'datasets', 'flights.json'), JSON.stringify(flightsDescriptor(source, copies)));
  let server = await startServer(dataDir, SERVER_ENV);
  const pid = server.process.pid!;
  let ingestCpuS = 0;
  const [ingestMs, peakMiB] = await peakResidentMiB(pid, async () => {
    await waitForLog(server, /dataset flights: ingesting/);
    const cpuAtStart = cpuSeconds(pid);
    const m = await waitForLog(server, /dataset flights: [\d,]+ records written in (\d+) ms/);
    ingestCpuS = cpuSeconds(pid) - cpuAtStart;
    await waitForLog(server, /catalog up to date/);
    return Number(m[1]);
  });
  if (!storedDataset(dataDir, 'flights')) throw new Error('flights not stored');
  console.log(
    `scale: ${records.toLocaleString('en')} records (${format}) ingested in ${fmt(ingestMs)} ms (peak ${Math.round(peakMiB)} MiB, load ${load1().toFixed(1)})`,
  );
  await stopServer(server);
  // DuckDB's own load again: the machine's load drifts (other jobs), the faster run is the one kept.
  const ownAfter = await duckdbLoadTimed(dir, [reader], ownMemory);
  const ownAfterMs = ownAfter.ms;
  const loadAfter = load1();
  console.log(
    `scale: DuckDB's own load again ${fmt(ownAfterMs)} ms; ratio ${(ingestMs / Math.min(ownBeforeMs, ownAfterMs)).toFixed(2)} (load ${loadAfter.toFixed(1)})`,
  );
  const cases: CaseFigure[] = [];
  if (runCases) {
    // Raw DuckDB runs every query; so does the server here, its result cache off (RESULT_CACHE_MB=0).
    server = await startServer(dataDir, { ...SERVER_ENV, RESULT_CACHE_MB: '0' });
    const { dataset } = storedDataset(dataDir, 'flights');
    const raw = await rawRunner(await rawInstance(dataDir, ['flights'], memoryLimit), dataset.table);
    const runs = Number(process.env.BENCH_SCALE_RUNS ?? 10);
    const uncached: { name: string; httpP50: number; rawP50: number; target: number }[] = [];
    for (const c of CASES) {
      const http = httpRunner(server.origin);
      const [h, r] = await timeInterleaved(
        () => http(c),
        () => raw(c),
        runs,
      );
      const rawP50 = percentile(r, 50);
      uncached.push({ name: c.name, httpP50: percentile(h, 50), rawP50, target: 1.3 * rawP50 + 3 });
      console.log(
        `scale ${records / 1e6}M: ${c.name.padEnd(40)} http ${fmt(percentile(h, 50))} ms   raw ${fmt(rawP50)} ms (load ${load1().toFixed(1)})`,
      );
    }
    await stopServer(server);
    server = await startServer(dataDir, SERVER_ENV);
    for (const [i, c] of CASES.entries()) {
      const http = httpRunner(server.origin);
      const [cachedP50] = await p50p99(runs, () => http(c));
      cases.push({ ...uncached[i]!, cachedP50 });
      console.log(
        `scale ${records / 1e6}M: ${c.name.padEnd(40)} http with the result cache ${fmt(cachedP50)} ms`,
      );
    }
  } else {
    server = await startServer(dataDir, SERVER_ENV);
    await get(server.origin, '/catalog/datasets/flights/records?limit=10');
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleMiB = residentMiB(server.process.pid!);
  await stopServer(server);
  const { statSync } = await import('node:fs');
  const fileMiB = statSync(storedDataset(dataDir, 'flights').file).size / 2 ** 20;
  rmSync(dir, { recursive: true, force: true });
  return {
    records,
    format,
    ingestS: seconds(ingestMs),
    duckdbS: seconds(Math.min(ownBeforeMs, ownAfterMs)),
    duckdbRunsS: [seconds(ownBeforeMs), seconds(ownAfterMs)],
    ingestCpuS,
    duckdbCpuS: ownBeforeMs <= ownAfterMs ? ownBefore.cpuS : ownAfter.cpuS,
    load: [loadBefore, loadAfter],
    peakMiB,
    idleMiB,
    fileMiB,
    cases,
  };
}

/** The sizes of this run: the default bench stays short, BENCH_SCALE=full adds the largest. */
export function scaleSizes(): { many: number[]; copies: number[]; casesAt: number } {
  if (process.env.BENCH_SCALE_MANY || process.env.BENCH_SCALE_COPIES) {
    return {
      many: (process.env.BENCH_SCALE_MANY ?? '').split(',').filter(Boolean).map(Number),
      copies: (process.env.BENCH_SCALE_COPIES ?? '').split(',').filter(Boolean).map(Number),
      casesAt: 10,
    };
  }
  return FULL
    ? { many: [10_000, 100_000], copies: [1, 10, 34], casesAt: 10 }
    : { many: [10_000], copies: [1, 10], casesAt: 10 };
}

export async function scaleBench(
  work: string,
  memoryLimit: string,
): Promise<{ many: ManyFigure[]; large: LargeFigure[] }> {
  const sizes = scaleSizes();
  const many: ManyFigure[] = [];
  for (const n of sizes.many) many.push(await manyDatasets(work, n, memoryLimit));
  const large: LargeFigure[] = [];
  const formats = (process.env.BENCH_SCALE_FORMATS ?? 'parquet,csv').split(',') as LargeFormat[];
  for (const k of sizes.copies) {
    for (const format of formats)
      large.push(
        await largeDataset(work, k, memoryLimit, k === sizes.casesAt && format === 'parquet', format),
      );
  }
  return { many, large };
}

/** A figure of the ingestion, or `cached` when the run reused an ingested folder (BENCH_SCALE_CACHE). */
const orCached = (value: number): string => (Number.isNaN(value) ? 'cached' : value.toFixed(1));

export function renderScale(
  r: { many: readonly ManyFigure[]; large: readonly LargeFigure[] },
  memoryLimit: string,
): string {
  const many = r.many
    .map(
      (m) =>
        `| ${m.datasets.toLocaleString('en')} | ${m.served.toLocaleString('en')} | ${orCached(m.ingestS)} | ${orCached(m.duckdbS)} | ${orCached(m.ingestS / m.duckdbS)} | ${orCached(m.ingestCpuS)} / ${orCached(m.duckdbCpuS)} = ${orCached(m.ingestCpuS / m.duckdbCpuS)} | ${orCached(m.listLagS)} | ${Number.isNaN(m.skipped) ? 'cached' : `${m.skipped} / ${m.tableErrors}`} | ${Number.isNaN(m.peakMiB) ? 'cached' : Math.round(m.peakMiB)} | ${m.ingestLoad.map((l) => orCached(l)).join(' / ')} | ${m.load.toFixed(1)} | ${m.listenS.toFixed(2)} / ${m.fullS.toFixed(2)} / ${m.servesS.toFixed(2)} / ${m.checkedS.toFixed(2)} | ${Math.round(m.idleMiB)} | ${fmt(m.listP50)} / ${fmt(m.searchP50)} / ${fmt(m.facetsP50)} | ${fmt(m.listP99)} / ${fmt(m.searchP99)} / ${fmt(m.facetsP99)} | ${fmt(m.listColdP50)} / ${fmt(m.searchColdP50)} / ${fmt(m.facetsColdP50)} | ${fmt(m.listColdP99)} / ${fmt(m.searchColdP99)} / ${fmt(m.facetsColdP99)} |`,
    )
    .join('\n');
  const large = r.large
    .map(
      (l) =>
        `| ${l.records.toLocaleString('en')} | ${l.format} | ${l.ingestS.toFixed(1)} | ${l.duckdbRunsS[0].toFixed(1)} / ${l.duckdbRunsS[1].toFixed(1)} | ${(l.ingestS / l.duckdbS).toFixed(2)} | ${l.ingestCpuS.toFixed(1)} / ${l.duckdbCpuS.toFixed(1)} = ${(l.ingestCpuS / l.duckdbCpuS).toFixed(2)} | ${Math.round(l.peakMiB)} | ${Math.round(l.idleMiB)} | ${Math.round(l.fileMiB)} | ${l.load[0].toFixed(1)} / ${l.load[1].toFixed(1)} |`,
    )
    .join('\n');
  const withCases = r.large.find((l) => l.cases.length > 0);
  const cases = withCases
    ? `\nRequest cases: the server with its result cache off (\`RESULT_CACHE_MB=0\`: every request runs its query, as raw
DuckDB does), interleaved with raw DuckDB; then, at its default settings, the same requests repeated (answered
from its result cache).

| request on flights (${withCases.records.toLocaleString('en')} records, Parquet store) | HTTP p50 ms, no cache | raw DuckDB p50 ms | ratio | target ms | target | HTTP p50 ms, result cache |
|---|---|---|---|---|---|---|
${withCases.cases
  .map(
    (c) =>
      `| ${c.name} | ${fmt(c.httpP50)} | ${fmt(c.rawP50)} | ${(c.httpP50 / c.rawP50).toFixed(2)} | ${fmt(c.target)} | ${c.httpP50 <= c.target ? 'met' : '**missed**'} | ${fmt(c.cachedP50)} |`,
  )
  .join('\n')}
`
    : '';
  return `
## Scale (issue 12)

Generated at run time${FULL ? ' (BENCH_SCALE=full)' : ' (default sizes; BENCH_SCALE=full adds 100,000 datasets and 100M records)'}; server at its default settings
(\`DEFAULT_CATALOG=false\`, \`DUCKDB_MEMORY_LIMIT\` ${memoryLimit}: the server splits it in halves, its
ingestion engine works within ${ingestionMemory(memoryLimit)}). DuckDB's own load is \`CREATE TABLE … AS SELECT * FROM
read_csv/read_parquet(…)\` of the same files **within the same ${ingestionMemory(memoryLimit)}** and with as many threads, in the
same run (into a database file for the large dataset, once before and once after the server's
ingestion, the ratio taken to the faster of the two; for the many small ones, \`COPY (SELECT * FROM
read_csv(…)) TO … (FORMAT parquet)\` of each file, one after the other). Load average: the one-minute \`uptime\` figure before / after. Memory is the
server process's resident set (Node and DuckDB together). Raw DuckDB in the request cases has the
whole ${memoryLimit} (the server's request engine half of it).

| datasets (100-row CSV each) | served | ingestion from an empty store s | DuckDB's own copy to Parquet s | ratio | CPU s: ingestion / own copy = ratio | longest wait to be listed s | skipped / catalog table errors | peak MiB while ingesting | load average while ingesting | load average at restart | restart: listening / full catalog listed / last dataset answers / all checked, s | idle MiB | catalog list / search / facets p50 ms | p99 ms | never asked before: p50 ms | p99 ms |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${many}

| records (flights-3m repeated) | source | ingestion s | DuckDB's own load s, before / after | ratio | CPU s: ingestion / own load = ratio | peak MiB while ingesting | idle MiB after restart | records file MiB | load average |
|---|---|---|---|---|---|---|---|---|---|
${large}
${cases}`;
}
