import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SCHEMA, namesWhere, openFixture, type TestDb } from './test-db';

let db: TestDb;
beforeAll(async () => {
  db = await openFixture();
});
afterAll(() => db.close());

const where = (clause: string | string[], timezone = 'UTC') => namesWhere(db, clause, { timezone });

const ALL = [
  'Paris Tour Eiffel',
  'Lyon Part-Dieu',
  'Évry Cathédrale',
  'Bibliothèque de la Cité',
  'The Secret Garden',
  'Book of Secrets',
  'secret',
  'Marseille Vieux-Port',
];

describe('numeric comparisons', () => {
  it('applies every operator', async () => {
    expect(await where('n > 29')).toEqual(['Lyon Part-Dieu', 'The Secret Garden']);
    expect(await where('n >= 29')).toEqual(['Lyon Part-Dieu', 'The Secret Garden', 'Marseille Vieux-Port']);
    expect(await where('n < 12')).toEqual(['Bibliothèque de la Cité']);
    expect(await where('n <= 12')).toEqual(['Paris Tour Eiffel', 'Bibliothèque de la Cité']);
    expect(await where('n = 15')).toEqual(['Book of Secrets']);
    expect(await where('n:15')).toEqual(['Book of Secrets']);
    expect(await where('x = 2.5')).toEqual(['Paris Tour Eiffel']);
    expect(await where('x < 0')).toEqual(['Bibliothèque de la Cité']);
  });

  it('compares with a literal on the left', async () => {
    expect(await where('29 < n')).toEqual(['Lyon Part-Dieu', 'The Secret Garden']);
  });

  it('mixes int and double', async () => {
    expect(await where('x > n')).toEqual(['The Secret Garden']);
    expect(await where('n = 12.0')).toEqual(['Paris Tour Eiffel']);
  });

  it('converts a quoted number compared with a number field', async () => {
    expect(await where('n = "12"')).toEqual(['Paris Tour Eiffel']);
    expect(await where('x > " 50 "')).toEqual(['The Secret Garden']);
  });

  it('converts a number compared with a text field to its text', async () => {
    expect(await db.query(FIXTURE_SCHEMA, { select: 'name', where: ['code = 12'] })).toMatchObject({
      rows: [],
    });
    expect(await where('"red" IN tags AND code != 5')).toEqual([
      'Paris Tour Eiffel',
      'Lyon Part-Dieu',
      'The Secret Garden',
    ]);
  });
});

describe('null handling', () => {
  it('never matches null with a comparison', async () => {
    expect(await where('n > -1000')).not.toContain('Évry Cathédrale');
    expect(await where('n != 12')).toEqual([
      'Lyon Part-Dieu',
      'Bibliothèque de la Cité',
      'The Secret Garden',
      'Book of Secrets',
      'secret',
      'Marseille Vieux-Port',
    ]);
    expect(await where('n = null')).toEqual([]);
    expect(await where('n != null')).toEqual([]);
  });

  it('keeps null values under NOT', async () => {
    expect(await where('NOT n > 14')).toEqual([
      'Paris Tour Eiffel',
      'Évry Cathédrale',
      'Bibliothèque de la Cité',
      'secret',
    ]);
    expect(await where('NOT n = null')).toEqual(ALL);
    expect(await where('NOT (n > 14 OR x > 5)')).toEqual([
      'Paris Tour Eiffel',
      'Bibliothèque de la Cité',
      'secret',
    ]);
    expect(await where('NOT NOT n > 14')).toEqual([
      'Lyon Part-Dieu',
      'The Secret Garden',
      'Book of Secrets',
      'Marseille Vieux-Port',
    ]);
  });

  it('tests null with IS [NOT] NULL', async () => {
    expect(await where('x is null')).toEqual(['Lyon Part-Dieu']);
    expect(await where('x IS NOT NULL')).toHaveLength(7);
    expect(await where('d is null AND dt is null AND geo is null AND shape is null')).toEqual([
      'Évry Cathédrale',
    ]);
  });

  it('tests a multivalued field without values as null', async () => {
    expect(await where('tags is null')).toEqual(['Évry Cathédrale', 'secret']);
    expect(await where('tags is not null')).toHaveLength(6);
  });

  it('ignores null in an IN list and matches nothing with only null', async () => {
    expect(await where('n IN (12, null, 15)')).toEqual(['Paris Tour Eiffel', 'Book of Secrets']);
    expect(await where('n IN (null)')).toEqual([]);
  });

  it('combines with OR and AND like two-valued logic', async () => {
    expect(await where('n > 40 OR x is null')).toEqual(['Lyon Part-Dieu', 'The Secret Garden']);
    expect(await where('n > 10 AND x > 3')).toEqual(['The Secret Garden', 'secret', 'Marseille Vieux-Port']);
  });
});

