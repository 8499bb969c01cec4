import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetSchema } from '../schema';
import { type FixtureRecord, TestDb } from './test-db';

/*
 * With the range of a datetime field known, wall clocks in another time zone use the zone's few offset
 * changes over that range instead of a time zone lookup per value. Both must give the same answers,
 * around daylight saving changes included.
 */

const times = [
  '2021-03-28T00:59:59', // Paris: last second at +01:00
  '2021-03-28T01:00:00', // Paris: first second at +02:00
  '2021-03-14T09:59:00', // New York: just before the spring change
  '2021-03-14T10:00:00',
  '2021-10-31T00:30:00', // Paris: 02:30 the first time
  '2021-10-31T01:30:00', // Paris: 02:30 the second time
  '2021-11-07T05:30:00', // New York: 01:30 the first time
  '2021-11-07T06:30:00', // New York: 01:30 the second time
  '2021-12-31T23:30:00',
  '2022-01-01T00:15:00',
];

const plain: DatasetSchema = { fields: [{ name: 't', type: 'datetime' }] };
const ranged: DatasetSchema = {
  fields: [
    {
      name: 't',
      type: 'datetime',
      range: { min: Date.parse('2021-03-14T09:59:00Z'), max: Date.parse('2022-01-01T00:15:00Z') },
    },
  ],
};
const records: FixtureRecord[] = [...times.map((t) => ({ t })), { t: null }];

let db: TestDb;
beforeAll(async () => {
  db = await TestDb.open();
  await db.createTable('t', plain, records);
});
afterAll(() => db.close());

const QUERIES = [
  {
    select:
      "t, year(t) AS y, month(t) AS m, day(t) AS d, hour(t) AS h, date_format(t, 'yyyy-MM-dd HH:mm') AS f",
  },
  { select: 'count(*) AS n', groupBy: 'range(t, 1 day) AS day' },
  { select: 'count(*) AS n', groupBy: 'hour(t) AS h' },
  { select: 'count(*) AS n', groupBy: "date_format(t, 'MMMM yyyy') AS month" },
];

describe('wall clocks from offset spans', () => {
  for (const timezone of ['Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
    for (const query of QUERIES) {
      it(`${timezone}: ${query.groupBy ?? query.select}`, async () => {
        const expected = await db.query(plain, query, { timezone });
        const actual = await db.query(ranged, query, { timezone });
        expect(actual.rows).toEqual(expected.rows);
      });
    }
  }

  it('binds the offsets instead of looking the zone up per value', async () => {
    const { compile } = await import('./test-db');
    const result = compile(ranged, { select: 'hour(t) AS h' }, { timezone: 'Europe/Paris' });
    if (!result.ok) throw new Error('does not compile');
    expect(result.query.page.sql).toContain('to_seconds(CASE WHEN');
    expect(result.query.page.sql).not.toContain('AS TIMESTAMPTZ');
  });
});
