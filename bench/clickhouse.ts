import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DatasetSchema } from '../src/odsql/schema';
import { startLocalCluster } from '../src/server/engine/clickhouse/cluster';
import { ingestVersion } from '../src/server/engine/clickhouse/ingest';
import { ensureStateTables } from '../src/server/engine/clickhouse/state';
import { connectTarget, qualified } from '../src/server/engine/clickhouse/target';
import { writeResultsSection } from './results-file';
import { fmt, percentile } from './stats';

/*
 * `npm run bench -- clickhouse`: groundwork for issue 15. Raw engines only — no HTTP server, no compiled
 * ODSQL (the ClickHouse dialect does not exist yet): the same SQL questions asked of DuckDB over the
 * records file and of a local two-shard ClickHouse 18.16 cluster (two processes on this machine) over
 * the Distributed table, after loading the 3M flights into both. ClickHouse times include its HTTP
 * round trip; DuckDB's are in-process. Rewrites the "ClickHouse" section of RESULTS.md.
 */

const HEADING = '## ClickHouse, raw engines (issue 15 groundwork)';
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const BASE_PORT = Number(process.env.CLICKHOUSE_BENCH_BASE_PORT ?? 18340);

const SCHEMA: DatasetSchema = {
  fields: [
    { name: 'date', type: 'datetime' },
    { name: 'delay', type: 'int' },
    { name: 'distance', type: 'int' },
    { name: 'origin', type: 'text' },
    { name: 'destination', type: 'text' },
  ],
};

/** The same question for both engines: `{t}` is the table (DuckDB view or ClickHouse Distributed table). */
const QUESTIONS: readonly { name: string; duckdb: string; clickhouse: string }[] = [
  { name: 'count', duckdb: 'SELECT count(*) FROM {t}', clickhouse: 'SELECT count() FROM {t}' },
  {
    name: 'group by origin, count, top 10',
    duckdb: 'SELECT origin, count(*) c FROM {t} GROUP BY origin ORDER BY c DESC, origin LIMIT 10',
    clickhouse: 'SELECT origin, count() c FROM {t} GROUP BY origin ORDER BY c DESC, origin LIMIT 10',
  },
  {
    name: 'group by month, avg delay',
    duckdb: "SELECT date_trunc('month', date) m, avg(delay) FROM {t} GROUP BY m ORDER BY m",
    clickhouse: 'SELECT toStartOfMonth(date) m, avg(delay) FROM {t} GROUP BY m ORDER BY m',
  },
  {
    name: 'filter + count distinct destination',
    duckdb: 'SELECT count(DISTINCT destination) FROM {t} WHERE distance > 1000',
    clickhouse: 'SELECT uniqExact(destination) FROM {t} WHERE distance > 1000',
  },
  {
    // Interpolated like DuckDB's quantile_cont (docs/clickhouse.md): 18.16's quantileExact picks an element.
    name: 'median delay by origin (interpolated)',
    duckdb: 'SELECT origin, quantile_cont(delay, 0.5) FROM {t} GROUP BY origin ORDER BY origin LIMIT 20',
    clickhouse: `SELECT origin, arrayElement(s, toUInt64(floor(0.5 * (length(s) - 1))) + 1) + (0.5 * (length(s) - 1) - floor(0.5 * (length(s) - 1))) * (arrayElement(s, toUInt64(ceil(0.5 * (length(s) - 1))) + 1) - arrayElement(s, toUInt64(floor(0.5 * (length(s) - 1))) + 1))
      FROM (SELECT origin, arraySort(groupArray(delay)) AS s FROM {t} GROUP BY origin) ORDER BY origin LIMIT 20`,
  },
];

/** Rows as text with numbers to 9 significant digits and dates as epoch days: comparable across engines. */
function normalized(rows: readonly (readonly unknown[])[]): string {
  return JSON.stringify(
    rows.map((row) =>
      row.map((v) => {
        if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}( 00:00:00)?$/.test(v))
          return Date.parse(v.slice(0, 10)) / 86_400_000;
        const n = typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
        return typeof n === 'number' ? Number(n.toPrecision(9)) : n;
      }),
    ),
  );
}

