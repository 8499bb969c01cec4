import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CatalogTableEntry } from '../../backend/catalog';
import { CATALOG_TABLE } from '../../backend/catalog-layout';
import { buildDataset } from '../../catalog/metas';
import { parseDescriptor } from '../../ingest/descriptor';
import type { Engine } from '../types';
import { catalogRowsSql, loadCatalogTable, saveCatalogTable, writeCatalogTable } from './catalog-table';
import { CatalogTableWriter } from './catalog-table-writer';
import { openDuckDBEngine } from './engine';

const dir = mkdtempSync(join(tmpdir(), 'catalog-table-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A served dataset as ingestion makes it; `title` and `records` vary its row. */
function entry(id: string, title = `Dataset ${id}`, records = 100): CatalogTableEntry {
  const descriptor = parseDescriptor(
    {
      dataset_id: id,
      source: 'data.csv',
      metas: {
        title,
        theme: ['Transport'],
        keyword: [`k-${id}`],
        description: `About ${id} ${'x'.repeat(200)}`,
      },
    },
    dir,
  );
  const dataset = buildDataset({
    descriptor,
    table: `ds_${id.replaceAll('-', '_')}`,
    fields: [
      {
        name: 'code',
        label: 'Code',
        type: 'text',
        description: null,
        annotations: {},
        input: { side: 'source', column: 'code' },
      },
      {
        name: 'day',
        label: 'Day',
        type: 'date',
        description: null,
        annotations: {},
        input: { side: 'source', column: 'day' },
      },
    ] as never,
    stats: { recordsCount: records, geometryTypes: null, bbox: null },
    attachments: [],
    processedAt: '2026-01-01T00:00:00Z',
    sourceModified: '2026-01-01T00:00:00Z',
  });
  return {
    dataset,
    schema: {
      records,
      fields: [
        { name: 'code', type: 'text' },
        { name: 'day', type: 'date' },
      ],
    },
  };
}

async function engineOf(memoryLimit = '64MB'): Promise<Engine> {
  return openDuckDBEngine({
    path: ':memory:',
    memoryLimit,
    tempDirectory: join(dir, `spill-${Math.random()}`),
  });
}

/** The whole table, in position order, as text (every column). */
async function contents(engine: Engine): Promise<string> {
  const rows = await engine.rows({ sql: `SELECT * FROM ${CATALOG_TABLE} ORDER BY __pos`, params: [] });
  return JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
}

/** The table a full rebuild makes of `entries`. */
async function rebuilt(entries: readonly CatalogTableEntry[]): Promise<string> {
  const engine = await engineOf();
  try {
    await writeCatalogTable(engine, entries);
    return await contents(engine);
  } finally {
    await engine.close();
  }
}

describe('CatalogTableWriter', () => {
  it('keeps the table equal to a full rebuild through additions, changes, removals and a restart', async () => {
    const engine = await engineOf();
    const writer = new CatalogTableWriter(engine, 3);
    let entries = ['b', 'd', 'f', 'h'].map((id) => entry(id));
    expect(await writer.write(entries)).toMatchObject({ inserted: 4, rebuilt: true });
    expect(await contents(engine)).toBe(await rebuilt(entries));

    // Added before, between and after: the positions of the rows after them move.
    entries = [...entries, entry('a'), entry('e'), entry('z')];
    expect(await writer.write(entries)).toMatchObject({ inserted: 3, deleted: 0, moved: 4 });
    expect(await contents(engine)).toBe(await rebuilt(entries));

    // Changed and removed.
    entries = entries
      .filter((e) => e.dataset.dataset_id !== 'd')
      .map((e) => (e.dataset.dataset_id === 'f' ? entry('f', 'Another title', 7) : e));
    expect(await writer.write(entries)).toMatchObject({ inserted: 1, deleted: 1 });
    expect(await contents(engine)).toBe(await rebuilt(entries));

    // Removed alone: the rows after it move up.
    entries = entries.filter((e) => e.dataset.dataset_id !== 'b');
    expect(await writer.write(entries)).toMatchObject({ inserted: 0, deleted: 1 });
    expect(await contents(engine)).toBe(await rebuilt(entries));

    // Nothing changed: nothing written.
    expect(await writer.write([...entries].reverse())).toEqual({
      inserted: 0,
      deleted: 0,
      moved: 0,
      rebuilt: false,
    });

    // A restart: the table saved, loaded by another engine, and changed again from there.
    const file = join(dir, 'catalog.parquet');
    await saveCatalogTable(engine, file);
    await engine.close();
    const again = await engineOf();
    await loadCatalogTable(again, file);
    const next = new CatalogTableWriter(again, 3);
    await next.adopt();
    entries = [entry('c'), ...entries.filter((e) => e.dataset.dataset_id !== 'z')];
    expect(await next.write(entries)).toMatchObject({ inserted: 1, deleted: 1, rebuilt: false });
    expect(await contents(again)).toBe(await rebuilt(entries));
    await again.close();
  });

  it('writes 2,000 datasets one batch after another within a 16 MB request engine', async () => {
    // The whole table rebuilt at each change (writeCatalogTable) held every row's JSON at once: it ran out
    // of these 16 MB past 549 datasets.
    const engine = await engineOf('16MB');
    const writer = new CatalogTableWriter(engine);
    const entries: CatalogTableEntry[] = [];
    const started = Date.now();
    for (let i = 0; i < 2000; i++) {
      entries.push(entry(`set-${String(i).padStart(5, '0')}`));
      if (i % 50 === 49) await writer.write(entries);
    }
    const [row] = await engine.rows({
      sql: `SELECT count(*), max(__pos), count(DISTINCT __pos) FROM ${CATALOG_TABLE}`,
      params: [],
    });
    expect(row?.map(Number)).toEqual([2000, 1999, 2000]);
    expect(Date.now() - started).toBeLessThan(60_000);
    await engine.close();
  }, 120_000);

  it('normalises the searched texts joined, with one regular expression a statement', async () => {
    // One a searched field cost DuckDB about 2.5 ms of CPU each to compile, at each catalog write.
    expect(catalogRowsSql().match(/regexp_replace/g)).toHaveLength(1);
    const engine = await engineOf();
    await new CatalogTableWriter(engine).write([entry('cafe-2', 'Café -- Été, 2024!')]);
    const [row] = await engine.rows({ sql: `SELECT __search FROM ${CATALOG_TABLE}`, params: [] });
    // Each field's text lowered, without accents, runs of other characters one space; a space at each end.
    expect(row?.[0]).toBe(` cafe ete 2024 about cafe 2 ${'x'.repeat(200)} k cafe 2 transport cafe 2 `);
    await engine.close();
  });
});
