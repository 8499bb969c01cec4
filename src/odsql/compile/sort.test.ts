import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetSchema } from '../schema';
import { compile, type FixtureRecord, TestDb } from './test-db';

/*
 * A lone sort on an int or date field whose range is known uses one BIGINT key folding the value and
 * the record position. It must order exactly like the general two-key sort (field, then position),
 * ties and nulls included, in both directions.
 */

const plain: DatasetSchema = {
  fields: [
    { name: 'name', type: 'text' },
    { name: 'n', type: 'int' },
    { name: 'd', type: 'date' },
  ],
};

const values = [5, null, -3, 5, 12, 0, 5, null, -3, 12, 7, 0];
const records: FixtureRecord[] = values.map((n, i) => ({
  name: `r${i}`,
  n,
  d: n === null ? null : `2020-01-${String(15 + n).padStart(2, '0')}`,
}));
const ranged: DatasetSchema = {
  records: records.length,
  fields: [
    { name: 'name', type: 'text' },
    { name: 'n', type: 'int', range: { min: -3, max: 12 } },
    // Days since 1970-01-01 of 2020-01-12 and 2020-01-27.
    { name: 'd', type: 'date', range: { min: 18273, max: 18288 } },
  ],
};

let db: TestDb;
beforeAll(async () => {
  db = await TestDb.open();
  await db.createTable('t', plain, records);
});
afterAll(() => db.close());

const names = async (schema: DatasetSchema, orderBy: string, offset = 0): Promise<string[]> =>
  (await db.query(schema, { select: 'name', orderBy, limit: 100, offset })).rows.map((r) => String(r.name));

describe('single-key sort', () => {
  it('is used when the range is known, and not otherwise', () => {
    const withRange = compile(ranged, { orderBy: 'n desc', limit: 10 });
    const without = compile(plain, { orderBy: 'n desc', limit: 10 });
    if (!withRange.ok || !without.ok) throw new Error('does not compile');
    expect(withRange.query.page.sql).toContain('ORDER BY "__s0" ASC LIMIT');
    expect(without.query.page.sql).toContain('ORDER BY "__s0" DESC NULLS LAST, "__pos" LIMIT');
  });

  for (const orderBy of ['n', 'n asc', 'n desc', 'd', 'd desc']) {
    it(`orders like field then position: ${orderBy}`, async () => {
      const expected = await names(plain, orderBy);
      expect(await names(ranged, orderBy)).toEqual(expected);
      expect(await names(ranged, orderBy, 5)).toEqual(expected.slice(5));
    });
  }

  it('keeps ties in source order and nulls last', async () => {
    expect(await names(ranged, 'n desc')).toEqual([
      'r4',
      'r9',
      'r10',
      'r0',
      'r3',
      'r6',
      'r5',
      'r11',
      'r2',
      'r8',
      'r1',
      'r7',
    ]);
    expect(await names(ranged, 'n')).toEqual([
      'r2',
      'r8',
      'r5',
      'r11',
      'r0',
      'r3',
      'r6',
      'r10',
      'r4',
      'r9',
      'r1',
      'r7',
    ]);
  });

  it('falls back to the two-key sort when the key would not fit in 62 bits', () => {
    const huge: DatasetSchema = {
      records: 3_000_000,
      fields: [{ name: 'n', type: 'int', range: { min: -(2 ** 50), max: 2 ** 50 } }],
    };
    const result = compile(huge, { orderBy: 'n', limit: 10 });
    if (!result.ok) throw new Error('does not compile');
    expect(result.query.page.sql).toContain('"__pos" LIMIT');
  });
});

describe('total count', () => {
  it('is the number of records when nothing filters them, and a query otherwise', () => {
    const unfiltered = compile(ranged, { limit: 10 });
    const filtered = compile(ranged, { where: ['n > 0'], limit: 10 });
    const unknown = compile(plain, { limit: 10 });
    if (!unfiltered.ok || !filtered.ok || !unknown.ok) throw new Error('does not compile');
    expect(unfiltered.query.count).toBe(records.length);
    expect(typeof filtered.query.count).toBe('object');
    expect(typeof unknown.query.count).toBe('object');
  });
});

describe('deep pages in source order', () => {
  it('start at the offset position when every record is listed, like OFFSET', async () => {
    const deep = compile(ranged, { select: 'name', limit: 3, offset: 4 });
    if (!deep.ok) throw new Error('does not compile');
    expect(deep.query.page.sql).toContain('WHERE "__pos" >=');
    expect(deep.query.page.sql).not.toContain('OFFSET');
    const page = async (schema: DatasetSchema, where?: string): Promise<string[]> =>
      (
        await db.query(schema, { select: 'name', limit: 3, offset: 4, ...(where ? { where: [where] } : {}) })
      ).rows.map((r) => String(r.name));
    expect(await page(ranged)).toEqual(['r4', 'r5', 'r6']);
    expect(await page(ranged)).toEqual(await page(plain));
    // With a filter, positions no longer count records: OFFSET.
    expect(await page(ranged, 'n >= 0')).toEqual(['r6', 'r9', 'r10']);
  });
});
