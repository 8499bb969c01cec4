import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../types';
import { type DuckDBEngine, openDuckDBEngine } from './engine';
import { RecordViews } from './views';

/*
 * Statements on one dataset's view never overlap: a first use creating the view while a re-ingestion
 * swaps it made DuckDB answer "Catalog write-write conflict" to one of them.
 */

/**
 * The engine, each statement held a few milliseconds (as binding a large file's footer is), noting any two
 * statements on the same view that run at once.
 */
function watched(engine: Engine): { engine: Engine; overlaps: string[] } {
  const running = new Map<string, number>();
  const overlaps: string[] = [];
  const watchedEngine: Engine = {
    ...engine,
    rows: (query, options) => engine.rows(query, options),
    execute: async (sql, params) => {
      const names = [...sql.matchAll(/VIEW (?:IF EXISTS )?"([^"]+)"/g)].map((m) => m[1]!);
      for (const name of names) {
        running.set(name, (running.get(name) ?? 0) + 1);
        if (running.get(name)! > 1) overlaps.push(name);
      }
      try {
        await new Promise((resolve) => setTimeout(resolve, 5));
        await engine.execute(sql, params);
      } finally {
        for (const name of names) running.set(name, running.get(name)! - 1);
      }
    },
  };
  return { engine: watchedEngine, overlaps };
}

describe('record views', () => {
  let dir: string;
  let engine: DuckDBEngine | undefined;

  afterEach(async () => {
    await engine?.close();
    engine = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  /** Records files of one column `v` holding `value` (written by the engine itself). */
  const recordsFile = async (name: string, value: number): Promise<string> => {
    const file = join(dir, `${name}.parquet`);
    await engine!.copy(
      { sql: `SELECT CAST($1 AS BIGINT) AS v, CAST(0 AS UBIGINT) AS __id`, params: [value] },
      file,
      'FORMAT parquet',
    );
    return file;
  };
  const value = async (table: string): Promise<unknown> =>
    (await engine!.rows({ sql: `SELECT v FROM "${table}"`, params: [] }))[0]?.[0];

  it('serialises creation on first use, swaps and drops of the same view', async () => {
    dir = await mkdtemp(join(tmpdir(), 'record-views-'));
    engine = await openDuckDBEngine({ path: ':memory:', connections: 4, threads: 1 });
    const { engine: statements, overlaps } = watched(engine);
    const views = new RecordViews(statements);
    const tables = Array.from({ length: 40 }, (_, i) => `t${i}`);
    const first = await Promise.all(tables.map((t) => recordsFile(`${t}-a`, 1)));
    const second = await Promise.all(tables.map((t) => recordsFile(`${t}-b`, 2)));
    for (const [i, t] of tables.entries()) views.register(t, first[i]!);
    // The views exist: a swap now replaces them, and a first use races with it.
    for (const t of tables) views.want(t);
    await views.pending();
    for (let round = 0; round < 10; round++) {
      const files = round % 2 === 0 ? second : first;
      const swaps = tables.map((t, i) => {
        const swapped = views.swap(t, files[i]!);
        views.want(t);
        return swapped;
      });
      await Promise.all(swaps);
      await views.pending();
    }
    for (const t of tables) expect(await value(t)).toBe(1);
    // A swap queued behind a pending creation: the creation reads the newest file.
    for (const [i, t] of tables.entries()) views.register(`${t}_lazy`, first[i]!);
    await Promise.all(
      tables.map((t, i) => {
        views.want(`${t}_lazy`);
        return views.swap(`${t}_lazy`, second[i]!);
      }),
    );
    await views.pending();
    for (const t of tables) expect(await value(`${t}_lazy`)).toBe(2);
    // Drops racing with first uses leave no view behind.
    await Promise.all(
      tables.map((t) => {
        views.want(t);
        return views.drop(t);
      }),
    );
    const [[left]] = (await engine.rows({
      sql: `SELECT count(*) FROM duckdb_views() WHERE NOT internal AND NOT ends_with(view_name, '_lazy')`,
      params: [],
    })) as [[number]];
    expect(left).toBe(0);
    expect(overlaps).toEqual([]);
  });

  it('points the table back at its previous file when a swap fails', async () => {
    dir = await mkdtemp(join(tmpdir(), 'record-views-'));
    engine = await openDuckDBEngine({ path: ':memory:', connections: 2, threads: 1 });
    const views = new RecordViews(engine);
    const file = await recordsFile('a', 1);
    views.register('t', file);
    views.want('t');
    await views.pending();
    await expect(views.swap('t', join(dir, 'missing.parquet'))).rejects.toThrow();
    // A later first use does not try the missing file again.
    views.want('t');
    expect(views.pending()).toBeUndefined();
    expect(await value('t')).toBe(1);
  });
});
