import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DuckDBEngine, openDuckDBEngine } from './duckdb';

/*
 * Defence in depth: once locked down, the engine answering requests cannot reach the file system
 * outside the allowed folders, attach databases, install or load extensions, or undo the lockdown,
 * whatever SQL it is given.
 */
describe('engine lockdown', () => {
  let engine: DuckDBEngine;
  let allowed: string;
  let outside: string;

  beforeAll(async () => {
    allowed = await mkdtemp(join(tmpdir(), 'lockdown-allowed-'));
    outside = await mkdtemp(join(tmpdir(), 'lockdown-outside-'));
    await writeFile(join(outside, 'secret.csv'), 'a,b\n1,2\n');
    await writeFile(join(allowed, 'inside.csv'), 'a,b\n3,4\n');
    engine = await openDuckDBEngine({ path: ':memory:', connections: 2, threads: 1 });
    await engine.execute('CREATE TABLE t AS SELECT range AS x FROM range(10)');
    await engine.lockDown([allowed]);
  });
  afterAll(async () => {
    await engine.close();
    await rm(allowed, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  const refused = (sql: string) =>
    expect(engine.rows({ sql, params: [] })).rejects.toThrow(/Permission Error|disabled|locked/i);

  it('still answers queries over its own tables, on every connection', async () => {
    const counts = await Promise.all(
      [1, 2, 3].map(() => engine.rows({ sql: 'SELECT count(*) FROM t', params: [] })),
    );
    expect(counts).toEqual([[[10]], [[10]], [[10]]]);
  });

  it('refuses to read files outside the allowed folders', async () => {
    await refused(`SELECT * FROM read_csv('${join(outside, 'secret.csv')}')`);
    await refused(`SELECT * FROM read_csv('/etc/passwd')`);
    await refused(`SELECT * FROM read_text('/etc/hostname')`);
    await refused(`SELECT * FROM glob('${outside}/*')`);
  });

  it('reads and writes inside the allowed folders', async () => {
    const rows = await engine.rows({
      sql: `SELECT b FROM read_csv('${join(allowed, 'inside.csv')}')`,
      params: [],
    });
    expect(rows).toEqual([[4]]);
    await engine.copy({ sql: 'SELECT x FROM t', params: [] }, join(allowed, 'out.csv'), 'FORMAT csv');
    expect((await readFile(join(allowed, 'out.csv'), 'utf8')).split('\n')[1]).toBe('0');
  });

  it('refuses COPY to a path outside the allowed folders', async () => {
    await expect(
      engine.copy({ sql: 'SELECT x FROM t', params: [] }, join(outside, 'stolen.csv'), 'FORMAT csv'),
    ).rejects.toThrow(/Permission Error/);
    await expect(engine.execute(`COPY t TO '${join(outside, 'stolen2.csv')}'`)).rejects.toThrow(
      /Permission Error/,
    );
  });

  it('refuses ATTACH, INSTALL and LOAD', async () => {
    await expect(engine.execute(`ATTACH '${join(outside, 'other.duckdb')}' AS other`)).rejects.toThrow(
      /Permission Error/,
    );
    await expect(engine.execute('INSTALL httpfs')).rejects.toThrow(/Permission Error|disabled/i);
    await expect(engine.execute('LOAD httpfs')).rejects.toThrow(/Permission Error|disabled/i);
  });

  it('cannot be undone', async () => {
    await expect(engine.execute('SET enable_external_access = true')).rejects.toThrow(/lock/i);
    await expect(engine.execute(`SET allowed_directories = ['/']`)).rejects.toThrow(/lock/i);
    await refused(`SELECT * FROM read_csv('/etc/passwd')`);
  });
});
