import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ExploreData, openExploreData } from '../catalog/open';
import { silentLogger } from '../ingest/logger';
import { Admission } from './admission';

/*
 * The result cache against the live catalog's atomic swap: once a dataset's new version is served, no
 * request is answered with the old version's rows, cached or in flight. No timings.
 */

const settings = {
  heavyRecords: 100_000,
  heavyPerClient: 4,
  scanPerClient: 8,
  resultCacheBytes: 1 << 20,
  exportsPerClient: 2,
  smallExportRecords: 5000,
  queueWaitMs: 10_000,
};

describe('result cache and dataset versions', () => {
  let dataDir: string;
  let data: ExploreData | undefined;

  afterEach(async () => {
    await data?.close();
    data = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it("answers a dataset's new version, never the old one's cached or running results", async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cache-swap-'));
    await mkdir(join(dataDir, 'datasets'), { recursive: true });
    await mkdir(join(dataDir, 'files'), { recursive: true });
    const describeCsv = async (letter: string, rows: number): Promise<void> => {
      await writeFile(
        join(dataDir, 'files', 'swapped.csv'),
        `v\n${Array.from({ length: rows }, () => letter).join('\n')}\n`,
      );
      await writeFile(
        join(dataDir, 'datasets', 'swapped.json'),
        JSON.stringify({ dataset_id: 'swapped', source: '../files/swapped.csv' }),
      );
    };
    await describeCsv('a', 1000);
    data = await openExploreData({
      dataDir,
      log: silentLogger,
      includeDefault: false,
      threads: 1,
      connections: 2,
      rescanMs: 0,
      watch: false,
    });
    const live = data;
    const admission = new Admission(settings, live.catalog);
    const table = live.catalog.get('swapped')!.table;
    const query = {
      sql: `SELECT count(*), min(v) FROM "${table}"`,
      params: [],
      reads: { tables: [table], scans: false, matchesText: false },
    };
    const ask = () => admission.open('reader').rows(live.engine, query, new AbortController().signal);

    expect(await ask()).toEqual([[1000, 'a']]);
    expect(await ask()).toEqual([[1000, 'a']]);
    expect(admission.results.stats()).toMatchObject({ hits: 1, misses: 1 });

    // Readers keep asking while the new version is ingested and swapped in: each answer is one version,
    // and once a reader has seen the new one the old one never comes back to it.
    let reading = true;
    const readers = Array.from({ length: 3 }, async () => {
      const seen: string[] = [];
      while (reading) {
        seen.push(JSON.stringify(await ask()));
        // Answers from the cache come at once: let the ingestion run.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return seen;
    });
    await describeCsv('b', 3000);
    await live.catalog.rescan();
    await live.catalog.idle();
    expect(await ask()).toEqual([[3000, 'b']]);
    reading = false;
    for (const seen of await Promise.all(readers)) {
      expect(seen.every((v) => v === '[[1000,"a"]]' || v === '[[3000,"b"]]')).toBe(true);
      const firstNew = seen.indexOf('[[3000,"b"]]');
      if (firstNew >= 0) expect(seen.slice(firstNew)).not.toContain('[[1000,"a"]]');
    }
    // …and later answers come from the cache again.
    const { hits } = admission.results.stats();
    expect(await ask()).toEqual([[3000, 'b']]);
    expect(admission.results.stats().hits).toBe(hits + 1);
  });
});
