import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duckdbDialect } from './compile/dialects/duckdb';
import { type CompileResult, compileRecordsQuery, type RecordsQuery } from './compile/query';
import type { Diagnostic } from './errors';
import { parseGroupBy, parseOrderBy, parseSelect, parseWhere } from './parser/clauses';
import type { ParseResult } from './parser/core';
import { parseFacet } from './parser/facet';
import { parseFacetFilter } from './parser/refine';
import { printString } from './print';
import type { DatasetSchema } from './schema';

/*
 * Hostile and random input: the parsers and the compiler never throw, they answer with a value or a
 * diagnostic whose offsets lie inside the text; values of the request only ever reach SQL as parameters.
 */

const SCHEMA: DatasetSchema = {
  fields: [
    { name: 'name', type: 'text' },
    { name: 'title', type: 'text' },
    { name: 'city', type: 'text' },
    { name: 'code', type: 'text' },
    { name: 'film_name', type: 'text' },
    { name: 'tags', type: 'text', multivalued: true },
    { name: 'population', type: 'int' },
    { name: 'pop', type: 'int' },
    { name: 'n', type: 'int' },
    { name: 'age', type: 'int' },
    { name: 'x', type: 'double' },
    { name: 'flag', type: 'boolean' },
    { name: 'my_boolean_field', type: 'boolean' },
    { name: 'd', type: 'date' },
    { name: 'dt', type: 'datetime' },
    { name: 'geo', type: 'geo_point_2d' },
    { name: 'shape', type: 'geo_shape' },
    { name: 'meta', type: 'json' },
    { name: 'and', type: 'text' },
    { name: '12', type: 'int' },
  ],
};

const OPTIONS = {
  version: '2.1',
  timezone: 'Europe/Paris',
  lang: 'fr',
  now: Date.parse('2024-05-15T12:00:00Z'),
  dialect: duckdbDialect,
} as const;

type ClauseName = 'select' | 'where' | 'group_by' | 'order_by';

