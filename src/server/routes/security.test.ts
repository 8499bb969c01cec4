import { describe, expect, it } from 'vitest';
import { api, getJson, type JsonResponse } from '../testing/http';

/*
 * Hostile input in every parameter and path segment. Each request must get a clean 400/404, or a 200
 * whose results show the input was taken as data; none may show server internals; and afterwards the
 * catalog and the largest dataset must be intact.
 */

interface ErrorBody {
  error_code: string;
  message: string;
}
interface Page<T = Record<string, unknown>> {
  total_count?: number;
  results: T[];
}

const records = '/catalog/datasets/penguins/records';

const PAYLOADS = [
  "'; DROP TABLE flights; --",
  '") OR 1=1 --',
  '`x`; DROP',
  '1); SELECT * FROM __datasets; --',
  "name = '' OR ''=''",
  '`a"b\'c`',
  '`a\\`b`; DROP TABLE flights',
  "species = 'x' UNION SELECT 1",
  "read_csv('/etc/passwd')",
  "species = getenv('HOME')",
  'pragma_version()',
  "'x' || (SELECT 1) || 'y'",
  '/* comment */ species',
  '$1',
  '?',
  '\\',
  'é😀\u202e',
  '\u0000',
  'species\u0000',
  'search("%")',
  'species like "%"',
  '*',
  '',
];

const PARAMETERS = [
  'select',
  'where',
  'group_by',
  'order_by',
  'refine',
  'exclude',
  'facet',
  'lang',
  'timezone',
  'limit',
  'offset',
  'include_links',
];

