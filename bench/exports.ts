import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { bindParams } from '../src/layout/duckdb-bind';
import { duckdbDialect } from '../src/odsql/compile/dialects/duckdb';
import { duckdbExportSql } from '../src/odsql/compile/dialects/duckdb-exports';
import { compileRecordsQuery } from '../src/odsql/compile/query';
import type { SqlQuery } from '../src/odsql/compile/sql';
import type { DatasetSchema } from '../src/odsql/schema';
import { csvCopy } from '../src/server/exports/formats/csv';
import { jsonCopy } from '../src/server/exports/formats/lines';
import type { ExportColumn } from '../src/server/exports/types';
import { residentMiB } from './server';
import { percentile } from './stats';
import { rawInstance, storedDataset } from './store';

/*
 * Exports of all of flights over HTTP (v2.1, defaults), against DuckDB's own `COPY … TO` file in the
 * same run: once with the export's own SQL (the same query, with the interface's value formats), once
 * with the bare columns (no formatting at all). And the server's peak resident memory above idle while
 * one, then two, CSV exports run.
 */

const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);

export interface ExportFigure {
  readonly format: string;
  readonly rows: number;
  readonly httpMs: number;
  readonly sameSqlMs: number;
  readonly bareMs: number;
}

export interface ExportMemory {
  readonly idleMiB: number;
  readonly oneMiB: number;
  readonly twoMiB: number;
}

async function download(origin: string, format: string): Promise<number> {
  const res = await fetch(`${origin}/api/explore/v2.1/catalog/datasets/flights/exports/${format}`);
  if (res.status !== 200) throw new Error(`export ${format}: HTTP ${res.status} ${await res.text()}`);
  let newlines = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++;
  }
  return newlines;
}

async function copyTo(connection: DuckDBConnection, query: SqlQuery, options: string, file: string) {
  const prepared = await connection.prepare(`COPY (${query.sql}) TO '${file}' (${options})`);
  bindParams(prepared, query.params);
  await prepared.run();
  prepared.destroySync();
}

/** While `work` runs, samples the server's resident memory; the peak in MiB. */
async function peakDuring(pid: number, work: () => Promise<unknown>): Promise<number> {
  let peak = residentMiB(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMiB(pid));
  }, 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, residentMiB(pid));
}