/** Valid clauses, mostly from the language reference. */
const CORPUS: readonly (readonly [ClauseName, string])[] = [
  ['where', '"tree"'],
  ['where', '"action movies"'],
  ['where', '"dog" AND NOT "cat"'],
  ['where', '"film*"'],
  ['where', 'search(title, "bok of secret")'],
  ['where', 'search(*, "x") OR search("y")'],
  ['where', 'suggest(name, title, "film")'],
  ['where', 'startswith(title, "SECRET")'],
  ['where', 'film_name like "star wars"'],
  ['where', 'code = "FR" AND population >= 5000'],
  ['where', "d > date'1972' AND dt <= now(days=-7)"],
  ['where', '`and`: "value" OR my_boolean_field: FALSE'],
  ['where', 'n:[1..10] AND n IN ]1..10[ AND n IN [1 TO 10['],
  ['where', "d IN [date'2017'..date'2018']"],
  ['where', 'city IN ("Paris", "Nantes") AND not code IN ("a","b")'],
  ['where', '"Paris" IN tags'],
  ['where', 'x is null OR x is not null'],
  ['where', 'flag AND flag is true AND NOT flag is false'],
  ['where', "length(name) > 5 AND year(d) = 2020 AND date_format(d,'dd') = '08'"],
  ['where', 'pop * 2 <= 10 AND (n - 1) / 2 > x'],
  ['where', "within_distance(geo, geom'POINT(2.35 48.85)', 10km)"],
  ['where', 'in_bbox(geo, 48.8, 2.2, 48.9, 2.4)'],
  ['where', "intersects(shape, geom'POLYGON((2 48, 3 48, 3 49, 2 49, 2 48))')"],
  ['where', 'disjoint(shape, geom\'{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}\')'],
  ['where', "within(geo, geom'POLYGON((2 48, 3 48, 3 49, 2 49, 2 48))')"],
  ['where', "distance(geo, geom'POINT(1 2)', 1km) AND geometry(shape, geom'POINT(1 2)', INTERSECTS)"],
  ['where', "polygon(geo, geom'POLYGON((0 0, 1 0, 1 1, 0 0))') OR bbox(geo, 48.8, 2.2, 48.9, 2.4)"],
  ['where', '`12` > 10 AND n != 0 AND dt > now(year=2001, months=-1)'],
  ['where', 'geometry_type(shape) = "Point"'],
  ['select', '*'],
  ['select', 'name, population AS pop'],
  ['select', 'include(pop*), exclude(geo*)'],
  ['select', '2 * population AS double_pop, 2 AS const_2, "hello" AS hello'],
  ['select', "length(name), year(d), date_format(d,'yyyy-MM'), lower(name), ifnull(x,0)"],
  ['select', "json_format(title), distance(geo, geom'POINT(1 2)') AS dist, now(mondays=-1)"],
  ['select', 'count(*), sum(population) AS total, count(distinct code)'],
  ['select', 'avg(age), min(d), max(dt), median(x), percentile(x, 90), envelope(geo), bbox(shape)'],
  ['group_by', 'city AS c, year(d) AS y'],
  ['group_by', 'range(population, 5)'],
  ['group_by', 'range(d, 1 day), range(dt, 1M)'],
  ['group_by', 'range(population, *, 10, 50, 100, *)'],
  ['group_by', "range(d, *, date'2020-11-13', date'2021-01-01')"],
  ['group_by', 'RANGE(population, ]10, 50, 100[), RANGE(pop, [1,2,3])'],
  ['group_by', 'geo_cluster(geo, 10)'],
  ['group_by', 'GEO_CLUSTER(geo, 5, radius=40)'],
  ['group_by', 'lower(city), ifnull(city, "none"), date_format(d, \'yyyy-MM\'), pop + n'],
  ['order_by', 'population DESC, name'],
  ['order_by', '-population, random(1) desc'],
  ['order_by', "length(name), distance(geo, geom'POINT(1 2)') asc"],
  ['order_by', 'x desc, d, dt asc'],
];

/** Pieces inserted by mutations: tokens, quotes, keywords, odd characters. */
const PIECES = [
  '(',
  ')',
  ',',
  "'",
  '"',
  '`',
  '*',
  '..',
  '[',
  ']',
  ':',
  '-',
  '=',
  ' AND ',
  ' OR ',
  'NOT ',
  ' IN ',
  ' IS ',
  ' like ',
  'date',
  'geom',
  "date'",
  "geom'",
  'count(',
  'now(',
  'range(',
  'geo_cluster(',
  ' AS ',
  ' desc',
  'distinct ',
  '*,',
  '1e308',
  '1e999',
  '-1',
  '9007199254740993',
  '\\',
  '\\u',
  '\u0000',
  'é',
  '😀',
  '\ud800',
  ' ',
  'null',
  'TRUE',
  '10km',
  '1 M',
];

// ---- Checks ----------------------------------------------------------------------------------------

/** Plain checks: these run millions of times, where `expect` would dominate the run time. */
function check(condition: boolean, what: string, detail: unknown): void {
  if (!condition) throw new Error(`${what}: ${JSON.stringify(detail).slice(0, 500)}`);
}

function checkDiagnostic(d: Diagnostic): void {
  check(typeof d.message === 'string' && d.message.length > 0, 'diagnostic without a message', d);
  check(d.from >= 0 && d.from <= d.to && d.to <= d.source.length, 'diagnostic offsets outside the text', d);
}

function checkParse<T>(result: ParseResult<T>): void {
  if (!result.ok) checkDiagnostic(result.diagnostic);
}

function checkCompile(result: CompileResult): void {
  if (result.ok) {
    check(result.query.page.sql.length > 0, 'empty SQL', result.query);
    return;
  }
  check(result.diagnostics.length > 0, 'failure without a diagnostic', result);
  for (const d of result.diagnostics) checkDiagnostic(d);
}