/** Server internals that must never reach a client: engine names, SQL, stack frames. */
function expectNoInternals(text: string, sent: readonly string[] = []): void {
  let shown = text;
  for (const s of sent) {
    if (s === '') continue;
    shown = shown.split(JSON.stringify(s).slice(1, -1)).join('').split(s).join('');
  }
  expect(shown).not.toMatch(/duckdb/i);
  expect(shown).not.toMatch(/Binder Error|Parser Error|Catalog Error|Conversion Error/);
  expect(shown).not.toMatch(/\bSELECT\s|\sFROM\s|DROP TABLE/);
  expect(shown).not.toMatch(/\bat [\w.<>]+ \(|\.ts:\d+|node_modules/);
}

/** A 200, or a 400/404 with the interface's error body; never internals. */
function expectClean(res: JsonResponse<unknown>, sent: readonly string[], what: string): void {
  expect([200, 400, 404], `${what}: ${res.text.slice(0, 300)}`).toContain(res.status);
  expect(res.body, what).toBeDefined();
  if (res.status !== 200) expect(Object.keys(res.body as object), what).toEqual(['error_code', 'message']);
  expectNoInternals(res.text, sent);
}

describe('hostile parameters', () => {
  it('answers every payload in every parameter of the records endpoint cleanly', async () => {
    for (const name of PARAMETERS) {
      for (const payload of PAYLOADS) {
        const res = await getJson(records, { [name]: payload });
        expectClean(res, [payload], `${name}=${JSON.stringify(payload)}`);
      }
    }
  });

  it('answers every payload in the catalog, dataset and facets endpoints cleanly', async () => {
    const endpoints: [string, string[]][] = [
      [
        '/catalog/datasets',
        ['select', 'where', 'group_by', 'order_by', 'refine', 'exclude', 'lang', 'timezone'],
      ],
      ['/catalog/datasets/penguins', ['select', 'lang', 'timezone']],
      ['/catalog/datasets/penguins/facets', ['facet', 'where', 'refine', 'exclude', 'lang', 'timezone']],
      ['/catalog/facets', ['facet', 'where', 'refine', 'exclude', 'timezone']],
    ];
    for (const [path, names] of endpoints) {
      for (const name of names) {
        for (const payload of PAYLOADS) {
          const res = await getJson(path, { [name]: payload });
          expectClean(res, [payload], `${path} ${name}=${JSON.stringify(payload)}`);
        }
      }
    }
  });

  it('answers every payload as a path segment with a 404 or 400', async () => {
    for (const payload of PAYLOADS.filter((p) => p !== '')) {
      const id = encodeURIComponent(payload);
      for (const path of [
        `/catalog/datasets/${id}`,
        `/catalog/datasets/${id}/records`,
        `/catalog/datasets/${id}/facets`,
        `/catalog/datasets/${id}/attachments`,
        `/catalog/datasets/penguins/records/${id}`,
        `/catalog/datasets/penguins/attachments/${id}`,
      ]) {
        const res = await getJson<ErrorBody>(path);
        expect([400, 404], `${path}: ${res.text}`).toContain(res.status);
        expect(Object.keys(res.body)).toEqual(['error_code', 'message']);
        expectNoInternals(res.text, [payload, id]);
      }
    }
  });

  it('refuses path traversal through attachment ids', async () => {
    for (const id of ['..%2F..%2Fpackage.json', '%2E%2E%2F%2E%2E%2Fpackage.json', '..%5C..%5Cpackage.json']) {
      const res = await fetch(`${api()}/catalog/datasets/penguins/attachments/${id}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('"name": "odexplorer"');
    }
  });
});

describe('hostile values are taken as data', () => {
  it('finds nothing for quotes and boolean tricks inside text', async () => {
    for (const where of [
      `search("' OR 1=1")`,
      `"' OR 1=1"`,
      `species = "' OR ''='"`,
      `species = '\\' OR 1=1 --'`,
      `species = "\\") OR 1=1 --"`,
      `startswith(species, "' OR 1=1")`,
    ]) {
      const res = await getJson<Page>(records, { where, select: 'count(*) as n' });
      expect(res.status, where).toBe(200);
      expect(res.body, where).toEqual({ total_count: 0, results: [{ n: 0 }] });
    }
  });

  it('compares literal strings as values: the always-true comparison is only a comparison', async () => {
    // `title = '' OR '' = ''` is a valid filter whose second term is true: every dataset matches.
    const res = await getJson<Page>('/catalog/datasets', {
      where: "title = '' OR ''=''",
      select: 'dataset_id',
    });
    expect(res.body.total_count).toBe(11);
    const none = await getJson<Page>('/catalog/datasets', {
      where: "title = '' OR ''='x'",
      select: 'dataset_id',
    });
    expect(none.body.total_count).toBe(0);
  });

  it('returns SQL-looking literals and labels verbatim', async () => {
    const res = await getJson<Page>(records, {
      select: `'; DROP TABLE flights; --' as s, "\\"); DELETE" as t, species as \`x"; DROP TABLE flights; --\``,
      limit: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { s: '; DROP TABLE flights; --', t: '"); DELETE', 'x"; DROP TABLE flights; --': 'Adelie' },
    ]);
    const grouped = await getJson<Page>(records, { select: 'count(*) as n', group_by: "species as `a'b`" });
    expect(grouped.body.results.map((r) => r["a'b"])).toEqual(['Adelie', 'Chinstrap', 'Gentoo']);
  });

  it('names back-quoted fields with quotes as unknown fields', async () => {
    for (const [field, name] of [
      ['`species"`', 'species"'],
      ["`spe'cies`", "spe'cies"],
      ['`a\\`b`', 'a`b'],
    ] as const) {
      const res = await getJson<ErrorBody>(records, { where: `${field} = 1` });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        `ODSQL query is malformed: Unknown field: ${name}. Clause(s) containing the error(s): where.`,
      );
    }
  });

  it('refuses functions that do not exist in ODSQL', async () => {
    for (const [where, name] of [
      ["read_csv('/etc/passwd')", 'read_csv'],
      ["species = getenv('HOME')", 'getenv'],
      ['pragma_version() = 1', 'pragma_version'],
    ] as const) {
      const res = await getJson<ErrorBody>(records, { where });
      expect(res.status).toBe(400);
      expect(res.body.error_code).toBe('ODSQLError');
      expect(res.body.message).toMatch(new RegExp(`^ODSQL .*\\b${name}\\b.*where\\.$`));
    }
  });

  it('takes % and _ literally in search, like and startswith', async () => {
    const count = async (where: string): Promise<number | undefined> =>
      (await getJson<Page>(records, { where, limit: 0 })).body.total_count;
    expect(await count('species like "adelie"')).toBe(152);
    expect(await count('species like "%delie"')).toBe(0);
    expect(await count('species like "_delie"')).toBe(0);
    expect(await count('search("%delie")')).toBe(0);
    expect(await count('startswith(species, "%")')).toBe(0);
    expect(await count('startswith(species, "A")')).toBe(152);
    // A search or like with no word in it filters nothing: `%` is punctuation, not a wildcard.
    expect(await count('search("%")')).toBe(344);
    expect(await count('species like "%"')).toBe(344);
  });

  it('takes facet values literally in refine and exclude', async () => {
    const count = async (params: Record<string, string>): Promise<number | undefined> =>
      (await getJson<Page>(records, { ...params, limit: 0 })).body.total_count;
    expect(await count({ refine: "species:x' OR '1'='1" })).toBe(0);
    expect(await count({ refine: `species:"' OR 1=1 --"` })).toBe(0);
    expect(await count({ exclude: `species:"x\\" OR 1=1 --"` })).toBe(344);
    expect(await count({ refine: 'species:Adelie' })).toBe(152);
  });

  it('handles unicode as text, and refuses NUL anywhere with a 400 (issue 13)', async () => {
    const emoji = await getJson<Page>(records, { where: 'species = "é😀\u202e"', limit: 0 });
    expect(emoji.body.total_count).toBe(0);
    const cases: Record<string, string | number>[] = [
      { where: 'species = "\u0000"', limit: 0 },
      { where: '`\u0000` = 1' },
      { select: '"é😀\u0000" as s', limit: 1 },
      { select: 'species as `a\u0000b`', limit: 1 },
    ];
    for (const params of cases) {
      const res = await getJson<ErrorBody>(records, params);
      expect(res.status).toBe(400);
      expect(res.body.error_code).toBe('InvalidRESTParameterError');
      expect(res.body.message).toContain('U+0000');
    }
  });
});

