import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compile,
  FIXTURE_RECORDS,
  FIXTURE_SCHEMA,
  names,
  openFixture,
  PROCESSED_AT,
  type TestDb,
} from './test-db';

let db: TestDb;
beforeAll(async () => {
  db = await openFixture();
});
afterAll(() => db.close());

const query = (q: { select?: string; where?: string[]; orderBy?: string; limit?: number; offset?: number }) =>
  db.query(FIXTURE_SCHEMA, q);

const FIELD_NAMES = FIXTURE_SCHEMA.fields.map((f) => f.name);

describe('select: fields and labels', () => {
  it('returns every field in dataset order by default, nulls included', async () => {
    const out = await query({ where: ['n is null'] });
    expect(Object.keys(out.rows[0] ?? {})).toEqual(FIELD_NAMES);
    expect(out.rows[0]).toMatchObject({ name: 'Évry Cathédrale', n: null, tags: null, geo: null, x: 7.25 });
    expect((await query({ select: '*', where: ['n is null'] })).rows).toEqual(out.rows);
  });

  it('keys fields by their schema name, aliases by label, expressions by their text as written', async () => {
    const out = await query({
      select: 'NAME, n AS `my label`, n*2, LENGTH( name ), "hello", 2',
      where: ['n = 12'],
    });
    expect(out.rows).toEqual([
      {
        name: 'Paris Tour Eiffel',
        'my label': 12,
        'n*2': 24,
        'LENGTH( name )': 17,
        '"hello"': 'hello',
        '2': 2,
      },
    ]);
  });

  it('keeps the first of two items with the same key', async () => {
    const out = await query({ select: 'n, n AS n, x AS n', where: ['n = 12'] });
    expect(out.rows).toEqual([{ n: 12 }]);
  });

  it('combines * with expressions', async () => {
    const out = await query({ select: '*, n * 10 AS big', where: ['n = 12'] });
    expect(Object.keys(out.rows[0] ?? {})).toEqual([...FIELD_NAMES, 'big']);
  });
});

describe('select: include() and exclude()', () => {
  it('includes names and prefixes, in dataset order', async () => {
    expect(Object.keys((await query({ select: 'include(n)', limit: 1 })).rows[0] ?? {})).toEqual(['n']);
    expect(Object.keys((await query({ select: 'include(n*)', limit: 1 })).rows[0] ?? {})).toEqual([
      'name',
      'n',
    ]);
    expect(Object.keys((await query({ select: 'include(x, c*)', limit: 1 })).rows[0] ?? {})).toEqual([
      'code',
      'x',
    ]);
    expect(Object.keys((await query({ select: 'include(*)', limit: 1 })).rows[0] ?? {})).toEqual(FIELD_NAMES);
  });

  it('excludes from all fields when only exclusions are given', async () => {
    const out = await query({ select: 'exclude(geo*), exclude(shape, payload)', limit: 1 });
    expect(Object.keys(out.rows[0] ?? {})).toEqual(['name', 'code', 'tags', 'n', 'x', 'flag', 'd', 'dt']);
  });

  it('excludes from what was selected before', async () => {
    const out = await query({ select: 'include(n*, d*), exclude(dt)', limit: 1 });
    expect(Object.keys(out.rows[0] ?? {})).toEqual(['name', 'n', 'd']);
  });

  it('matches patterns regardless of case and includes nothing for an unknown name', async () => {
    expect(Object.keys((await query({ select: 'include(NA*)', limit: 1 })).rows[0] ?? {})).toEqual(['name']);
    expect((await query({ select: 'include(nope*), n', limit: 1 })).rows).toEqual([{ n: 12 }]);
  });
});