describe('booleans', () => {
  it('takes a bare boolean field as IS TRUE', async () => {
    expect(await where('flag')).toEqual([
      'Paris Tour Eiffel',
      'Bibliothèque de la Cité',
      'Book of Secrets',
      'Marseille Vieux-Port',
    ]);
  });

  it('applies IS [NOT] TRUE / FALSE, = and NOT', async () => {
    expect(await where('flag is false')).toEqual(['Lyon Part-Dieu', 'The Secret Garden', 'secret']);
    expect(await where('flag = false')).toEqual(['Lyon Part-Dieu', 'The Secret Garden', 'secret']);
    expect(await where('flag:FALSE')).toEqual(['Lyon Part-Dieu', 'The Secret Garden', 'secret']);
    expect(await where('flag is not true')).toEqual([
      'Lyon Part-Dieu',
      'Évry Cathédrale',
      'The Secret Garden',
      'secret',
    ]);
    expect(await where('NOT flag')).toEqual([
      'Lyon Part-Dieu',
      'Évry Cathédrale',
      'The Secret Garden',
      'secret',
    ]);
    expect(await where('flag = "true"')).toHaveLength(4);
  });

  it('accepts boolean literals as conditions', async () => {
    expect(await where('true')).toEqual(ALL);
    expect(await where('false')).toEqual([]);
  });
});

describe('IN', () => {
  it('matches a list of values', async () => {
    expect(await where('code IN ("FR", "US")')).toEqual([
      'Paris Tour Eiffel',
      'Book of Secrets',
      'Marseille Vieux-Port',
    ]);
    expect(await where('n IN (0, 45)')).toEqual(['Bibliothèque de la Cité', 'The Secret Garden']);
  });

  it('negates a list, keeping null values', async () => {
    expect(await where('NOT code IN ("FR", "US")')).toEqual([
      'Lyon Part-Dieu',
      'Évry Cathédrale',
      'Bibliothèque de la Cité',
      'The Secret Garden',
      'secret',
    ]);
    expect(await where('n NOT IN (12, 15)')).toContain('Évry Cathédrale');
  });

  it('matches ranges with inclusive and exclusive bounds', async () => {
    expect(await where('n IN [12..15]')).toEqual(['Paris Tour Eiffel', 'Book of Secrets', 'secret']);
    expect(await where('n IN [12..15[')).toEqual(['Paris Tour Eiffel', 'secret']);
    expect(await where('n IN ]12..15]')).toEqual(['Book of Secrets', 'secret']);
    expect(await where('n IN ]12 TO 15[')).toEqual(['secret']);
    expect(await where('n:[12 TO 14]')).toEqual(['Paris Tour Eiffel', 'secret']);
    expect(await where('x IN [-2..0]')).toEqual(['Bibliothèque de la Cité', 'Book of Secrets']);
  });

  it('matches date ranges', async () => {
    expect(await where("d IN [date'2020'..date'2021'[")).toEqual([
      'Paris Tour Eiffel',
      'The Secret Garden',
      'Book of Secrets',
      'Marseille Vieux-Port',
    ]);
    expect(await where("d IN ]date'2020-01-01'..date'2020-03-04']")).toEqual([
      'Paris Tour Eiffel',
      'Book of Secrets',
    ]);
  });

  it('matches a multivalued field holding any of the values', async () => {
    expect(await where('tags = "red"')).toEqual(['Paris Tour Eiffel', 'Lyon Part-Dieu', 'The Secret Garden']);
    expect(await where('"red" IN tags')).toEqual([
      'Paris Tour Eiffel',
      'Lyon Part-Dieu',
      'The Secret Garden',
    ]);
    expect(await where('tags IN ("green", "blue")')).toEqual([
      'Paris Tour Eiffel',
      'Bibliothèque de la Cité',
      'The Secret Garden',
      'Book of Secrets',
      'Marseille Vieux-Port',
    ]);
    expect(await where('"blue" IN tags AND "green" IN tags')).toEqual(['Marseille Vieux-Port']);
    expect(await where('"Red" IN tags')).toEqual([]);
  });

  it('takes != on a multivalued field as holding no such value', async () => {
    expect(await where('tags != "red"')).toEqual([
      'Bibliothèque de la Cité',
      'Book of Secrets',
      'Marseille Vieux-Port',
    ]);
  });

  it('matches a scalar field with IN field', async () => {
    expect(await where('"FR" IN code')).toEqual(['Paris Tour Eiffel', 'Marseille Vieux-Port']);
  });
});

describe('expressions in filters', () => {
  it('compares arithmetic and scalar functions', async () => {
    expect(await where('n * 2 <= 24')).toEqual(['Paris Tour Eiffel', 'Bibliothèque de la Cité']);
    expect(await where('n + x > 100')).toEqual(['The Secret Garden']);
    expect(await where('-n < -40')).toEqual(['The Secret Garden']);
    expect(await where('(n - 10) / 2 = 1')).toEqual(['Paris Tour Eiffel']);
    expect(await where('length(name) = 6')).toEqual(['secret']);
    expect(await where('lower(code) = "fr"')).toEqual([
      'Paris Tour Eiffel',
      'Lyon Part-Dieu',
      'Marseille Vieux-Port',
    ]);
    expect(await where('ifnull(n, -1) < 0')).toEqual(['Évry Cathédrale']);
    expect(await where('year(d) = 2020')).toEqual([
      'Paris Tour Eiffel',
      'The Secret Garden',
      'Book of Secrets',
      'Marseille Vieux-Port',
    ]);
    expect(await where("date_format(d, 'dd') = '04'")).toEqual(['Paris Tour Eiffel']);
  });

  it('takes division by zero as null, so the comparison is false', async () => {
    expect(await where('n / 0 > 0 OR n / 0 <= 0')).toEqual([]);
    expect(await where('n / 0 is null')).toEqual(ALL);
  });

  it('ANDs several where parameters', async () => {
    expect(await where(['n > 10', 'flag', '"paris*"'])).toEqual(['Paris Tour Eiffel']);
  });
});

