import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openIngestEngine } from '../engine/duckdb/ingest-engine';
import { loadSource } from './sources';

const dir = mkdtempSync(join(tmpdir(), 'sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadSource', () => {
  it('counts a staged source’s rows with its columns, in one statement', async () => {
    const path = join(dir, 'three.csv');
    writeFileSync(path, 'code,amount\na,1\nb,2\nc,3\n');
    const engine = await openIngestEngine({ tempDirectory: join(dir, 'spill') });
    const statements: string[] = [];
    const rows = engine.rows;
    engine.rows = (query) => {
      statements.push(query.sql);
      return rows(query);
    };
    try {
      const source = await loadSource(
        engine,
        { path, format: undefined, delimiter: undefined, encoding: undefined, topojsonObject: undefined },
        'staged',
        { nullValues: [], textColumns: [], stagingFile: join(dir, 'f.ndjson'), stagingText: join(dir, 't') },
      );
      expect(source.rows).toBe(3);
      expect(source.columns.map((c) => c.name)).toEqual(['code', 'amount']);
      expect(statements).toHaveLength(1);
    } finally {
      await engine.close();
    }
  });
});
