import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetSchema } from '../schema';
import {
  dateFormatComponents,
  formatDateParts,
  type Lang,
  parseDateFormatPattern,
} from '../time/date-format';
import { wallClock } from '../time/zones';
import { FIXTURE_SCHEMA, openFixture, type TestDb } from './test-db';

let db: TestDb;
beforeAll(async () => {
  db = await openFixture();
  await db.createTable('edges', EDGE_SCHEMA, EDGE_RECORDS);
});
afterAll(() => db.close());

/** Instants around calendar edges: ISO weeks across years, leap days, DST changes. */
const EDGE_SCHEMA: DatasetSchema = {
  fields: [
    { name: 'k', type: 'int' },
    { name: 'dt', type: 'datetime' },
    { name: 'd', type: 'date' },
  ],
};
const EDGE_INSTANTS = [
  '2019-12-29T23:59:59Z',
  '2019-12-30T00:00:00Z',
  '2020-12-31T22:30:00Z',
  '2021-01-03T12:00:00Z',
  '2020-02-29T09:05:07Z',
  '2020-03-29T00:59:59Z',
  '2020-03-29T01:00:00Z',
  '2020-10-25T00:30:00Z',
  '2020-10-25T01:30:00Z',
  '2027-01-01T00:00:00Z',
  '1999-07-04T05:06:07Z',
];
const EDGE_RECORDS = EDGE_INSTANTS.map((dt, k) => ({ k, dt, d: dt.slice(0, 10) }));

const PATTERNS = [
  'yyyy-MM-dd HH:mm:ss',
  'yy/M/d H:m:s',
  'YYYY',
  'EEEE d MMMM yyyy',
  'E, dd MMM yy',
  'EEE EE e',
  'D DDD',
  'xxxx-ww w xx',
  "'Week' ww 'of' xxxx",
  "HH'h'mm",
  "''yyyy''",
  'dd.MM.yyyy ? , : / -',
  '',
];

function reference(iso: string, pattern: string, timezone: string, lang: Lang): string {
  const parsed = parseDateFormatPattern(pattern);
  if (!parsed.ok) throw new Error(parsed.message);
  return formatDateParts(parsed.parts, dateFormatComponents(wallClock(Date.parse(iso), timezone)), lang);
}

async function formatted(
  pattern: string,
  field: 'dt' | 'd',
  timezone: string,
  lang: Lang,
): Promise<unknown[]> {
  const out = await db.query(
    EDGE_SCHEMA,
    { table: 'edges', select: `date_format(${field}, "${pattern}") AS f`, orderBy: 'k' },
    { timezone, lang },
  );
  return out.rows.map((r) => r.f);
}

describe('date_format', () => {
  it('matches the reference formatter for every pattern letter, time zone and language', async () => {
    for (const timezone of ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata']) {
      for (const lang of ['en', 'fr', 'de'] as const) {
        for (const pattern of PATTERNS) {
          const expected = EDGE_INSTANTS.map((iso) => reference(iso, pattern, timezone, lang));
          expect(await formatted(pattern, 'dt', timezone, lang), `${pattern} ${timezone} ${lang}`).toEqual(
            expected,
          );
        }
      }
    }
  });

  it('formats date fields by their calendar day, whatever the time zone', async () => {
    for (const timezone of ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
      const expected = EDGE_INSTANTS.map((iso) =>
        reference(`${iso.slice(0, 10)}T00:00:00Z`, 'EEEE d MMMM yyyy HH:mm', 'UTC', 'fr'),
      );
      expect(await formatted('EEEE d MMMM yyyy HH:mm', 'd', timezone, 'fr')).toEqual(expected);
    }
  });

  it('names months and days in the request language', async () => {
    const select = 'date_format(dt, "EEEE d MMMM yyyy") AS f, date_format(dt, "E MMM") AS s';
    const en = await db.query(FIXTURE_SCHEMA, { select, where: ['n = 12'] }, { lang: 'en' });
    expect(en.rows).toEqual([{ f: 'Wednesday 4 March 2020', s: 'Wed Mar' }]);
    const fr = await db.query(FIXTURE_SCHEMA, { select, where: ['n = 12'] }, { lang: 'fr' });
    expect(fr.rows).toEqual([{ f: 'mercredi 4 mars 2020', s: 'mer. mars' }]);
    const paris = await db.query(
      FIXTURE_SCHEMA,
      { select, where: ['n = 12'] },
      { lang: 'fr', timezone: 'Europe/Paris' },
    );
    expect(paris.rows).toEqual([{ f: 'jeudi 5 mars 2020', s: 'jeu. mars' }]);
  });

  it('gives null for a null date and keeps the expression as the key', async () => {
    const out = await db.query(FIXTURE_SCHEMA, {
      select: "date_format(d, 'yyyy')",
      where: ['n is null OR n = 0'],
    });
    expect(out.rows).toEqual([{ "date_format(d, 'yyyy')": null }, { "date_format(d, 'yyyy')": '2019' }]);
  });

  it('formats a date literal', async () => {
    const out = await db.query(FIXTURE_SCHEMA, {
      select: "date_format(date'2024-02-29T13:14', 'EEEE HH:mm') AS f",
      limit: 1,
    });
    expect(out.rows).toEqual([{ f: 'Thursday 13:14' }]);
  });
});