describe('oversized input', () => {
  it('answers a 50 KB where clause', async () => {
    const res = await getJson<Page>(records, {
      where: `species = "${'a'.repeat(50_000)}"`,
      select: 'count(*) as n',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total_count: 0, results: [{ n: 0 }] });
    const padded = await getJson<Page>(records, {
      where: `species = "Adelie"${' '.repeat(50_000)}`,
      limit: 0,
    });
    expect(padded.body.total_count).toBe(152);
  });

  it('refuses 10,000 nested parentheses and other deep or long expressions', async () => {
    const nested = await getJson<ErrorBody>(records, {
      where: `${'('.repeat(10_000)}species = "Adelie"${')'.repeat(10_000)}`,
    });
    expect(nested.status).toBe(400);
    expect(nested.body.error_code).toBe('ODSQLError');
    expect(nested.body.message).toMatch(/^ODSQL syntax exception: .*nested.*where\.$/);
    expect(nested.text.length).toBeLessThan(2_000);

    for (const where of [
      `${'not '.repeat(10_000)}species = "Adelie"`,
      Array(3_000).fill('species = "Adelie"').join(' or '),
      `${'-'.repeat(10_000)}1 = body_mass_g`,
    ]) {
      const res = await getJson<ErrorBody>(records, { where });
      expect(res.status).toBe(400);
      expect(res.body.error_code).toBe('ODSQLError');
      expect(res.text.length).toBeLessThan(2_000);
    }
  });

  it('accepts moderately deep nesting', async () => {
    const res = await getJson<Page>(records, {
      where: `${'('.repeat(50)}species = "Adelie"${')'.repeat(50)}`,
      limit: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body.total_count).toBe(152);
  });
});

describe('after the attacks', () => {
  it('still lists every dataset, and flights still has 3,000,000 records', async () => {
    const catalog = await getJson<Page<{ dataset_id: string }>>('/catalog/datasets', {
      select: 'dataset_id',
      limit: 100,
    });
    expect(catalog.body.total_count).toBe(11);
    expect(catalog.body.results.map((d) => d.dataset_id)).toContain('flights');
    const flights = await getJson<Page>('/catalog/datasets/flights/records', { select: 'count(*) as n' });
    expect(flights.body).toEqual({ total_count: 3_000_000, results: [{ n: 3_000_000 }] });
    const penguins = await getJson<Page>(records, { limit: 0 });
    expect(penguins.body.total_count).toBe(344);
  });
});