describe('dates and the request time zone', () => {
  it('reads a date literal in the request time zone', async () => {
    // Paris Tour Eiffel: 2020-03-04T23:30Z is already March 5th in Paris.
    expect(await where("dt < date'2020-03-05'")).toEqual([
      'Paris Tour Eiffel',
      'Bibliothèque de la Cité',
      'The Secret Garden',
      'Book of Secrets',
    ]);
    expect(await where("dt < date'2020-03-05'", 'Europe/Paris')).toEqual([
      'Bibliothèque de la Cité',
      'The Secret Garden',
      'Book of Secrets',
    ]);
    expect(await where("dt >= date'2020'", 'UTC')).not.toContain('Bibliothèque de la Cité');
    expect(await where("dt >= date'2020'", 'Europe/Paris')).toContain('Bibliothèque de la Cité');
  });

  it('reads a literal with an offset as that instant, in any time zone', async () => {
    for (const tz of ['UTC', 'Europe/Paris', 'America/New_York']) {
      expect(await where("dt = date'2020-03-05T00:30:00+01:00'", tz)).toEqual(['Paris Tour Eiffel']);
      expect(await where("dt = date'2020-03-04T23:30:00Z'", tz)).toEqual(['Paris Tour Eiffel']);
    }
  });

  it('compares date fields by calendar day, whatever the time zone', async () => {
    for (const tz of ['UTC', 'Europe/Paris', 'Pacific/Kiritimati']) {
      expect(await where("d >= date'2021'", tz)).toEqual(['Lyon Part-Dieu', 'secret']);
      expect(await where("d = date'2020-03-04'", tz)).toEqual(['Paris Tour Eiffel']);
    }
    expect(await where('d = "2020-03-04"')).toEqual(['Paris Tour Eiffel']);
    expect(await where("d > '2020/03/04'")).toEqual(['Lyon Part-Dieu', 'secret', 'Marseille Vieux-Port']);
  });

  it('accepts partial, slashed and timed literals', async () => {
    expect(await where("d IN [date'2020-02'..date'2020/03/04']")).toEqual([
      'Paris Tour Eiffel',
      'Book of Secrets',
    ]);
    expect(await where("dt > date'2022-06-15T08:15'")).toEqual(['secret']);
    expect(await where("dt > date'2022-06-15T08:15:30.001'")).toEqual([]);
  });

  it('compares a date with a datetime', async () => {
    expect(await where("d = date'2020-01-01T00:00:00'")).toEqual(['The Secret Garden']);
    expect(await where('dt > d')).toEqual([
      'Paris Tour Eiffel',
      'Lyon Part-Dieu',
      'Bibliothèque de la Cité',
      'Book of Secrets',
      'secret',
      'Marseille Vieux-Port',
    ]);
  });

  it('filters relative to now(), shifted by named arguments', async () => {
    const now = Date.parse('2024-05-15T12:00:00Z');
    const at = (clause: string) => namesWhere(db, clause, { now });
    expect(await at('d > now(years=-3)')).toEqual(['Lyon Part-Dieu', 'secret']);
    expect(await at('dt >= now(year=2020, month=1, day=1, hour=0, minute=0, second=0)')).toEqual([
      'Paris Tour Eiffel',
      'Lyon Part-Dieu',
      'The Secret Garden',
      'Book of Secrets',
      'secret',
      'Marseille Vieux-Port',
    ]);
    expect(await at('dt < now(years=-4, months=-2, days=-15)')).toEqual([
      'Bibliothèque de la Cité',
      'The Secret Garden',
    ]);
    // 2024-05-15 is a Wednesday: the previous Monday is 2024-05-13.
    expect(await at("now(mondays=-1, hour=0, minute=0, second=0) = date'2024-05-13'")).toEqual(ALL);
    // The day is clamped to the length of the month.
    expect(await at("now(day=31, month=2, hour=0, minute=0, second=0) = date'2024-02-29'")).toEqual(ALL);
  });
});

describe('hostile values', () => {
  it('are compared as plain values and leave the table alone', async () => {
    expect(await where(`name = "'; DROP TABLE t; --" OR code = '") OR 1=1 --'`)).toEqual([]);
    expect(await where(`"'); DELETE FROM t; --" OR search(name, "' OR ''='")`)).toEqual([]);
    expect(await where('true')).toEqual(ALL);
  });
});