export async function exportBench(
  origin: string,
  pid: number,
  dataDir: string,
  memoryLimit: string,
): Promise<{ figures: ExportFigure[]; memory: ExportMemory }> {
  const instance = await rawInstance(dataDir, ['flights'], memoryLimit);
  const connection = await instance.connect();
  const ds = storedDataset(dataDir, 'flights').dataset;
  const schema: DatasetSchema = {
    fields: ds.fields.map((f) => ({
      name: f.name,
      type: f.type,
      multivalued: f.annotations.multivalued !== undefined,
    })),
    records: ds.metas.default.records_count,
  };
  const compiled = compileRecordsQuery({ table: ds.table }, schema, {
    version: '2.1',
    timezone: 'UTC',
    lang: 'fr',
    now: Date.now(),
    dialect: duckdbDialect,
  });
  if (!compiled.ok) throw new Error('flights export query does not compile');
  const columns: ExportColumn[] = ds.fields.map((f) => ({ name: f.name, label: f.label, type: f.type }));
  const bare = `SELECT ${ds.fields.map((f) => `"${f.name}"`).join(', ')} FROM "${ds.table}"`;
  const csv = csvCopy(duckdbExportSql, compiled.query, { columns, useLabels: false });
  const plans: Record<string, { same: { query: SqlQuery; options: string }; bareOptions: string }> = {
    csv: { same: csv, bareOptions: "FORMAT csv, HEADER true, DELIMITER ';'" },
    jsonl: { same: jsonCopy(duckdbExportSql, compiled.query, columns), bareOptions: 'FORMAT json' },
    json: {
      same: jsonCopy(duckdbExportSql, compiled.query, columns),
      bareOptions: 'FORMAT json, ARRAY true',
    },
  };

  // Memory first, before any export has grown the process: idle is the server after the query cases.
  await new Promise((r) => setTimeout(r, 1000));
  const idleMiB = residentMiB(pid);
  const onePeak = await peakDuring(pid, () => download(origin, 'csv'));
  await new Promise((r) => setTimeout(r, 1000));
  const twoPeak = await peakDuring(pid, () =>
    Promise.all([download(origin, 'csv'), download(origin, 'jsonl')]),
  );
  const memory = { idleMiB, oneMiB: onePeak - idleMiB, twoMiB: twoPeak - idleMiB };
  console.log(
    `export memory: idle ${Math.round(idleMiB)} MiB, +${Math.round(memory.oneMiB)} MiB with one export, +${Math.round(memory.twoMiB)} MiB with two`,
  );
  const work = mkdtempSync(join(tmpdir(), 'odexplorer-bench-exports-'));
  const figures: ExportFigure[] = [];
  try {
    for (const [format, plan] of Object.entries(plans)) {
      const http: number[] = [];
      const same: number[] = [];
      const bareRuns: number[] = [];
      let rows = 0;
      const file = join(work, `out.${format}`);
      for (let i = 0; i < RUNS; i++) {
        let start = performance.now();
        rows = await download(origin, format);
        http.push(performance.now() - start);
        start = performance.now();
        await copyTo(connection, plan.same.query, plan.same.options, file);
        same.push(performance.now() - start);
        statSync(file);
        start = performance.now();
        await copyTo(connection, { sql: bare, params: [] }, plan.bareOptions, file);
        bareRuns.push(performance.now() - start);
      }
      const figure = {
        format,
        // Newlines: CSV has a header line; the JSON array has its opening and closing lines.
        rows: format === 'csv' ? rows - 1 : format === 'json' ? rows - 2 : rows,
        httpMs: percentile(http, 50),
        sameSqlMs: percentile(same, 50),
        bareMs: percentile(bareRuns, 50),
      };
      figures.push(figure);
      console.log(
        `export ${format.padEnd(6)} ${figure.rows} rows: http ${Math.round(figure.httpMs)} ms, COPY same SQL ${Math.round(figure.sameSqlMs)} ms, COPY bare columns ${Math.round(figure.bareMs)} ms`,
      );
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
    rmSync(work, { recursive: true, force: true });
  }

  return { figures, memory };
}

const rate = (rows: number, ms: number): string => `${(((rows / ms) * 1000) / 1e6).toFixed(2)}M`;

export function renderExports(figures: readonly ExportFigure[], memory: ExportMemory): string {
  const lines = figures.map((f) => {
    const ratio = f.sameSqlMs / f.httpMs;
    const target = f.format === 'csv' ? (ratio >= 0.5 ? 'met' : '**missed**') : '';
    return `| ${f.format} | ${f.rows} | ${Math.round(f.httpMs)} (${rate(f.rows, f.httpMs)}/s) | ${Math.round(f.sameSqlMs)} (${rate(f.rows, f.sameSqlMs)}/s) | ${ratio.toFixed(2)} | ${Math.round(f.bareMs)} (${rate(f.rows, f.bareMs)}/s) | ${(f.bareMs / f.httpMs).toFixed(2)} | ${target} |`;
  });
  const verdict = (mib: number): string => (mib <= 250 ? 'met' : '**missed**');
  return `
## Exports (issue 5)

Whole of flights over HTTP (\`/api/explore/v2.1/…/exports/{format}\`, defaults, body read to the end),
against DuckDB's \`COPY … TO\` a file in the same run: with the export's own SQL (the same query and value
formats), and with the bare columns (no formatting). Median of ${RUNS} runs. Target: CSV over HTTP at least
half the rows/s of COPY of the same query.

| format | rows | HTTP ms (rows/s) | COPY same SQL ms (rows/s) | HTTP speed / COPY | COPY bare columns ms (rows/s) | HTTP speed / bare | CSV target |
|---|---|---|---|---|---|---|---|
${lines.join('\n')}

| server resident memory during exports | MiB above idle (${Math.round(memory.idleMiB)} MiB) | target ≤ 250 |
|---|---|---|
| one CSV export | ${Math.round(memory.oneMiB)} | ${verdict(memory.oneMiB)} |
| two at once (CSV and JSONL) | ${Math.round(memory.twoMiB)} | ${verdict(memory.twoMiB)} |
`;
}