export async function clickhouseBench(machine: string): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), 'clickhouse-bench-'));
  const flights = join(
    import.meta.dirname,
    '..',
    'node_modules',
    'vega-datasets',
    'data',
    'flights-3m.parquet',
  );
  const cluster = await startLocalCluster({ basePort: BASE_PORT, parentDir: work });
  try {
    const duck = await DuckDBInstance.create(':memory:', {
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const c = await duck.connect();
    // The records file in the store's layout (record id, position, search text), as ingestion makes it.
    const file = join(work, 'ds_flights', 'bench.parquet');
    await c.run(`CREATE OR REPLACE TEMP TABLE f AS SELECT * FROM read_parquet('${flights}')`);
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(work, 'ds_flights'));
    await c.run(`COPY (SELECT date::TIMESTAMP AS date, delay::BIGINT AS delay, distance::BIGINT AS distance, origin, destination,
        md5(concat_ws('|', date, delay, distance, origin, destination, row_number() OVER ())) AS __id,
        TIMESTAMP '2026-01-01' AS __timestamp, 100::INTEGER AS __size,
        ' ' || lower(origin) || ' ' || lower(destination) || ' ' AS __search,
        (row_number() OVER () - 1)::BIGINT AS __pos FROM f) TO '${file}' (FORMAT parquet)`);
    await c.run('DROP TABLE f');
    await c.run(`CREATE VIEW flights AS SELECT * FROM read_parquet('${file}')`);
    const urls = cluster.nodes.map((n) => n.httpUrl);
    const target = await connectTarget({ urls, cluster: cluster.name, database: 'bench' });
    await ensureStateTables(target);
    const loadStart = performance.now();
    const table = await ingestVersion(target, {
      datasetId: 'flights',
      table: 'ds_flights',
      fingerprint: 'bench',
      file,
      schema: SCHEMA,
    });
    const loadMs = performance.now() - loadStart;
    const chTable = qualified(target, table);
    const lines = [
      HEADING,
      '',
      `Raw engines only (no HTTP server, no compiled ODSQL: the ClickHouse dialect is not written yet). ${machine}`,
      `3,000,000 flights (vega-datasets flights-3m.parquet in the store's layout). ClickHouse: Debian's 18.16.1,`,
      `two shards as two processes on this machine, queried over HTTP on the Distributed table (times include`,
      `the HTTP round trip and JSON result). DuckDB: in-process over the Parquet file, all threads. Median of ${RUNS}`,
      `runs, the two engines interleaved. Loading the 3M records into the cluster (DuckDB reads, RowBinary over`,
      `HTTP, synchronous Distributed insert): ${fmt(loadMs / 1000)} s. Load average at the end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
      '(other work on the machine makes these figures noisy; compare the ratios, and re-run on a quiet machine).',
      '',
      '| question | DuckDB p50 ms | ClickHouse p50 ms | ClickHouse / DuckDB | same answer |',
      '|---|---:|---:|---:|:---:|',
    ];
    for (const q of QUESTIONS) {
      const duckTimes: number[] = [];
      const chTimes: number[] = [];
      let duckRows = '';
      let chRows = '';
      for (let i = 0; i < RUNS; i++) {
        let t = performance.now();
        const reader = await c.runAndReadAll(q.duckdb.replaceAll('{t}', 'flights'));
        duckRows = normalized(reader.getRowsJson() as unknown[][]);
        duckTimes.push(performance.now() - t);
        t = performance.now();
        const result = await target.client.query(q.clickhouse.replaceAll('{t}', chTable));
        chRows = normalized(result.rows);
        chTimes.push(performance.now() - t);
      }
      const d = percentile(duckTimes, 0.5);
      const h = percentile(chTimes, 0.5);
      const same = duckRows === chRows ? 'yes' : 'NO';
      if (same === 'NO')
        console.warn(
          `${q.name}: answers differ\n  DuckDB     ${duckRows.slice(0, 300)}\n  ClickHouse ${chRows.slice(0, 300)}`,
        );
      lines.push(`| ${q.name} | ${fmt(d)} | ${fmt(h)} | ${(h / d).toFixed(2)} | ${same} |`);
    }
    lines.push(
      '',
      'Run it again with `npm run bench -- clickhouse` (BENCH_RUNS, CLICKHOUSE_BENCH_BASE_PORT). The request',
      'cases over HTTP on both engines come with the dialect.',
      '',
    );
    c.closeSync();
    duck.closeSync();
    return lines.join('\n');
  } finally {
    await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

export function writeClickHouseSection(section: string): void {
  writeResultsSection(HEADING, section);
}
