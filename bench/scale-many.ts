import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { get, ingestionMemory, load1, p50p99, SERVER_ENV, seconds, time } from './scale-common';
import { cpuSeconds, peakResidentMiB, residentMiB, startServer, stopServer, waitForLog } from './server';
import { fmt } from './stats';

/*
 * Many small datasets (100-row CSVs): their first ingestion from an empty store set against DuckDB's own
 * copy of the same files to Parquet in the same run, then a restart and the catalog's requests.
 */

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
  // Counted as the log grows (reading the whole log each time was quadratic over the run).
  let count = 0;
  let counted = 0;
  while (!finished) {
    const text = log();
    const end = text.lastIndexOf('\n') + 1;
    if (end > counted) {
      count += text.slice(counted, end).match(/ records written in /g)?.length ?? 0;
      counted = end;
    }
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
  // Where the memory goes, as the server logs it once its catalog is up to date.
  const breakdown = / resident \d+ MiB: .*/.exec(server.log())?.[0] ?? ' (no memory line logged)';
  console.log(`scale: ${count} datasets, idle ${Math.round(idleMiB)} MiB;${breakdown}`);
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
