import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { loadConfig } from '../src/server/config';
import { clickhouseInstalled } from '../src/server/engine/clickhouse/cluster';
import { analyzeRenderFigures, renderAnalyzeTable } from './analyze';
import { type BenchCase, CASES, requestCase } from './cases';
import { clickhouseBench, writeClickHouseSection } from './clickhouse';
import { renderSlowDownloads, slowDownloadsBench, writeSlowDownloadsSection } from './downloads';
import { explorerFigures, renderExplorerFigures } from './explorer';
import { exportBench, renderExports } from './exports';
import { fairnessBench, renderFairness, writeFairnessSection } from './fairness';
import { keysetBench, renderKeyset, writeKeysetSection } from './keyset';
import { buildExplorer, type MapFigure, mapRenderFigures, renderMapTable } from './map';
import { parserThroughput } from './parser';
import { renderScale, scaleBench } from './scale';
import { residentMiB, startServer, stopServer, waitForLog } from './server';
import { fmt, percentile, timeInterleaved } from './stats';
import { rawInstance, storedDataset } from './store';

/*
 * `npm run bench`: the figures the issues name, each HTTP figure against raw DuckDB running the
 * equivalent SQL in the same run, on the same data. Prints a table and rewrites bench/RESULTS.md.
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 30);

interface Row {
  readonly issue: string;
  readonly name: string;
  readonly httpP50: number;
  readonly rawP50: number;
  readonly target: number;
}

async function rawRunner(
  instance: DuckDBInstance,
  flightsTable: string,
): Promise<(c: BenchCase) => Promise<void>> {
  const connections: DuckDBConnection[] = [];
  for (let i = 0; i < 3; i++) connections.push(await instance.connect());
  return async (c) => {
    await Promise.all(
      c.raw.map(async (sequence, i) => {
        for (const sql of sequence) {
          const reader = await connections[i]!.runAndReadAll(sql.replaceAll('{t}', `"${flightsTable}"`));
          reader.getRowsJS();
        }
      }),
    );
  };
}

async function httpRunner(origin: string): Promise<(c: BenchCase) => Promise<void>> {
  return (c) => requestCase(origin, c);
}

/**
 * `npm run bench -- load`: the fairness and load section alone (issue 13), written in place in
 * RESULTS.md. BENCH_DATA_DIR reuses a data folder already ingested; otherwise one is made first.
 */