describe('select: values', () => {
  it('computes arithmetic, with division by zero giving null', async () => {
    const out = await query({
      select: 'n + 1 AS a, n - x AS b, n * x AS c, n / 4 AS d, n / 0 AS e, -x AS f, 7 / 2 AS g',
      where: ['n = 12'],
    });
    expect(out.rows).toEqual([{ a: 13, b: 9.5, c: 30, d: 3, e: null, f: -2.5, g: 3.5 }]);
    const nulls = await query({ select: 'n + 1 AS a, x / 0 AS b', where: ['n is null'] });
    expect(nulls.rows).toEqual([{ a: null, b: null }]);
  });

  it('computes scalar functions', async () => {
    const out = await query({
      select:
        'length(name) AS l, lower(name) AS lo, ifnull(x, 0) AS i, ifnull(n, 1.5) AS j, ' +
        'geometry_type(geo) AS g',
      where: ['n = 30'],
    });
    expect(out.rows).toEqual([{ l: 14, lo: 'lyon part-dieu', i: 0, j: 30, g: 'Point' }]);
  });

  it('parses JSON text with json_format(), falling back to the text, the given value or null', async () => {
    const out = await query({
      select: 'json_format(payload) AS a, json_format(payload, null) AS b, json_format(payload, "bad") AS c',
    });
    expect(out.rows).toEqual([
      { a: { a: [1, 2] }, b: { a: [1, 2] }, c: { a: [1, 2] } },
      { a: 'not json', b: null, c: 'bad' },
      { a: null, b: null, c: null },
      { a: [1, 2, 3], b: [1, 2, 3], c: [1, 2, 3] },
      { a: 'text', b: 'text', c: 'text' },
      { a: null, b: null, c: null },
      { a: {}, b: {}, c: {} },
      { a: null, b: null, c: null },
    ]);
  });

  it('renders each type in its JSON form', async () => {
    const out = await query({ select: 'name, tags, n, x, flag', where: ['n = 12'] });
    expect(out.rows).toEqual([
      { name: 'Paris Tour Eiffel', tags: ['red', 'blue'], n: 12, x: 2.5, flag: true },
    ]);
  });
});

describe('order_by on records', () => {
  it('keeps the source order by default', async () => {
    expect(names(await query({ select: 'name' }))).toEqual([
      'Paris Tour Eiffel',
      'Lyon Part-Dieu',
      'Évry Cathédrale',
      'Bibliothèque de la Cité',
      'The Secret Garden',
      'Book of Secrets',
      'secret',
      'Marseille Vieux-Port',
    ]);
  });

  it('sorts ascending by default and puts nulls last both ways', async () => {
    const asc = await query({ select: 'n', orderBy: 'n' });
    expect(asc.rows.map((r) => r.n)).toEqual([0, 12, 14, 15, 29, 30, 45, null]);
    const desc = await query({ select: 'n', orderBy: 'n DESC' });
    expect(desc.rows.map((r) => r.n)).toEqual([45, 30, 29, 15, 14, 12, 0, null]);
    const minus = await query({ select: 'n', orderBy: '-n' });
    expect(minus.rows).toEqual(desc.rows);
    const asc2 = await query({ select: 'x', orderBy: 'x asc' });
    expect(asc2.rows.map((r) => r.x)).toEqual([-1.5, 0, 2.5, 3.5, 7.25, 12.75, 100, null]);
  });

  it('sorts text by code by default: the order < and > compare in, to continue after a sort key', async () => {
    const out = await query({ select: 'name', orderBy: 'name', where: ['name IS NOT NULL'] });
    expect(names(out)).toEqual([
      'Bibliothèque de la Cité',
      'Book of Secrets',
      'Lyon Part-Dieu',
      'Marseille Vieux-Port',
      'Paris Tour Eiffel',
      'The Secret Garden',
      'secret',
      'Évry Cathédrale',
    ]);
    const after = await query({ select: 'name', orderBy: 'name', where: ["name > 'Paris Tour Eiffel'"] });
    expect(names(after)).toEqual(names(out).slice(5));
  });

  it('sorts text as people read it where asked (the catalog): case and accents folded', async () => {
    const reading = { textOrder: 'reading' } as const;
    const out = await db.query(
      FIXTURE_SCHEMA,
      { select: 'name', orderBy: 'name', where: ['name IS NOT NULL'] },
      reading,
    );
    expect(names(out)).toEqual([
      'Bibliothèque de la Cité',
      'Book of Secrets',
      'Évry Cathédrale',
      'Lyon Part-Dieu',
      'Marseille Vieux-Port',
      'Paris Tour Eiffel',
      'secret',
      'The Secret Garden',
    ]);
    const desc = await db.query(
      FIXTURE_SCHEMA,
      { select: 'name', orderBy: 'name desc', where: ['name IS NOT NULL'] },
      reading,
    );
    expect(names(desc)).toEqual([...names(out)].reverse());
  });

  it('sorts by several keys, then by source position', async () => {
    const out = await query({ select: 'name, flag', orderBy: 'flag desc, code' });
    expect(names(out)).toEqual([
      'Bibliothèque de la Cité',
      'Paris Tour Eiffel',
      'Marseille Vieux-Port',
      'Book of Secrets',
      'secret',
      'The Secret Garden',
      'Lyon Part-Dieu',
      'Évry Cathédrale',
    ]);
    const ties = await query({ select: 'name', orderBy: 'flag' });
    expect(names(ties)).toEqual([
      'Lyon Part-Dieu',
      'The Secret Garden',
      'secret',
      'Paris Tour Eiffel',
      'Bibliothèque de la Cité',
      'Book of Secrets',
      'Marseille Vieux-Port',
      'Évry Cathédrale',
    ]);
  });

  it('sorts by an alias of select and by expressions', async () => {
    const byAlias = await query({ select: 'name, n * 2 AS dbl', orderBy: 'dbl desc', limit: 3 });
    expect(byAlias.rows).toEqual([
      { name: 'The Secret Garden', dbl: 90 },
      { name: 'Lyon Part-Dieu', dbl: 60 },
      { name: 'Marseille Vieux-Port', dbl: 58 },
    ]);
    const byLength = await query({ select: 'name', orderBy: 'length(name), name', limit: 2 });
    expect(names(byLength)).toEqual(['secret', 'Lyon Part-Dieu']);
    const byDate = await query({ select: 'name', orderBy: 'd desc', limit: 2 });
    expect(names(byDate)).toEqual(['secret', 'Lyon Part-Dieu']);
    const byLower = await query({ select: 'name', orderBy: 'lower(name)', limit: 2 });
    expect(names(byLower)).toEqual(['Bibliothèque de la Cité', 'Book of Secrets']);
  });

  it('orders at random, the same way for the same seed, reversed by desc', async () => {
    const a = names(await query({ select: 'name', orderBy: 'random(7)' }));
    const b = names(await query({ select: 'name', orderBy: 'random(7)' }));
    const reversed = names(await query({ select: 'name', orderBy: 'random(7) desc' }));
    const other = names(await query({ select: 'name', orderBy: 'random(8)' }));
    expect(b).toEqual(a);
    expect(reversed).toEqual([...a].reverse());
    expect(other).not.toEqual(a);
    expect([...a].sort()).toEqual([...names(await query({ select: 'name' }))].sort());
    const page1 = names(await query({ select: 'name', orderBy: 'random(7)', limit: 3 }));
    const page2 = names(await query({ select: 'name', orderBy: 'random(7)', limit: 3, offset: 3 }));
    expect([...page1, ...page2]).toEqual(a.slice(0, 6));
  });
});

