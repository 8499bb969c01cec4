import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { loadConfig } from '../src/server/config';
import { startLocalCluster } from '../src/server/engine/clickhouse/cluster';
import { type BenchCase, CASES, requestCase } from './cases';
import { type FlightsStore, flightsStore } from './flights-store';
import { writeResultsSection } from './results-file';
import { type RunningServer, startServer, stopServer, waitForLog } from './server';
import { fmt, percentile } from './stats';
import { rawInstance } from './store';

/*
 * `npm run bench -- clickhouse` (and the end of the whole `npm run bench`): the same server on DuckDB
 * and on a two-shard ClickHouse cluster (two local processes started and stopped here, loopback ports
 * from CLICKHOUSE_BENCH_BASE_PORT, temporary folders), over the same flights store (3M and 30M records:
 * BENCH_CH_COPIES=1,10). For each engine: the server's ingestion (ClickHouse: loading the store's
 * Parquet into the cluster) against DuckDB's own load of the same file, the eight request cases over
 * HTTP with the result cache off and the engine's own SQL for the same answer, and the CSV export of
 * every record against the engine's own CSV writer. Runs of the four sides alternate, so the machine's
 * drift weighs on all alike. Rewrites the ClickHouse section of RESULTS.md.
 */

const HEADING = '## ClickHouse and DuckDB side by side (issue 15)';
const RUNS = Number(process.env.BENCH_CH_RUNS ?? 10);
const EXPORT_RUNS = Number(process.env.BENCH_CH_EXPORT_RUNS ?? 3);
const BASE_PORT = Number(process.env.CLICKHOUSE_BENCH_BASE_PORT ?? 18340);
const COPIES = (process.env.BENCH_CH_COPIES ?? '1,10').split(',').filter(Boolean).map(Number);
const COLUMNS = 'date, delay, distance, origin, destination';

type Runner = () => Promise<unknown>;

interface Side {
  readonly http: number;
  readonly raw: number;
}

interface SizeFigure {
  readonly records: number;
  /** Seconds: DuckDB's own load of the store file; the ClickHouse server's load of it into the cluster. */
  readonly duckdbLoadS: number;
  readonly clickhouseLoadS: number;
  readonly cases: readonly { name: string; duckdb: Side; clickhouse: Side }[];
  readonly csv: { duckdb: Side; clickhouse: Side; rows: number };
  readonly load: readonly [number, number];
  /** What failed, by side: `case (side): error`. */
  readonly failures: readonly string[];
}

const SIDES = ['DuckDB HTTP', 'DuckDB own SQL', 'ClickHouse HTTP', 'ClickHouse own SQL'] as const;

const load1 = (): number => loadavg()[0] ?? Number.NaN;

/** What a run that stopped early answers: the time it would have taken for all of its work. */
interface Estimate {
  readonly estimatedMs: number;
  readonly note: string;
}

const isEstimate = (v: unknown): v is Estimate =>
  typeof v === 'object' && v !== null && 'estimatedMs' in v && typeof v.estimatedMs === 'number';

async function timed(work: Runner): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** A side whose run took longer than this runs no more: its p50 is of the runs it made (noted). */
const SLOW_MS = Number(process.env.BENCH_CH_SLOW_MS ?? 20_000);

/**
 * p50 of each runner, their runs alternating after `warmup` untimed rounds. A runner that fails (a
 * request the engine does not support) is left out: its p50 is NaN and its error is kept. A run past
 * SLOW_MS is timed even in warm-up, and is that side's last.
 */