async function loadOnly(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'odexplorer-bench-'));
  try {
    let dataDir = process.env.BENCH_DATA_DIR;
    if (!dataDir) {
      dataDir = join(work, 'data');
      console.log('first start (ingests the whole default catalog)…');
      const first = await startServer(dataDir);
      // Datasets ingest in the background: the figures need all of them served.
      await waitForLog(first, /catalog up to date/);
      await stopServer(first);
    }
    const section = renderFairness(await fairnessBench(dataDir), machineLine());
    writeFairnessSection(section);
    console.log(`\n${section}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The default catalog's data folder for a partial bench: BENCH_DATA_DIR when set (already ingested),
 * otherwise a new one under `work`, ingested by a first start.
 */
async function benchDataDir(work: string): Promise<string> {
  const given = process.env.BENCH_DATA_DIR;
  if (given) return given;
  const dataDir = join(work, 'data');
  console.log('first start (ingests the whole default catalog)…');
  const first = await startServer(dataDir);
  await waitForLog(first, /catalog up to date/);
  await stopServer(first);
  return dataDir;
}

/**
 * `npm run bench -- cases`: the request cases alone (HTTP against raw DuckDB, same run), printed and not
 * written to RESULTS.md, to compare two versions of the server quickly.
 */
async function casesOnly(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'odexplorer-bench-'));
  try {
    const dataDir = await benchDataDir(work);
    // Raw DuckDB runs every query; so does the server, its result cache off (a repeat would be a lookup).
    const server = await startServer(dataDir, { RESULT_CACHE_MB: '0' });
    const table = storedDataset(dataDir, 'flights').dataset.table;
    const http = await httpRunner(server.origin);
    const raw = await rawRunner(await rawInstance(dataDir, ['flights'], loadConfig().memoryLimit), table);
    for (const c of CASES) {
      const [h, r] = await timeInterleaved(
        () => http(c),
        () => raw(c),
        RUNS,
      );
      const httpP50 = percentile(h, 50);
      const rawP50 = percentile(r, 50);
      console.log(
        `${c.name.padEnd(40)} http ${fmt(httpP50).padStart(7)} ms   raw ${fmt(rawP50).padStart(7)} ms   ratio ${(httpP50 / rawP50).toFixed(2)}`,
      );
    }
    await stopServer(server);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- explorer`: the explorer's figures alone (issue 17: JavaScript before the catalog,
 * navigation to flights' first rows, the map's first full render), printed, RESULTS.md untouched.
 */
async function explorerOnly(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'odexplorer-bench-'));
  try {
    const dataDir = await benchDataDir(work);
    const explorer = await explorerFigures(dataDir, Number(process.env.BENCH_BROWSER_RUNS ?? 10));
    process.env.STATIC_DIR = buildExplorer(work);
    const server = await startServer(dataDir);
    // A data folder ingested from another checkout is ingested again, after the server listens.
    await waitForLog(server, /catalog up to date/);
    const map = await mapRenderFigures(server.origin);
    await stopServer(server);
    console.log(`\nMachine: ${machineLine()}.\n${renderExplorerFigures(explorer)}\n${renderMapTable(map)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- downloads`: the slow downloads section alone (a 21st download beside 20 readers at
 * 1 KB/s), written in place in RESULTS.md.
 */
async function downloadsOnly(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'odexplorer-bench-'));
  try {
    const section = renderSlowDownloads(await slowDownloadsBench(await benchDataDir(work)), machineLine());
    writeSlowDownloadsSection(section);
    console.log(`\n${section}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- keyset`: the records table's page at depth 2,900,000 against its first page (and
 * the engine's SQL of both), written in place in RESULTS.md.
 */
async function keysetOnly(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'odexplorer-bench-'));
  try {
    const dataDir = await benchDataDir(work);
    const server = await startServer(dataDir, { RESULT_CACHE_MB: '0' });
    const table = storedDataset(dataDir, 'flights').dataset.table;
    const raw = await rawInstance(dataDir, ['flights'], loadConfig().memoryLimit);
    const section = renderKeyset(await keysetBench(server.origin, raw, table, RUNS), machineLine());
    await stopServer(server);
    writeKeysetSection(section);
    console.log(`\n${section}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- map`: the Map tab's first full picture of each display mode against the floor (the
 * basemap alone), printed, RESULTS.md untouched. The server's result cache stays on, as it is served.
 */
async function mapOnly(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'odexplorer-bench-'));
  try {
    const dataDir = await benchDataDir(work);
    process.env.STATIC_DIR = buildExplorer(work);
    const server = await startServer(dataDir);
    await waitForLog(server, /catalog up to date/);
    const map = await mapRenderFigures(server.origin);
    await stopServer(server);
    console.log(`\nMachine: ${machineLine()}.\n${renderMapTable(map)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('map')) return mapOnly();
  if (process.argv.includes('load')) return loadOnly();
  if (process.argv.includes('downloads')) return downloadsOnly();
  if (process.argv.includes('keyset')) return keysetOnly();
  if (process.argv.includes('cases')) return casesOnly();
  if (process.argv.includes('explorer')) return explorerOnly();
  if (process.argv.includes('clickhouse')) {
    const section = await clickhouseBench(machineLine());
    writeClickHouseSection(section);
    console.log(`\n${section}`);
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'odexplorer-bench-'));
  const dataDir = join(work, 'data');
  try {
    const parser = parserThroughput();
    console.log(
      `parser: ${parser.bytes} bytes in ${fmt(parser.msPerParse)} ms = ${parser.msPerKb.toFixed(3)} ms/KB`,
    );

    const memoryLimit = loadConfig().memoryLimit;
    if (process.env.BENCH_ONLY === 'scale') {
      const scale = await scaleBench(work, memoryLimit);
      const text = renderScale(scale, memoryLimit);
      writeFileSync(
        join(import.meta.dirname, 'RESULTS-scale.md'),
        `# Scale figures\n\nMachine: ${machineLine()}.\n${text}`,
      );
      console.log(text);
      return;
    }

    console.log('first start (ingests the whole default catalog)…');
    const first = await startServer(dataDir);
    const ingestMs = Number((await waitForLog(first, /catalog up to date: .*?, (\d+) ms after start/))[1]);
    await stopServer(first);
    const table = storedDataset(dataDir, 'flights').dataset.table;

    // The second server also serves the explorer, for the map's render in a browser.
    process.env.STATIC_DIR = buildExplorer(work);
    // Raw DuckDB runs every query; so does the server, its result cache off (a repeat would be a lookup).
    const server = await startServer(dataDir, { RESULT_CACHE_MB: '0' });
    console.log(`second start: ready in ${Math.round(server.readyMs)} ms`);
    const http = await httpRunner(server.origin);
    // Raw DuckDB reads the same records file, at the same memory limit.
    const rawFlights = await rawInstance(dataDir, ['flights'], memoryLimit);
    const raw = await rawRunner(rawFlights, table);
    const rows: Row[] = [];
    for (const c of CASES) {
      const [h, r] = await timeInterleaved(
        () => http(c),
        () => raw(c),
        RUNS,
      );
      const rawP50 = percentile(r, 50);
      const row = {
        issue: c.issue,
        name: c.name,
        httpP50: percentile(h, 50),
        rawP50,
        target: 1.3 * rawP50 + 3,
      };
      rows.push(row);
      console.log(
        `${c.name.padEnd(40)} http ${fmt(row.httpP50).padStart(7)} ms   raw ${fmt(rawP50).padStart(7)} ms   ${row.httpP50 <= row.target ? 'ok' : 'OVER TARGET'}`,
      );
    }
    const keyset = await keysetBench(server.origin, rawFlights, table, RUNS);
    const exports = await exportBench(server.origin, server.process.pid!, dataDir, memoryLimit);
    const map = await mapRenderFigures(server.origin);
    const analyze = await analyzeRenderFigures(server.origin);
    await new Promise((r) => setTimeout(r, 2000));
    const idleMiB = residentMiB(server.process.pid!);
    await stopServer(server);

    const explorer = await explorerFigures(dataDir, Number(process.env.BENCH_BROWSER_RUNS ?? 10));
    const scale = await scaleBench(work, memoryLimit);
    const fairness = await fairnessBench(dataDir);
    const slowDownloads = await slowDownloadsBench(dataDir);

    const machine = machineLine();
    // The same server on a two-shard ClickHouse cluster beside DuckDB (issue 15), where it is installed.
    const clickhouse = clickhouseInstalled() ? `\n${await clickhouseBench(machine)}` : '';
    const report =
      renderReport({
        rows,
        parser,
        ingestMs,
        firstReadyMs: first.readyMs,
        secondReadyMs: server.readyMs,
        idleMiB,
        machine,
        map,
      }) +
      `\n${renderKeyset(keyset, machine)}` +
      renderExports(exports.figures, exports.memory) +
      renderAnalyzeTable(analyze) +
      renderExplorerFigures(explorer) +
      renderScale(scale, memoryLimit) +
      `\n${renderFairness(fairness, machine)}` +
      `\n${renderSlowDownloads(slowDownloads, machine)}` +
      clickhouse;
    writeFileSync(join(import.meta.dirname, 'RESULTS.md'), report);
    console.log(`\n${report}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function machineLine(): string {
  return `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${process.platform}; server DuckDB memory_limit ${loadConfig().memoryLimit}`;
}

function renderReport(r: {
  rows: readonly Row[];
  parser: ReturnType<typeof parserThroughput>;
  ingestMs: number;
  firstReadyMs: number;
  secondReadyMs: number;
  idleMiB: number;
  machine: string;
  map: readonly MapFigure[];
}): string {
  const table = r.rows
    .map((row) => {
      const ratio = row.httpP50 / row.rawP50;
      const verdict = row.httpP50 <= row.target ? 'met' : '**missed**';
      return `| ${row.issue} | ${row.name} | ${fmt(row.httpP50)} | ${fmt(row.rawP50)} | ${ratio.toFixed(2)} | ${fmt(row.target)} | ${verdict} |`;
    })
    .join('\n');
  return `# Benchmark results

Produced by \`npm run bench\` (${RUNS} measured runs per figure after 3 warm-up runs, HTTP and raw runs
alternating so that the machine's drift weighs on both alike; p50 = median).
Machine: ${r.machine}. Date: ${new Date().toISOString().slice(0, 10)}.

HTTP figures are full round trips to the real server (\`/api/explore/v2.1\`, keep-alive fetch, JSON parsed);
raw figures run the equivalent SQL through @duckdb/node-api on the same records file (a view over the
Parquet file of the store, same memory limit), in the same run.
Target: HTTP p50 ≤ 1.3 × raw p50 + 3 ms.

| issue | request on flights (3,000,000 records) | HTTP p50 ms | raw DuckDB p50 ms | ratio | target ms | target |
|---|---|---|---|---|---|---|
${table}

| figure | value | target |
|---|---|---|
| ODSQL parser, ${r.parser.bytes}-byte where clause | ${fmt(r.parser.msPerParse)} ms per parse, ${r.parser.msPerKb.toFixed(3)} ms/KB | well under 1 ms/KB |
| first start: ingestion of the whole default catalog | ${(r.ingestMs / 1000).toFixed(1)} s (ready to serve after ${(r.firstReadyMs / 1000).toFixed(1)} s) | under 60 s |
| second start (nothing to ingest): ready to serve | ${(r.secondReadyMs / 1000).toFixed(2)} s | |
| server resident memory once idle (after the runs) | ${Math.round(r.idleMiB)} MiB | |

${renderMapTable(r.map)}`;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
