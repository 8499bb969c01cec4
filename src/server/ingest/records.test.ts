import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IngestEngine, openIngestEngine } from '../engine/duckdb/ingest-engine';
import type { Row } from '../engine/types';
import { parseDescriptor } from './descriptor';
import { ingestDataset } from './ingest';
import { silentLogger } from './logger';

/*
 * Repeated records get the same ids whether they are numbered in the records' own statement (small
 * sources), their hashes counted in one aggregate, or in slices (large ones): the larger paths are
 * forced here on a small file.
 */
describe('repeated records', () => {
  let dir: string;
  let engine: IngestEngine;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'repeats-'));
    engine = await openIngestEngine({ tempDirectory: join(dir, 'spill'), threads: 1 });
    const lines = ['a,b'];
    for (let i = 0; i < 200; i++) lines.push(`${i % 7},${i % 3 === 0 ? 'x' : 'y'}`);
    await writeFile(join(dir, 'rows.csv'), `${lines.join('\n')}\n`);
  });

  afterAll(async () => {
    await engine.close();
    await rm(dir, { recursive: true, force: true });
  });

  const ingest = async (
    name: string,
    options: { hashesPerAggregate?: number; stageAsParquetFrom?: number; singlePassRows?: number },
  ): Promise<string> => {
    const target = join(dir, `${name}.parquet`);
    await ingestDataset(engine, parseDescriptor({ dataset_id: 'rows', source: 'rows.csv' }, dir), {
      table: `ds_${name}`,
      processedAt: '2025-01-01T00:00:00.000+00:00',
      tmpDir: dir,
      target,
      log: silentLogger,
      ...options,
    });
    return target;
  };

  const ids = async (
    options: { hashesPerAggregate?: number; singlePassRows?: number },
    name: string,
  ): Promise<Row[]> => {
    const target = await ingest(name, options);
    // The file is in position order: the default page reads it without sorting.
    const [misplaced] = await engine.rows({
      sql: `SELECT count(*) FILTER (WHERE __pos <> file_row_number) FROM read_parquet('${target}', file_row_number = true)`,
      params: [],
    });
    expect(misplaced).toEqual([0]);
    return engine.rows({
      sql: `SELECT __pos, printf('%016x', __id) FROM read_parquet('${target}') ORDER BY __pos`,
      params: [],
    });
  };

  it('numbers repeats alike in one statement, in one aggregate and in slices', async () => {
    const whole = await ids({ singlePassRows: 0 }, 'whole');
    const sliced = await ids({ singlePassRows: 0, hashesPerAggregate: 30 }, 'sliced');
    const single = await ids({}, 'single');
    expect(whole).toHaveLength(200);
    expect(new Set(whole.map((r) => r[1])).size).toBe(200);
    expect(sliced).toEqual(whole);
    expect(single).toEqual(whole);
    const [first] = await engine.rows({
      sql: `SELECT printf('%016x', hash(CAST(0 AS BIGINT), 'x'))`,
      params: [],
    });
    expect(whole[0]?.[1]).toBe(first?.[0]);
    // Row 21 repeats row 0 (21 % 7 = 0, 21 % 3 = 0): its id is the hash of the first id's hex with `#1`.
    const [repeat] = await engine.rows({
      sql: `SELECT printf('%016x', hash($1 || '#1'))`,
      params: [String(first?.[0])],
    });
    expect(whole[21]?.[1]).toBe(repeat?.[0]);
    // Ids stay the same across re-ingests and releases: a DuckDB upgrade changing hash() fails here.
    expect([whole[0]?.[1], whole[21]?.[1]]).toEqual(['85ea73256cc3f4fa', '7912a4e387cd43f3']);
  });

  it('writes the same records in one statement (small sources) as in two', async () => {
    const read = (file: string): Promise<Row[]> =>
      engine.rows({ sql: `SELECT * FROM read_parquet('${file}') ORDER BY __pos`, params: [] });
    const single = await read(await ingest('one-statement', {}));
    expect(single).toHaveLength(200);
    expect(await read(await ingest('two-statements', { singlePassRows: 0 }))).toEqual(single);
  });

  it('writes the same records from a CSV staged as a table (small) or as a Parquet file (large)', async () => {
    const table = await ingest('table', {});
    const parquet = await ingest('parquet', { stageAsParquetFrom: 0 });
    const read = (file: string): Promise<Row[]> =>
      engine.rows({ sql: `SELECT * FROM read_parquet('${file}') ORDER BY __pos`, params: [] });
    const rows = await read(table);
    expect(rows).toHaveLength(200);
    expect(await read(parquet)).toEqual(rows);
  });
});