function compile(query: Omit<RecordsQuery, 'table'>): CompileResult {
  return compileRecordsQuery({ table: 't', limit: 10, ...query }, SCHEMA, OPTIONS);
}

/** Every parser and the compiler, in every clause, on one text. */
function everything(text: string): void {
  checkParse(parseSelect(text));
  checkParse(parseWhere(text));
  checkParse(parseGroupBy(text));
  checkParse(parseOrderBy(text));
  checkParse(parseFacet(text));
  checkParse(parseFacetFilter(text, 'refine'));
  checkCompile(compile({ select: text }));
  checkCompile(compile({ where: [text] }));
  checkCompile(compile({ select: 'count(*)', groupBy: text }));
  checkCompile(compile({ orderBy: text }));
}

/** The compiler, with the text in the clause it came from. */
function compileIn(clause: ClauseName, text: string): CompileResult {
  switch (clause) {
    case 'select':
      return compile({ select: text });
    case 'where':
      return compile({ where: [text] });
    case 'group_by':
      return compile({ select: 'count(*)', groupBy: text });
    case 'order_by':
      return compile({ orderBy: text });
  }
}

// ---- Mutations -------------------------------------------------------------------------------------

type Mutation =
  | { readonly kind: 'insert'; readonly at: number; readonly piece: string }
  | { readonly kind: 'delete'; readonly at: number; readonly length: number }
  | { readonly kind: 'replace'; readonly at: number; readonly piece: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    piece: fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 3 })),
  }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 6 }) }),
  fc.record({
    kind: fc.constant('replace' as const),
    at: fc.nat(),
    piece: fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', minLength: 1, maxLength: 2 })),
  }),
);

function mutate(text: string, m: Mutation): string {
  const at = text.length === 0 ? 0 : m.at % (text.length + 1);
  switch (m.kind) {
    case 'insert':
      return text.slice(0, at) + m.piece + text.slice(at);
    case 'delete':
      return text.slice(0, at) + text.slice(at + m.length);
    case 'replace':
      return text.slice(0, at) + m.piece + text.slice(at + 1);
  }
}

const RUNS = { numRuns: 10_000 };

describe('robustness: the corpus', () => {
  it('compiles every query of the corpus', () => {
    for (const [clause, text] of CORPUS) {
      const result = compileIn(clause, text);
      expect(result.ok ? 'ok' : result.diagnostics[0]?.message, `${clause}=${text}`).toBe('ok');
    }
    expect(CORPUS.length).toBeGreaterThanOrEqual(50);
  });
});

describe('robustness: never throws', () => {
  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (text) => {
        everything(text);
      }),
      RUNS,
    );
  });

  it('on arbitrary strings made of ODSQL pieces', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.constantFrom('n', 'name', 'geo', '5', '"x"')), {
          maxLength: 25,
        }),
        (parts) => {
          everything(parts.join(''));
        },
      ),
      RUNS,
    );
  });

  it('on mutations of valid queries', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CORPUS),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        ([clause, text], mutations) => {
          const mutated = mutations.reduce(mutate, text);
          checkCompile(compileIn(clause, mutated));
          checkParse(parseSelect(mutated));
          checkParse(parseWhere(mutated));
          checkParse(parseGroupBy(mutated));
          checkParse(parseOrderBy(mutated));
        },
      ),
      RUNS,
    );
  });

  it('on mutations of facet and refine parameters', () => {
    const facets = ['genus', 'facet(name="genus", sort="-count", limit=10, disjunctive=true)', '`my facet`'];
    const refines = ['genus:Acer', 'date:"2025/08/25"', '`facet1`:value', 'time:12:30', "modified:'2019/12'"];
    fc.assert(
      fc.property(
        fc.constantFrom(...facets, ...refines),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (text, mutations) => {
          const mutated = mutations.reduce(mutate, text);
          checkParse(parseFacet(mutated));
          checkParse(parseFacetFilter(mutated, 'refine'));
          checkParse(parseFacetFilter(mutated, 'exclude'));
        },
      ),
      RUNS,
    );
  });
});

