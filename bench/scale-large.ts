import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { CSV_BUFFER_BYTES } from '../src/server/backend/local-engine';
import { type BenchCase, CASES, requestCase } from './cases';
import { FLIGHTS, flightsDescriptor } from './flights-store';
import { get, ingestionMemory, load1, p50p99, SERVER_ENV, seconds, time } from './scale-common';
import { cpuSeconds, peakResidentMiB, residentMiB, startServer, stopServer, waitForLog } from './server';
import { fmt, percentile, timeInterleaved } from './stats';
import { rawInstance, storedDataset } from './store';

/*
 * One large dataset (flights-3m repeated, the year shifted by copy): its ingestion set against DuckDB's
 * own load of the same file in the same run, then the request cases against raw DuckDB.
 */

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