async function interleaved(
  runners: readonly Runner[],
  runs: number,
  warmup: number,
): Promise<{ p50: number[]; errors: (string | undefined)[] }> {
  const errors: (string | undefined)[] = runners.map(() => undefined);
  const times = runners.map((): number[] => []);
  const slow = runners.map(() => false);
  for (let i = 0; i < warmup + runs; i++)
    for (const [j, run] of runners.entries()) {
      if (errors[j] !== undefined || slow[j]) continue;
      try {
        const started = performance.now();
        const result = await run();
        let ms = performance.now() - started;
        if (isEstimate(result)) {
          ms = result.estimatedMs;
          errors[j] = result.note;
        }
        if (i >= warmup || ms > SLOW_MS) times[j]!.push(ms);
        if (ms > SLOW_MS) {
          slow[j] = true;
          const note = `slow: ${times[j]!.length} run(s) only (a run took ${Math.round(ms / 1000)} s)`;
          errors[j] = errors[j] === undefined ? note : `${errors[j]}; ${note}`;
        }
      } catch (error) {
        errors[j] = error instanceof Error ? error.message : String(error);
        console.warn(`  failed: ${errors[j]!.slice(0, 300)}`);
      }
    }
  return { p50: times.map((t) => (t.length > 0 ? percentile(t, 50) : Number.NaN)), errors };
}

function httpRunner(origin: string, c: BenchCase): Runner {
  return () => requestCase(origin, c);
}

/** Reads a response to the end (or until `stop` says so); its number of lines. */
async function drain(res: Response, what: string, stop?: () => boolean): Promise<number> {
  if (res.status !== 200) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
  let newlines = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++;
    // Leaving the loop cancels the body (the iterator's return).
    if (stop?.()) break;
  }
  return newlines;
}

/** An export stops after this long; its time for every record is then estimated from its pace. */
const EXPORT_LIMIT_MS = Number(process.env.BENCH_CH_EXPORT_LIMIT_S ?? 120) * 1000;

/** ClickHouse's own SQL over HTTP (its native interface for a remote client), whole result read. */
function clickhouseSql(url: string, sql: string, format = 'JSONCompact'): Promise<number> {
  return fetch(url, { method: 'POST', body: `${sql} FORMAT ${format}` }).then((res) => drain(res, sql));
}

function duckdbRunner(connections: readonly DuckDBConnection[], table: string, c: BenchCase): Runner {
  return () =>
    Promise.all(
      c.raw.map(async (sequence, i) => {
        for (const sql of sequence)
          (await connections[i]!.runAndReadAll(sql.replaceAll('{t}', `"${table}"`))).getRowsJS();
      }),
    );
}

function clickhouseRunner(url: string, table: string, c: BenchCase): Runner {
  return () =>
    Promise.all(
      c.clickhouse.map(async (sequence) => {
        for (const sql of sequence) await clickhouseSql(url, sql.replaceAll('{t}', table));
      }),
    );
}

/** DuckDB's own load of the store file: CREATE TABLE … AS SELECT * into a database file, in ms. */
async function duckdbLoad(dir: string, file: string): Promise<number> {
  const instance = await DuckDBInstance.create(join(dir, 'own-load.duckdb'), {
    memory_limit: '256MB',
    temp_directory: join(dir, 'own-load-spill'),
  });
  const connection = await instance.connect();
  const ms = await timed(() =>
    connection.run(`CREATE TABLE t AS SELECT * FROM read_parquet('${file.replaceAll("'", "''")}')`),
  );
  connection.closeSync();
  instance.closeSync();
  rmSync(join(dir, 'own-load.duckdb'), { force: true });
  return ms;
}

