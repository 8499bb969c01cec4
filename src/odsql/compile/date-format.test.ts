import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetSchema } from '../schema';
import { type FixtureRecord, TestDb } from './test-db';

/*
 * date_format as a group key groups on the date parts a pattern shows and formats once per group.
 * Its labels and counts must equal formatting every record (the value path, through strftime) and
 * counting the labels.
 */

const schema: DatasetSchema = {
  fields: [
    { name: 'd', type: 'date' },
    { name: 't', type: 'datetime' },
  ],
};

const records: FixtureRecord[] = [
  '1999-03-01T00:30:00',
  '2099-03-01T12:00:00',
  '2020-02-29T23:59:59',
  '2020-12-31T22:15:00',
  '2021-01-01T01:00:00',
  '2021-01-04T09:05:07',
  '2021-06-13T18:45:00',
  '2021-06-13T18:46:00',
].map((t) => ({ d: t.slice(0, 10), t }));
records.push({ d: null, t: null });

let db: TestDb;
beforeAll(async () => {
  db = await TestDb.open();
  await db.createTable('t', schema, records);
});
afterAll(() => db.close());

const PATTERNS = [
  'yyyy-MM-dd',
  'yy',
  'EEEE d MMMM yyyy',
  "'week' ww xxxx, e",
  'MMM yyyy HH:mm:ss',
  'D DDD H:m:s',
  "'text only'",
];

describe('date_format as a group key', () => {
  for (const field of ['d', 't']) {
    for (const pattern of PATTERNS) {
      for (const timezone of ['UTC', 'Pacific/Auckland']) {
        it(`groups ${field} by '${pattern}' in ${timezone} as the values read`, async () => {
          const expr = `date_format(${field}, "${pattern.replaceAll('"', '\\"')}")`;
          const options = { timezone, lang: 'fr' as const };
          const values = await db.query(schema, { select: `${expr} AS label`, limit: 100 }, options);
          const expected = new Map<string | null, number>();
          for (const row of values.rows) {
            const label = row.label as string | null;
            expected.set(label, (expected.get(label) ?? 0) + 1);
          }
          const groups = await db.query(
            schema,
            { select: 'count(*) AS n', groupBy: `${expr} AS label`, limit: 100 },
            options,
          );
          const actual = new Map(groups.rows.map((g) => [g.label as string | null, Number(g.n)]));
          expect(actual).toEqual(expected);
        });
      }
    }
  }

  it('merges labels that read the same: two-digit years of different centuries', async () => {
    const groups = await db.query(schema, { select: 'count(*) AS n', groupBy: "date_format(d, 'yy') AS y" });
    expect(groups.rows).toContainEqual({ y: '99', n: 2 });
  });
});
