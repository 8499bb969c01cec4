import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { failureKind } from '../ingest/ingest';
import type { Logger } from '../ingest/logger';
import { type ExploreData, openExploreData } from './open';

/*
 * The rules of the live catalog on small data: many datasets, failure kinds, atomic swap, pick-up of
 * added and changed descriptors. No timings: `npm run bench` measures speed.
 */

function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
}

async function eventually<T>(probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition never met');
}

describe('the live catalog', () => {
  let dataDir: string;
  let data: ExploreData | undefined;
  let log: ReturnType<typeof memoryLogger>;

  const open = async (extra: Partial<Parameters<typeof openExploreData>[0]> = {}): Promise<ExploreData> => {
    log = memoryLogger();
    data = await openExploreData({
      dataDir,
      log,
      includeDefault: false,
      threads: 1,
      connections: 2,
      rescanMs: 0,
      ...extra,
    });
    return data;
  };
  const describeCsv = async (id: string, csv: string, metas: Record<string, unknown> = {}): Promise<void> => {
    await writeFile(join(dataDir, 'files', `${id}.csv`), csv);
    await writeFile(
      join(dataDir, 'datasets', `${id}.json`),
      JSON.stringify({ dataset_id: id, source: `../files/${id}.csv`, metas }),
    );
  };
  const fresh = async (): Promise<void> => {
    dataDir = await mkdtemp(join(tmpdir(), 'live-catalog-'));
    await mkdir(join(dataDir, 'datasets'), { recursive: true });
    await mkdir(join(dataDir, 'files'), { recursive: true });
  };

  afterEach(async () => {
    await data?.close();
    data = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves many datasets, their views created on first use', async () => {
    await fresh();
    const ids = Array.from({ length: 60 }, (_, i) => `set-${String(i).padStart(3, '0')}`);
    for (const [i, id] of ids.entries()) await describeCsv(id, `n,label\n${i},a\n${i + 1},b\n`);
    await open();
    expect(data!.catalog.problems).toEqual([]);
    expect(data!.catalog.list().map((d) => d.dataset_id)).toEqual(ids);
    await data!.close();
    // Reopened with views on demand: nothing is ingested, every dataset answers once resolved.
    const reopened = await open({ eagerViewsUpTo: 10 });
    expect(log.lines.filter((l) => l.includes(': ingesting '))).toEqual([]);
    expect(
      await reopened.engine.rows({
        sql: 'SELECT count(*) FROM duckdb_views() WHERE NOT internal',
        params: [],
      }),
    ).toEqual([[0]]);
    for (const [i, id] of ids.entries()) {
      const table = reopened.catalog.get(id)!.table;
      expect(await reopened.engine.rows({ sql: `SELECT sum(n) FROM "${table}"`, params: [] })).toEqual([
        [2 * i + 1],
      ]);
    }
    const [count] = await reopened.engine.rows({
      sql: `SELECT count(*) FROM ${reopened.catalog.catalogTable}`,
      params: [],
    });
    expect(count).toEqual([ids.length]);
  }, 300_000);

  it('tries machine failures again at the next start and remembers data failures', async () => {
    expect(failureKind(new Error('Out of Memory Error: failed to allocate data of size 16.0 MiB'))).toBe(
      'machine',
    );
    expect(failureKind(new Error('IO Error: No space left on device'))).toBe('machine');
    expect(failureKind(new Error('INTERRUPT Error: Interrupted!'))).toBe('machine');
    expect(failureKind(new Error("Conversion Error: Could not convert string 'abc' to INT64"))).toBe('data');
    await fresh();
    for (const id of ['first', 'second']) {
      await writeFile(join(dataDir, 'files', `${id}.csv`), 'n\n1\nabc\n');
      await writeFile(
        join(dataDir, 'datasets', `${id}.json`),
        JSON.stringify({
          dataset_id: id,
          source: `../files/${id}.csv`,
          fields: [{ name: 'n', type: 'int' }],
        }),
      );
    }
    await open();
    expect(data!.catalog.problems.map((p) => p.datasetId)).toEqual(['first', 'second']);
    expect(log.lines.filter((l) => l.includes('[data failure'))).toHaveLength(2);
    await data!.close();
    // As if the first had run out of memory: its failure is of the machine kind.
    const failureFile = join(dataDir, 'store', 'ds_first', 'failure.json');
    const failure = JSON.parse(readFileSync(failureFile, 'utf8')) as Record<string, unknown>;
    expect(failure.kind).toBe('data');
    writeFileSync(failureFile, JSON.stringify({ ...failure, kind: 'machine' }));
    await open();
    const ingested = log.lines.filter((l) => l.includes(': ingesting ')).map((l) => l.split(':')[0]);
    expect(ingested).toEqual(['info dataset first']);
    expect(log.lines).toContainEqual(
      expect.stringMatching(/^error dataset second .*unchanged since it failed/),
    );
  });

  it('keeps answering with the previous version until the new one is swapped in', async () => {
    await fresh();
    const version = (letter: string, rows: number): string =>
      `v\n${Array.from({ length: rows }, () => letter).join('\n')}\n`;
    await describeCsv('swapped', version('a', 1000));
    const live = await open();
    const table = live.catalog.get('swapped')!.table;
    const seen = new Set<string>();
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const rows = await live.engine.rows({
          sql: `SELECT count(*), min(v), max(v), count(DISTINCT __id) FROM "${table}"`,
          params: [],
        });
        seen.add(JSON.stringify(rows));
      }
    })();
    await describeCsv('swapped', version('b', 3000));
    await live.catalog.rescan();
    await live.catalog.idle();
    await eventually(() => (seen.has(JSON.stringify([[3000, 'b', 'b', 3000]])) ? true : undefined));
    reading = false;
    await reader;
    expect([...seen].sort()).toEqual([
      JSON.stringify([[1000, 'a', 'a', 1000]]),
      JSON.stringify([[3000, 'b', 'b', 3000]]),
    ]);
    expect(live.catalog.get('swapped')?.metas.default.records_count).toBe(3000);
  });

  it('leaves the manifest on the previous version when the swap fails', async () => {
    await fresh();
    await describeCsv('kept', 'v\n1\n');
    const live = await open();
    const manifestFile = join(dataDir, 'store', live.catalog.get('kept')!.table, 'manifest.json');
    const before = JSON.parse(readFileSync(manifestFile, 'utf8')) as { file: string };
    // The request engine may no longer read the store: replacing the view fails, after ingestion.
    await live.engine.lockDown([join(dataDir, 'elsewhere')]);
    await describeCsv('kept', 'v\n1\n2\n');
    await live.catalog.rescan();
    await live.catalog.idle();
    expect(live.catalog.problems.map((p) => p.datasetId)).toEqual(['kept']);
    expect(log.lines).toContainEqual(expect.stringMatching(/^error dataset kept .*\[machine failure/));
    expect(live.catalog.get('kept')?.metas.default.records_count).toBe(1);
    const after = JSON.parse(readFileSync(manifestFile, 'utf8')) as { file: string };
    expect(after).toEqual(before);
    expect(existsSync(join(dataDir, 'store', live.catalog.get('kept')!.table, after.file))).toBe(true);
    await live.close();
    // The next start serves the previous version, then ingests the new one again.
    const reopened = await open();
    expect(reopened.catalog.get('kept')?.metas.default.records_count).toBe(2);
    const [row] = await reopened.engine.rows({
      sql: `SELECT count(*) FROM "${reopened.catalog.get('kept')!.table}"`,
      params: [],
    });
    expect(row).toEqual([2]);
  });

  it('starts from the catalog snapshot, then applies what changed while it was stopped', async () => {
    await fresh();
    for (const id of ['kept', 'changed', 'removed']) await describeCsv(id, 'n\n1\n');
    await open();
    await data!.close();
    expect(existsSync(join(dataDir, 'store', 'catalog.json'))).toBe(true);
    await describeCsv('changed', 'n\n1\n2\n');
    await describeCsv('added', 'n\n1\n2\n3\n');
    await rm(join(dataDir, 'datasets', 'removed.json'));
    const reopened = await open();
    expect(log.lines).toContainEqual(expect.stringMatching(/served from the snapshot/));
    const counts = Object.fromEntries(
      reopened.catalog.list().map((d) => [d.dataset_id, d.metas.default.records_count]),
    );
    expect(counts).toEqual({ added: 3, changed: 2, kept: 1 });
    const [row] = await reopened.engine.rows({
      sql: `SELECT count(*) FROM ${reopened.catalog.catalogTable}`,
      params: [],
    });
    expect(row).toEqual([3]);
    await reopened.close();
    // The snapshot followed: a start without changes ingests nothing and serves the same, its catalog
    // table loaded from the copy saved with the snapshot (the descriptors are dated well before it).
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const id of ['added', 'changed', 'kept'])
      await utimes(join(dataDir, 'datasets', `${id}.json`), hourAgo, hourAgo);
    const third = await open();
    expect(log.lines.filter((l) => l.includes(': ingesting '))).toEqual([]);
    expect(log.lines).toContainEqual(expect.stringMatching(/catalog table loaded in/));
    expect(third.catalog.list().map((d) => d.dataset_id)).toEqual(['added', 'changed', 'kept']);
    expect(
      await third.engine.rows({
        sql: `SELECT dataset_id, records_count, __pos FROM ${third.catalog.catalogTable} ORDER BY __pos`,
        params: [],
      }),
    ).toEqual([
      ['added', 3, 0],
      ['changed', 2, 1],
      ['kept', 1, 2],
    ]);
    const table = third.catalog.get('changed')!.table;
    expect(await third.engine.rows({ sql: `SELECT sum(n) FROM "${table}"`, params: [] })).toEqual([[3]]);
  });

  it('does not serve from the snapshot a dataset whose descriptor changed since', async () => {
    await fresh();
    await describeCsv('open-data', 'n\n1\n');
    await describeCsv('secret', 'n\n1\n');
    await open();
    await data!.close();
    // As if the snapshot's last scan had run a minute after these files were written…
    const snapshotFile = join(dataDir, 'store', 'catalog.json');
    const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8')) as { checkedAt: number };
    const checkedAt = Date.now() + 60_000;
    writeFileSync(snapshotFile, JSON.stringify({ ...snapshot, checkedAt }));
    // …and the descriptor of `secret` had been made restricted after it, while the server was stopped.
    const secret = join(dataDir, 'datasets', 'secret.json');
    writeFileSync(
      secret,
      JSON.stringify({ dataset_id: 'secret', source: '../files/secret.csv', visibility: 'restricted' }),
    );
    const later = new Date(checkedAt + 5_000);
    await utimes(secret, later, later);
    const live = await open({ waitForIngestion: false });
    expect(live.catalog.get('open-data')?.visibility).toBe('domain');
    expect(live.catalog.get('secret')).toBeUndefined();
    await live.catalog.idle();
    expect(live.catalog.get('secret')?.visibility).toBe('restricted');
  });

  it('serves the manifests over an older snapshot', async () => {
    await fresh();
    await describeCsv('shared', 'n\n1\n');
    await open();
    await data!.close();
    const snapshot = readFileSync(join(dataDir, 'store', 'catalog.json'), 'utf8');
    // Another process (or a run stopped before its snapshot) ingested a new version.
    await describeCsv('shared', 'n\n1\n2\n');
    await open();
    await data!.close();
    writeFileSync(join(dataDir, 'store', 'catalog.json'), snapshot);
    const reopened = await open();
    expect(log.lines.filter((l) => l.includes(': ingesting '))).toEqual([]);
    expect(reopened.catalog.get('shared')?.metas.default.records_count).toBe(2);
    const table = reopened.catalog.get('shared')!.table;
    expect(await reopened.engine.rows({ sql: `SELECT sum(n) FROM "${table}"`, params: [] })).toEqual([[3]]);
  });

  it('picks up added and changed descriptors without a restart', async () => {
    await fresh();
    await describeCsv('existing', 'n\n1\n');
    const live = await open({ watch: true, rescanMs: 500 });
    expect(live.catalog.list().map((d) => d.dataset_id)).toEqual(['existing']);
    await describeCsv('added', 'n\n1\n2\n', { title: 'Added' });
    const added = await eventually(() => live.catalog.get('added'));
    expect(added.metas.default.title).toBe('Added');
    await writeFile(
      join(dataDir, 'datasets', 'added.json'),
      JSON.stringify({ dataset_id: 'added', source: '../files/added.csv', metas: { title: 'Renamed' } }),
    );
    await eventually(() => (live.catalog.get('added')?.metas.default.title === 'Renamed' ? true : undefined));
    await live.catalog.idle();
    const [row] = await live.engine.rows({
      sql: `SELECT title FROM ${live.catalog.catalogTable} WHERE dataset_id = 'added'`,
      params: [],
    });
    expect(row).toEqual(['Renamed']);
    await rm(join(dataDir, 'datasets', 'existing.json'));
    await eventually(() => (live.catalog.get('existing') ? undefined : true));
  });
});