async function measureSize(work: string, store: FlightsStore): Promise<SizeFigure> {
  const loadBefore = load1();
  const dir = mkdtempSync(join(work, 'size-'));
  const cluster = await startLocalCluster({ basePort: BASE_PORT, parentDir: dir });
  const servers: RunningServer[] = [];
  try {
    const duckdbLoadS = (await duckdbLoad(dir, store.file)) / 1000;
    // The ClickHouse server gets its own copy of the data folder (a folder has one server).
    const chData = join(dir, 'clickhouse-data');
    cpSync(store.dataDir, chData, { recursive: true, preserveTimestamps: true });
    const urls = cluster.nodes.map((n) => n.httpUrl);
    const common = { DEFAULT_CATALOG: 'false', RESULT_CACHE_MB: '0' };
    const ch = await startServer(chData, {
      ...common,
      ENGINE: 'clickhouse',
      CLICKHOUSE_URL: urls.join(','),
      CLICKHOUSE_CLUSTER: cluster.name,
      CLICKHOUSE_DATABASE: 'bench',
      // Both servers run at once: a fixed BENCH_PORT is the DuckDB one's, the next port this one's.
      PORT: process.env.BENCH_PORT ? String(Number(process.env.BENCH_PORT) + 1) : '0',
    });
    servers.push(ch);
    const live = await waitForLog(ch, /ClickHouse: dataset flights live as (\S+) \((\d+) ms\)/);
    await waitForLog(ch, /catalog up to date/);
    const chTable = `bench.\`${live[1]}\``;
    const clickhouseLoadS = Number(live[2]) / 1000;
    console.log(
      `clickhouse ${store.records.toLocaleString('en')}: cluster load ${clickhouseLoadS.toFixed(1)} s, DuckDB's own load ${duckdbLoadS.toFixed(1)} s (load ${load1().toFixed(1)})`,
    );
    const duck = await startServer(store.dataDir, common);
    servers.push(duck);
    await waitForLog(duck, /catalog up to date/);
    const memoryLimit = loadConfig().memoryLimit;
    const raw = await rawInstance(store.dataDir, ['flights'], memoryLimit);
    const connections = await Promise.all([0, 1, 2].map(() => raw.connect()));
    const table = store.dataset.table;
    const cases: SizeFigure['cases'][number][] = [];
    const failures: string[] = [];
    for (const c of CASES) {
      const {
        p50: [dh, dr, ch2, cr],
        errors,
      } = await interleaved(
        [
          httpRunner(duck.origin, c),
          duckdbRunner(connections, table, c),
          httpRunner(ch.origin, c),
          clickhouseRunner(urls[0]!, chTable, c),
        ],
        RUNS,
        2,
      );
      for (const [i, e] of errors.entries())
        if (e !== undefined)
          failures.push(`${c.name} (${SIDES[i]}): ${e.replace(/\s+/g, ' ').slice(0, 300)}`);
      cases.push({ name: c.name, duckdb: { http: dh!, raw: dr! }, clickhouse: { http: ch2!, raw: cr! } });
      console.log(
        `${c.name.padEnd(36)} DuckDB http ${fmt(dh!)} raw ${fmt(dr!)} | ClickHouse http ${fmt(ch2!)} raw ${fmt(cr!)} ms (load ${load1().toFixed(1)})`,
      );
    }
    let rows = 0;
    const csvFile = join(dir, 'out.csv');
    const exportOf =
      (origin: string): Runner =>
      async () => {
        const started = performance.now();
        const stop = (): boolean => performance.now() - started > EXPORT_LIMIT_MS;
        const res = await fetch(`${origin}/api/explore/v2.1/catalog/datasets/flights/exports/csv`);
        const lines = (await drain(res, 'csv export', stop)) - 1;
        if (lines >= store.records) {
          rows = lines;
          return undefined;
        }
        const elapsed = performance.now() - started;
        return {
          estimatedMs: (elapsed * store.records) / Math.max(lines, 1),
          note: `stopped after ${Math.round(elapsed / 1000)} s at ${lines.toLocaleString('en')} records; its time for all of them estimated from that pace`,
        } satisfies Estimate;
      };
    const {
      p50: [dh, dr, chh, chr],
      errors: exportErrors,
    } = await interleaved(
      [
        exportOf(duck.origin),
        () =>
          connections[0]!.run(
            `COPY (SELECT ${COLUMNS} FROM "${table}") TO '${csvFile}' (FORMAT csv, HEADER true, DELIMITER ';')`,
          ),
        exportOf(ch.origin),
        () => clickhouseSql(urls[0]!, `SELECT ${COLUMNS} FROM ${chTable}`, 'CSVWithNames'),
      ],
      EXPORT_RUNS,
      0,
    );
    console.log(
      `csv export ${rows} rows: DuckDB http ${fmt(dh!)} COPY ${fmt(dr!)} | ClickHouse http ${fmt(chh!)} own CSV ${fmt(chr!)} ms (load ${load1().toFixed(1)})`,
    );
    for (const [i, e] of exportErrors.entries())
      if (e !== undefined) failures.push(`CSV export (${SIDES[i]}): ${e.replace(/\s+/g, ' ').slice(0, 300)}`);
    for (const c of connections) c.closeSync();
    raw.closeSync();
    return {
      records: store.records,
      duckdbLoadS,
      clickhouseLoadS,
      cases,
      csv: { duckdb: { http: dh!, raw: dr! }, clickhouse: { http: chh!, raw: chr! }, rows },
      load: [loadBefore, load1()],
      failures,
    };
  } finally {
    for (const server of servers) await stopServer(server);
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ratio = (a: number, b: number): string => (Number.isNaN(a / b) ? 'n/a' : (a / b).toFixed(2));
const ms = (v: number): string => (Number.isNaN(v) ? 'failed' : fmt(v));

function renderSize(f: SizeFigure): string {
  const row = (name: string, d: Side, c: Side): string =>
    `| ${name} | ${ms(d.http)} | ${ms(d.raw)} | ${ms(c.http)} | ${ms(c.raw)} | **${ratio(c.http, d.http)}** | ${ratio(c.raw, d.raw)} |`;
  // A load average above the core count means other work shared the machine: the figures say so.
  const loaded = Math.max(...f.load) > cpus().length ? ', **measured under load**' : '';
  return `### ${f.records.toLocaleString('en')} records (load average ${f.load[0].toFixed(1)} before, ${f.load[1].toFixed(1)} after${loaded})

Loading the store's Parquet file: DuckDB's own load ${f.duckdbLoadS.toFixed(1)} s; into the cluster by the
server ${f.clickhouseLoadS.toFixed(1)} s (${Math.round(f.records / f.clickhouseLoadS).toLocaleString('en')} records/s), ratio ${ratio(f.clickhouseLoadS, f.duckdbLoadS)}.

| request on flights | DuckDB HTTP p50 ms | DuckDB own SQL p50 ms | ClickHouse HTTP p50 ms | ClickHouse own SQL p50 ms | HTTP ratio ClickHouse / DuckDB | own SQL ratio |
|---|---:|---:|---:|---:|---:|---:|
${f.cases.map((c) => row(c.name, c.duckdb, c.clickhouse)).join('\n')}
${row(`CSV export, all ${f.records.toLocaleString('en')} records (own SQL: the engine's CSV writer, bare columns)`, f.csv.duckdb, f.csv.clickhouse)}
${f.failures.map((x) => `\n- ${x}`).join('')}
`;
}

/** The side-by-side figures at every size, as a RESULTS.md section. */
export async function clickhouseBench(machine: string): Promise<string> {
  const cache = process.env.BENCH_CH_CACHE;
  const work = mkdtempSync(join(tmpdir(), 'clickhouse-bench-'));
  try {
    const sizes: SizeFigure[] = [];
    for (const copies of COPIES) {
      const store = await flightsStore(join(cache ?? work, `flights-${copies}`), copies);
      sizes.push(await measureSize(work, store));
    }
    return `${HEADING}

\`npm run bench -- clickhouse\` (bench/clickhouse.ts). ${machine}. The same server on DuckDB and on a
two-shard ClickHouse 18.16 cluster (two processes on this machine), over the same flights store, result
cache off (every request runs its query). Own SQL: the query a user of each engine would write for the
same answer (bench/cases.ts), DuckDB in-process on the store's file, ClickHouse over HTTP on the
Distributed table. p50 of ${RUNS} runs (CSV export: ${EXPORT_RUNS}), the four sides alternating. Ratios
above 1: ClickHouse slower.

${sizes.map(renderSize).join('\n')}`;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function writeClickHouseSection(section: string): void {
  writeResultsSection(HEADING, section);
}
