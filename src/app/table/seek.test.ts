import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import { type FixtureRecord, TestDb } from '../../odsql/compile/test-db';
import type { DatasetSchema } from '../../odsql/schema';
import { midHex, midText } from './key-midpoints';
import {
  afterClause,
  type Clause,
  type KeyValue,
  keysetKeys,
  keysetOrderBy,
  keyValue,
  recordTuple,
  type SortKey,
} from './keyset';
import { seekAnchor } from './seek';

/*
 * Keyset clauses and the seek, run by the compiler on a DuckDB table written as ingestion writes one:
 * many ties, nulls in every key, a value of every comparable type. Every record a seek or a keyset step
 * lands on must be the one at that position of the whole sorted list.
 */

const schema: DatasetSchema = {
  fields: [
    { name: 'n', type: 'int' },
    { name: 'x', type: 'double' },
    { name: 's', type: 'text' },
    { name: 'd', type: 'date' },
    { name: 't', type: 'datetime' },
    { name: 'b', type: 'boolean' },
  ],
};
const fields = schema.fields as unknown as DatasetField[];

/** A small deterministic generator, so that failures replay. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const random = generator(7);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const records: FixtureRecord[] = Array.from({ length: 240 }, () => ({
  n: pick([null, -2, 0, 0, 0, 3, 17, 17]),
  x: pick([null, -0.5, 0.1, 0.1, 2.75, 1e6]),
  s: pick([null, '', 'a', 'a', 'ab', 'b', 'é', 'Zoë', '中文']),
  d: pick([null, '2020-01-01', '2020-01-02', '2021-06-30']),
  t: pick([null, '2020-01-01T00:00:00Z', '2020-01-01T00:00:00.5Z', '2020-03-04T05:06:07.123456Z']),
  b: pick([null, true, false]),
}));

let db: TestDb;
beforeAll(async () => {
  db = await TestDb.open();
  await db.createTable('t', schema, records);
});
afterAll(() => db.close());

type Row = Record<string, unknown>;

async function rows(
  where: Clause,
  orderBy: string | undefined,
  offset: number,
  limit: number,
): Promise<Row[]> {
  const output = await db.query(schema, {
    select: '*, recordid',
    ...(where === true ? {} : { where: [where === false ? 'false' : where] }),
    ...(orderBy ? { orderBy } : {}),
    offset,
    limit,
  });
  return output.rows.map((row) => ({ ...row, _id: row.recordid }));
}

async function count(where: Clause): Promise<number> {
  if (where === false) return 0;
  const output = await db.query(schema, { ...(where === true ? {} : { where: [where] }), limit: 0 });
  return output.total ?? 0;
}

const probe = {
  count,
  firstValue: async (where: Clause, key: SortKey): Promise<KeyValue | undefined> => {
    const [row] = await rows(where, keysetOrderBy([key]), 0, 1);
    return row ? keyValue(row, key) : undefined;
  },
};

const ORDERS: readonly (readonly [string, 'asc' | 'desc'][])[] = [
  [['n', 'asc']],
  [['n', 'desc']],
  [
    ['s', 'asc'],
    ['x', 'desc'],
  ],
  [['s', 'desc']],
  [
    ['b', 'desc'],
    ['d', 'asc'],
  ],
  [
    ['t', 'desc'],
    ['b', 'asc'],
  ],
  [
    ['x', 'asc'],
    ['n', 'desc'],
    ['s', 'asc'],
  ],
];

describe('keyset paging', () => {
  for (const order of ORDERS) {
    const label = order.map(([f, d]) => `${f} ${d}`).join(', ');
    const keys = keysetKeys(
      order.map(([field, direction]) => ({ field, direction })),
      fields,
    )!;

    it(`continues after any record, in order ${label}`, async () => {
      const all = await rows(true, keysetOrderBy(keys), 0, 1000);
      expect(new Set(all.map((r) => r._id)).size).toBe(records.length);
      for (const i of [0, 1, 37, 100, 180, 238]) {
        const tuple = recordTuple(all[i]!, keys)!;
        const next = await rows(afterClause(keys, tuple), keysetOrderBy(keys), 0, 2);
        expect(next.map((r) => r._id)).toEqual(all.slice(i + 1, i + 3).map((r) => r._id));
      }
      const last = recordTuple(all.at(-1)!, keys)!;
      expect(await rows(afterClause(keys, last), keysetOrderBy(keys), 0, 1)).toEqual([]);
    });

    it(`finds record N by counting, in order ${label}`, async () => {
      const all = await rows(true, keysetOrderBy(keys), 0, 1000);
      for (const target of [0, 5, 9, 64, 119, 200, 233, 239]) {
        const anchor = await seekAnchor(keys, target, 3, probe);
        expect(anchor.count).toBeLessThanOrEqual(target);
        expect(target - anchor.count).toBeLessThanOrEqual(3);
        const [found] = await rows(anchor.clause, keysetOrderBy(keys), target - anchor.count, 1);
        expect(found?._id, `record ${target}`).toBe(all[target]!._id);
      }
    });
  }

  it('leaves out orders it cannot page by keys', () => {
    expect(keysetKeys([{ field: 'nope', direction: 'asc' }], fields)).toBeUndefined();
    expect(keysetKeys([], [...fields, { name: 'RecordID', type: 'text' } as DatasetField])).toBeUndefined();
    expect(keysetOrderBy(keysetKeys([{ field: 'n', direction: 'desc' }], fields)!)).toBe('n desc, recordid');
  });
});

describe('midpoints', () => {
  it('halves the space of hex record ids, in string order', () => {
    expect(midHex('0', 'f')).toBe('7');
    expect(midHex('07', '10')).toBe('0b');
    expect(midHex('7', '8')).toBeUndefined();
    const m = midHex('00003a5f11aa00bb', 'ffff8ae2f02a7073')!;
    expect(m > '00003a5f11aa00bb' && m < 'ffff8ae2f02a7073').toBe(true);
    // Not record ids: the midpoint by character decides.
    expect(midHex('6', '60')).toBeUndefined();
    expect(midHex('ab', 'K')).toBeUndefined();
  });

  it('finds a string between two, or says there is none', () => {
    expect(midText('a', 'c')).toBe('b');
    expect(midText('', 'b')).toBe('0');
    expect(midText('ab', 'ac')).toBeUndefined();
    const m = midText('\ud7ff', '\ue001')!;
    expect(m > '\ud7ff' && m < '\ue001').toBe(true);
  });
});