describe('year(), month(), day(), hour(), minute(), second()', () => {
  const select = 'year(dt), month(dt), day(dt), hour(dt), minute(dt), second(dt)';

  it('are integers in the request time zone in v2.1', async () => {
    const utc = await db.query(FIXTURE_SCHEMA, { select, where: ['n = 0'] });
    expect(utc.rows).toEqual([
      { 'year(dt)': 2019, 'month(dt)': 12, 'day(dt)': 31, 'hour(dt)': 23, 'minute(dt)': 30, 'second(dt)': 0 },
    ]);
    const paris = await db.query(FIXTURE_SCHEMA, { select, where: ['n = 0'] }, { timezone: 'Europe/Paris' });
    expect(paris.rows).toEqual([
      { 'year(dt)': 2020, 'month(dt)': 1, 'day(dt)': 1, 'hour(dt)': 0, 'minute(dt)': 30, 'second(dt)': 0 },
    ]);
  });

  it('are text in v2.0', async () => {
    const out = await db.query(FIXTURE_SCHEMA, { select, where: ['n = 14'] }, { version: '2.0' });
    expect(out.rows).toEqual([
      {
        'year(dt)': '2022',
        'month(dt)': '6',
        'day(dt)': '15',
        'hour(dt)': '8',
        'minute(dt)': '15',
        'second(dt)': '30',
      },
    ]);
  });

  it('read date fields and date literals', async () => {
    const out = await db.query(FIXTURE_SCHEMA, {
      select: "year(d) AS y, month(d) AS m, day(d) AS dd, hour(d) AS h, year(date'1972') AS lit",
      where: ['n = 15'],
    });
    expect(out.rows).toEqual([{ y: 2020, m: 2, dd: 29, h: 0, lit: 1972 }]);
  });
});

describe('date and datetime values', () => {
  it('render dates as ISO days and datetimes with the offset of the request time zone', async () => {
    const select = 'd, dt';
    expect((await db.query(FIXTURE_SCHEMA, { select, where: ['n = 12'] })).rows).toEqual([
      { d: '2020-03-04', dt: '2020-03-04T23:30:00+00:00' },
    ]);
    expect(
      (await db.query(FIXTURE_SCHEMA, { select, where: ['n = 12'] }, { timezone: 'Europe/Paris' })).rows,
    ).toEqual([{ d: '2020-03-04', dt: '2020-03-05T00:30:00+01:00' }]);
    expect(
      (await db.query(FIXTURE_SCHEMA, { select, where: ['n = 30'] }, { timezone: 'Europe/Paris' })).rows,
    ).toEqual([{ d: '2021-07-14', dt: '2021-07-14T12:00:00+02:00' }]);
    expect(
      (await db.query(FIXTURE_SCHEMA, { select, where: ['n = 30'] }, { timezone: 'America/St_Johns' })).rows,
    ).toEqual([{ d: '2021-07-14', dt: '2021-07-14T07:30:00-02:30' }]);
  });

  it('render now() in the request time zone', async () => {
    const out = await db.query(
      FIXTURE_SCHEMA,
      { select: 'now() AS a, now(days=-1, hour=3) AS b', limit: 1 },
      { timezone: 'Europe/Paris', now: Date.parse('2024-05-15T12:00:00Z') },
    );
    expect(out.rows).toEqual([{ a: '2024-05-15T14:00:00+02:00', b: '2024-05-14T03:00:00+02:00' }]);
  });

  it('keep the microseconds now() was given', async () => {
    const out = await db.query(
      FIXTURE_SCHEMA,
      { select: 'now(second=55, microsecond=450500) AS a, now(microseconds=1) AS b', limit: 1 },
      { now: Date.parse('2021-05-06T12:34:00.250Z') },
    );
    expect(out.rows).toEqual([
      { a: '2021-05-06T12:34:55.450500+00:00', b: '2021-05-06T12:34:00.250001+00:00' },
    ]);
  });
});