describe('paging and counting', () => {
  it('applies limit and offset and counts every matching record', async () => {
    const out = await query({ select: 'name', limit: 2, offset: 1 });
    expect(names(out)).toEqual(['Lyon Part-Dieu', 'Évry Cathédrale']);
    expect(out.total).toBe(8);
    const sorted = await query({ select: 'n', orderBy: 'n', limit: 2, offset: 6 });
    expect(sorted.rows).toEqual([{ n: 45 }, { n: null }]);
    const filtered = await query({ select: 'name', where: ['flag'], limit: 1 });
    expect(filtered.total).toBe(4);
    const none = await query({ select: 'name', limit: 0 });
    expect(none.rows).toEqual([]);
    expect(none.total).toBe(8);
  });

  it('returns every record without a limit', async () => {
    const result = compile(FIXTURE_SCHEMA, { select: 'name' });
    if (!result.ok) throw new Error('does not compile');
    expect(result.query.kind).toBe('records');
    expect((await db.execute(result.query.page)).length).toBe(8);
  });

  it('appends the record id, timestamp and size to each record row', async () => {
    const result = compile(FIXTURE_SCHEMA, { select: 'n', where: ['n = 12'] });
    if (!result.ok) throw new Error('does not compile');
    const [row] = await db.execute(result.query.page);
    // Written by the records writer, as ingestion writes them: the id is 16 hex digits of the content
    // hash, the size that of the record's canonical JSON (fields in order, a shape as its GeoJSON).
    const canonical = JSON.stringify({
      name: 'Paris Tour Eiffel',
      code: 'FR',
      tags: ['red', 'blue'],
      n: 12,
      x: 2.5,
      flag: true,
      d: '2020-03-04',
      dt: '2020-03-04 23:30:00',
      geo: { lat: 48.8584, lon: 2.2945 },
      shape: FIXTURE_RECORDS[0]!.shape,
      payload: '{"a": [1, 2]}',
    });
    expect(row).toEqual([
      '12',
      expect.stringMatching(/^[0-9a-f]{16}$/),
      PROCESSED_AT,
      Buffer.byteLength(canonical),
    ]);
  });
});
