import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOG_SCHEMA } from '../backend/catalog-layout';
import { engineCatalog } from '../backend/engine-catalog';
import type { ServerConfig } from '../config';
import type { ServerContext } from '../context';
import { type DuckDBEngine, openDuckDBEngine } from '../engine/duckdb';
import { USAGE_TABLE } from '../engine/duckdb/usage-table';
import type { Engine } from '../engine/types';
import { Usage } from './index';

/*
 * Catalog requests read the usage counts as of the last rewrite of their table: under load the table is
 * rewritten every second, and requests waiting for each rewrite queued behind it.
 */

describe('the catalog with usage counts', () => {
  let dir: string;
  let engine: DuckDBEngine | undefined;
  let usage: Usage | undefined;

  afterEach(async () => {
    usage?.close();
    await engine?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('does not wait for a rewrite of the counts once their table exists', async () => {
    dir = await mkdtemp(join(tmpdir(), 'usage-view-'));
    engine = await openDuckDBEngine({ path: ':memory:', connections: 2, threads: 1 });
    await engine.execute('CREATE TABLE catalog_rows AS SELECT 0 AS __pos, $1 AS dataset_id', ['a']);
    const real: Engine = engine;
    // Rewrites of the usage table are held until released.
    let release: (() => void) | undefined;
    let held = 0;
    const holding: Engine = {
      ...real,
      rows: (query, options) => real.rows(query, options),
      execute: async (sql, params) => {
        if (sql.includes(`TABLE ${USAGE_TABLE}`) && held++ > 0)
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        await real.execute(sql, params);
      },
    };
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const ctx = {
      engine: holding,
      // The embedded backend's catalog, over the engine that holds the rewrites.
      sharedCatalog: engineCatalog(holding, dir, log),
      catalog: { catalogSchema: CATALOG_SCHEMA },
      config: { dataDir: dir } as ServerConfig,
      timezones: new Set(['UTC']),
      log,
    } as unknown as ServerContext;
    usage = new Usage(ctx);
    const first = await usage.catalogView('catalog_rows');
    const count = async (): Promise<unknown> =>
      (
        await real.rows({
          sql: `SELECT "explore.api_call_count" FROM "${first.table}"`,
          params: [],
        })
      )[0]?.[0];
    expect(await count()).toBe(0);
    // The rewrite this count starts is held: catalog requests answer all the same, with the counts (and
    // the explore metadata) the table holds.
    usage.add('a', 'api_calls');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(held).toBe(2);
    const second = await Promise.race([
      usage.catalogView('catalog_rows'),
      new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2000)),
    ]);
    if (second === 'waited') throw new Error('the catalog view waited for the rewrite');
    expect(second.table).toBe(first.table);
    expect(second.explore('a').api_call_count).toBe(0);
    expect(usage.explore('a').api_call_count).toBe(1);
    expect(await count()).toBe(0);
    release?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await count()).toBe(1);
    expect((await usage.catalogView('catalog_rows')).explore('a').api_call_count).toBe(1);
  });
});