describe('date histograms: range(date, interval)', () => {
  async function buckets(groupBy: string, timezone = 'UTC', table = 't'): Promise<unknown[]> {
    const schema = table === 't' ? FIXTURE_SCHEMA : EDGE_SCHEMA;
    const out = await db.query(
      schema,
      { table, select: 'count(*) AS c', groupBy: `${groupBy} AS b` },
      { timezone },
    );
    return out.rows.map((r) => [r.b, r.c]);
  }

  it('labels buckets with their UTC bounds in milliseconds, lower included', async () => {
    expect(await buckets('range(dt, 1 year)')).toEqual([
      ['[2019-01-01T00:00:00.000Z, 2020-01-01T00:00:00.000Z[', 1],
      ['[2020-01-01T00:00:00.000Z, 2021-01-01T00:00:00.000Z[', 4],
      ['[2021-01-01T00:00:00.000Z, 2022-01-01T00:00:00.000Z[', 1],
      ['[2022-01-01T00:00:00.000Z, 2023-01-01T00:00:00.000Z[', 1],
    ]);
  });

  it('cuts buckets at midnight of the request time zone', async () => {
    expect(await buckets('range(dt, 1y)', 'Europe/Paris')).toEqual([
      ['[2019-12-31T23:00:00.000Z, 2020-12-31T23:00:00.000Z[', 5],
      ['[2020-12-31T23:00:00.000Z, 2021-12-31T23:00:00.000Z[', 1],
      ['[2021-12-31T23:00:00.000Z, 2022-12-31T23:00:00.000Z[', 1],
    ]);
  });

  it('spells units in every form; M is a month and m a minute', async () => {
    const month = await buckets('range(d, 1 M)');
    expect(month).toEqual(await buckets('range(d, 1 month)'));
    expect(month).toEqual([
      ['[2019-12-01T00:00:00.000Z, 2020-01-01T00:00:00.000Z[', 1],
      ['[2020-01-01T00:00:00.000Z, 2020-02-01T00:00:00.000Z[', 1],
      ['[2020-02-01T00:00:00.000Z, 2020-03-01T00:00:00.000Z[', 1],
      ['[2020-03-01T00:00:00.000Z, 2020-04-01T00:00:00.000Z[', 2],
      ['[2021-07-01T00:00:00.000Z, 2021-08-01T00:00:00.000Z[', 1],
      ['[2022-06-01T00:00:00.000Z, 2022-07-01T00:00:00.000Z[', 1],
    ]);
    expect(await buckets('range(dt, 15 m)', 'UTC', 'edges')).toContainEqual([
      '[2020-02-29T09:00:00.000Z, 2020-02-29T09:15:00.000Z[',
      1,
    ]);
    expect(await buckets('range(dt, 1d)', 'UTC', 'edges')).toEqual(
      await buckets('range(dt, 1 days)', 'UTC', 'edges'),
    );
  });

  it('buckets by hours, days, weeks (from Monday) and quarters', async () => {
    expect(await buckets('range(dt, 6 h)')).toContainEqual([
      '[2020-03-04T18:00:00.000Z, 2020-03-05T00:00:00.000Z[',
      1,
    ]);
    expect(await buckets('range(dt, 1 w)')).toEqual([
      ['[2019-12-30T00:00:00.000Z, 2020-01-06T00:00:00.000Z[', 2],
      ['[2020-02-24T00:00:00.000Z, 2020-03-02T00:00:00.000Z[', 1],
      ['[2020-03-02T00:00:00.000Z, 2020-03-09T00:00:00.000Z[', 2],
      ['[2021-07-12T00:00:00.000Z, 2021-07-19T00:00:00.000Z[', 1],
      ['[2022-06-13T00:00:00.000Z, 2022-06-20T00:00:00.000Z[', 1],
    ]);
    expect(await buckets('range(d, 1 q)')).toEqual([
      ['[2019-10-01T00:00:00.000Z, 2020-01-01T00:00:00.000Z[', 1],
      ['[2020-01-01T00:00:00.000Z, 2020-04-01T00:00:00.000Z[', 4],
      ['[2021-07-01T00:00:00.000Z, 2021-10-01T00:00:00.000Z[', 1],
      ['[2022-04-01T00:00:00.000Z, 2022-07-01T00:00:00.000Z[', 1],
    ]);
  });

  it('keeps the offset change of a DST day inside the bucket', async () => {
    // 2020-03-29 in Paris lasts 23 hours: from 23:00Z the day before to 22:00Z.
    expect(await buckets('range(dt, 1 d)', 'Europe/Paris', 'edges')).toContainEqual([
      '[2020-03-28T23:00:00.000Z, 2020-03-29T22:00:00.000Z[',
      2,
    ]);
  });

  it('returns no empty buckets and no null bucket', async () => {
    const out = await buckets('range(dt, 1 d)');
    expect(out).toHaveLength(7);
    expect(out.every((b) => Array.isArray(b) && b[0] !== null)).toBe(true);
  });

  it('uses static date bounds, open with *, read in the request time zone', async () => {
    const range = "range(d, *, date'2020-01-01', date'2021-01-01', *)";
    expect(await buckets(range)).toEqual([
      ['[*, 2020-01-01T00:00:00.000Z[', 1],
      ['[2020-01-01T00:00:00.000Z, 2021-01-01T00:00:00.000Z[', 4],
      ['[2021-01-01T00:00:00.000Z, *[', 2],
    ]);
    expect(await buckets(range, 'Europe/Paris')).toEqual([
      ['[*, 2019-12-31T23:00:00.000Z[', 1],
      ['[2019-12-31T23:00:00.000Z, 2020-12-31T23:00:00.000Z[', 4],
      ['[2020-12-31T23:00:00.000Z, *[', 2],
    ]);
    expect(await buckets("range(dt, date'2020-03-01', date'2020-04-01')")).toEqual([
      ['[2020-03-01T00:00:00.000Z, 2020-04-01T00:00:00.000Z[', 2],
    ]);
  });
});