describe('robustness: hostile input', () => {
  it('refuses clauses over 100,000 characters and handles ones at the limit', () => {
    const atLimit = 'x'.repeat(100_000);
    everything(atLimit);
    expect(compile({ where: [atLimit] })).toMatchObject({
      ok: false,
      diagnostics: [{ message: `Unknown field: ${atLimit}` }],
    });
    const over = `${atLimit}x`;
    everything(over);
    const d = compile({ where: [over] });
    expect(d.ok ? '' : d.diagnostics[0]?.message).toBe('query too long (100001 characters, at most 100000)');
    const text = `"${'word '.repeat(19_999)}"`;
    expect(compile({ where: [text] }).ok).toBe(true);
  });

  it('refuses 10,000 levels of parentheses, NOT or minus', () => {
    const deep = `${'('.repeat(10_000)}flag${')'.repeat(10_000)}`;
    everything(deep);
    const result = compile({ where: [deep] });
    expect(result.ok ? '' : result.diagnostics[0]?.message).toBe(
      'expression nested too deeply at position 128',
    );
    everything(`${'NOT '.repeat(20_000)}flag`);
    everything(`${'-'.repeat(50_000)}1`);
    everything(`${'count('.repeat(5_000)}n${')'.repeat(5_000)}`);
    everything(`${'['.repeat(10_000)}`);
  });

  it('compiles 1,000 chained operators and refuses more, without exhausting the stack', () => {
    expect(compile({ where: [`n = 1${' AND n = 1'.repeat(1000)}`] }).ok).toBe(true);
    expect(compile({ select: `n${' + 1'.repeat(1000)}`, orderBy: `n${' * 2'.repeat(1000)}` }).ok).toBe(true);
    expect(
      compile({ select: 'count(*)', groupBy: `(n${' - 1'.repeat(500)}) / 2${' / 2'.repeat(499)}` }).ok,
    ).toBe(true);
    // Parentheses and chains together stay bounded.
    const nested = `${'('.repeat(100)}n = 1${' OR n = 1'.repeat(900)}${')'.repeat(100)}`;
    expect(compile({ where: [nested] }).ok).toBe(true);
    const result = compile({ where: [`"a"${' OR "a"'.repeat(5000)}`] });
    expect(result.ok ? '' : result.diagnostics[0]?.message).toMatch(/^too many operators/);
  });

  it('handles huge, tiny and unsafe numbers', () => {
    for (const text of [
      'n > 1e400',
      `n > ${'9'.repeat(500)}`,
      `x > 0.${'0'.repeat(400)}1`,
      `n > ${'1'.repeat(30)}`,
      'n > 9007199254740993',
      'now(days=1e308) > dt',
      'dt > now(years=-100000)',
      'dt > now(days=9007199254740993)',
    ]) {
      everything(text);
    }
    expect(compile({ where: ['n > 1e400'] })).toMatchObject({ ok: false, diagnostics: [{ kind: 'syntax' }] });
    expect(compile({ where: [`x > 0.${'0'.repeat(400)}1`] }).ok).toBe(true);
    expect(compile({ where: ['dt > now(years=-100000)'] })).toMatchObject({
      ok: false,
      diagnostics: [{ kind: 'semantic' }],
    });
    expect(compile({ orderBy: 'random(9007199254740993)' })).toMatchObject({
      ok: false,
      diagnostics: [{ message: 'The seed of random() must be an integer' }],
    });
    expect(compile({ select: 'count(*)', groupBy: 'range(x, 1e-300), range(n, 1e308)' }).ok).toBe(true);
    expect(compile({ select: 'percentile(x, 1e308)' }).ok).toBe(false);
    expect(
      compile({ where: ["d > date'9999-12-31T23:59:59-18:00' AND d < date'0001-01-01T00:00+18:00'"] }).ok,
    ).toBe(true);
  });

  it('handles unicode, NUL bytes and lone surrogates', () => {
    for (const text of [
      'name = "😀 café \u0000 \ud800 \u202e"',
      '`😀` = 1',
      '"😀" IN tags',
      'name\u0000 = 1',
      '"\u0000"',
      'search(name, "\u0301\u0301")',
      '`\ud800`:x',
      'name = "\\u0000"',
    ]) {
      everything(text);
    }
    expect(compile({ where: ['name = "a\u0000b" AND "😀" IN tags'] }).ok).toBe(true);
    expect(compile({ where: ['name\u0000 = 1'] })).toMatchObject({
      ok: false,
      diagnostics: [{ message: 'unexpected character \u0000 at position 4' }],
    });
  });

  it('binds hostile values as parameters, never as SQL text', () => {
    const hostile = [
      "'; DROP TABLE t; --",
      '") OR 1=1 --',
      "x' OR '1'='1",
      '$1; DELETE FROM t',
      '\\"; DROP TABLE t; --',
    ];
    for (const value of hostile) {
      const literal = printString(value);
      const result = compile({
        select: `name, ${literal} AS c, ifnull(name, ${literal}) AS d`,
        where: [
          `name = ${literal} OR name IN (${literal}) OR ${literal} IN tags`,
          `name like ${literal}`,
          literal,
        ],
        orderBy: 'name',
      });
      if (!result.ok) throw new Error(result.diagnostics[0]?.message);
      expect(result.query.page.sql).not.toContain(value);
      expect(result.query.page.sql).not.toContain('DROP TABLE');
      expect(result.query.page.sql).not.toContain('DELETE');
      expect(result.query.page.params).toContain(value);
    }
  });

  it('binds hostile search, date, geometry and date_format text as parameters', () => {
    const result = compile({
      select: `date_format(d, "'; DROP TABLE t; --'")`,
      where: [
        'search(name, "\'; DROP TABLE t; --") AND suggest("\') OR 1=1 --")',
        'startswith(name, "\'; DROP TABLE t; --")',
      ],
    });
    if (!result.ok) throw new Error(result.diagnostics[0]?.message);
    expect(result.query.page.sql).not.toContain('DROP');
    expect(result.query.page.sql).not.toContain('OR 1=1');
    expect(result.query.page.params).toContain('; DROP TABLE t; --');
    // Malformed literals carrying SQL are refused, not interpolated.
    expect(compile({ where: ["d > date'2020'' OR 1=1 --'"] }).ok).toBe(false);
    expect(compile({ where: ["intersects(shape, geom'POINT(1 2)); DROP TABLE t; --')"] }).ok).toBe(false);
  });

  it('refuses back-quoted names holding quotes unless the schema has them, then quotes them', () => {
    const injected = '`a"; DROP TABLE t; --` = 1';
    expect(compile({ where: [injected] })).toMatchObject({
      ok: false,
      diagnostics: [{ message: 'Unknown field: a"; DROP TABLE t; --' }],
    });
    const schema: DatasetSchema = { fields: [{ name: 'a"b', type: 'int' }] };
    const result = compileRecordsQuery(
      { table: 't', where: ['`a"b` = 1'], select: '`a"b` AS `x"; --`' },
      schema,
      OPTIONS,
    );
    if (!result.ok) throw new Error(result.diagnostics[0]?.message);
    expect(result.query.page.sql).toContain('"a""b"');
    expect(result.query.page.sql).not.toContain('"a"b"');
    expect(result.query.page.sql).not.toContain('x"; --');
    expect(result.query.columns.map((c) => c.key)).toEqual(['x"; --']);
  });
});
