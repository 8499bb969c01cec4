import fc from 'fast-check';
import { describe, it } from 'vitest';
import { duckdbDialect } from './compile/dialects/duckdb';
import { type CompileResult, compileRecordsQuery, type RecordsQuery } from './compile/query';
import {
  MAX_DEPTH,
  MAX_GROUP_BY_ITEMS,
  MAX_LIST_ITEMS,
  MAX_ORDER_BY_ITEMS,
  MAX_QUERY_LENGTH,
  MAX_SELECT_ITEMS,
} from './limits';
import type { DiagnosticCode } from './messages';
import type { DatasetSchema } from './schema';

/*
 * Oversized and deep clauses (see limits.ts), generated: long lists of items, values and arguments, deep
 * nesting, long operator chains. Whatever their size, compiling one never throws, takes a bounded time,
 * and ends in SQL or in diagnostics; a list over its bound always ends in the bound's diagnostic.
 */

const SCHEMA: DatasetSchema = {
  fields: [
    { name: 'name', type: 'text' },
    { name: 'n', type: 'int' },
    { name: 'x', type: 'double' },
    { name: 'd', type: 'date' },
    { name: 'tags', type: 'text', multivalued: true },
  ],
};

const OPTIONS = {
  version: '2.1',
  timezone: 'UTC',
  lang: 'en',
  now: Date.parse('2024-05-15T12:00:00Z'),
  dialect: duckdbDialect,
} as const;

/** Generous for a 100,000-character clause on a loaded machine; the bounds keep it to milliseconds. */
const TIME_BOUND_MS = 2_000;

/** Plain checks, as in robustness.test.ts: `expect` would dominate the run time. */
function check(condition: boolean, what: string, detail: unknown): void {
  if (!condition) throw new Error(`${what}: ${JSON.stringify(detail).slice(0, 500)}`);
}

/** Compiles within the time bound, ending in SQL or in diagnostics whose offsets lie inside the text. */
function compileBounded(query: Omit<RecordsQuery, 'table'>): CompileResult {
  const started = performance.now();
  const result = compileRecordsQuery({ table: 't', limit: 10, ...query }, SCHEMA, OPTIONS);
  const elapsed = performance.now() - started;
  check(elapsed < TIME_BOUND_MS, `compiling took ${Math.round(elapsed)} ms`, query);
  if (result.ok) {
    check(result.query.page.sql.length > 0, 'empty SQL', query);
    return result;
  }
  check(result.diagnostics.length > 0, 'failure without a diagnostic', query);
  for (const d of result.diagnostics) {
    check(d.message.length > 0, 'diagnostic without a message', d);
    check(d.from >= 0 && d.from <= d.to && d.to <= d.source.length, 'offsets outside the text', d);
  }
  return result;
}

/**
 * Refused by one of the bounds: `code` unless another bound is reached first, as when 1,001 select
 * items of one operator each pass the operators' bound before the items'.
 */
function expectBound(result: CompileResult, code: DiagnosticCode, what: string): void {
  const found = result.ok ? undefined : result.diagnostics[0]?.code;
  const bound = found === code || (found !== undefined && BOUND_CODES.has(found));
  check(bound, `${what}: expected ${code}`, result);
}

/** Up to 30,000: past every bound, and far enough that some lists pass the 100,000 characters. */
const count = fc.oneof(
  fc.integer({ min: 0, max: 30_000 }),
  fc.integer({ min: MAX_GROUP_BY_ITEMS - 2, max: MAX_SELECT_ITEMS + 2 }),
  fc.integer({ min: MAX_LIST_ITEMS - 2, max: MAX_LIST_ITEMS + 2 }),
);
const repeat = (n: number, item: string, sep = ', '): string => Array(n).fill(item).join(sep);

const SORT_KEYS = ['n', '-n', 'x desc', 'lower(name) asc', 'n + 1', 'count(*)', 'random(1)'];
const GROUP_KEYS = ['name', 'n AS k', 'range(n, 10)', 'year(d)', 'lower(name)'];
const SELECT_ITEMS = ['n', 'name AS a', 'n * 2', 'count(*)', 'include(n*)', '*', 'lower(name)'];
const VALUES = ['1', '"a"', '-2.5', 'null', "date'2020'"];
/** What opens one level of nesting and what closes it, around a value and around a condition. */
type Wrapper = readonly [string, string];
const VALUE_WRAPPERS: readonly Wrapper[] = [
  ['(', ')'],
  ['lower(', ')'],
  ['ifnull(', ', "x")'],
  ['-', ''],
  ['+', ''],
  ['count(', ')'],
  ['range(', ', 10)'],
];
const CONDITION_WRAPPERS: readonly Wrapper[] = [
  ['(', ')'],
  ['NOT ', ''],
  ['NOT (', ')'],
  ['search(', ', "x") AND n'],
];

/** The codes of the bounds of limits.ts. */
const BOUND_CODES: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  'queryTooLong',
  'nestedTooDeeply',
  'tooManyOperators',
  'tooManySelectItems',
  'tooManyGroupByKeys',
  'tooManySortKeys',
  'tooManyListValues',
  'tooManyArguments',
  'tooManyRangeBounds',
]);

const RUNS = { numRuns: 300 };

describe('robustness: oversized and deep clauses', () => {
  it('refuses order_by, group_by and select lists over their bounds, and compiles the rest', () => {
    fc.assert(
      fc.property(
        count,
        fc.constantFrom(...SORT_KEYS),
        fc.constantFrom(...GROUP_KEYS),
        fc.constantFrom(...SELECT_ITEMS),
        (n, sortKey, groupKey, selectItem) => {
          const orderBy = repeat(n, sortKey);
          const sorted = compileBounded({ select: 'n, x, name, d', orderBy });
          if (n > MAX_ORDER_BY_ITEMS && orderBy.length <= MAX_QUERY_LENGTH)
            expectBound(sorted, 'tooManySortKeys', `order_by of ${n}`);
          const groupBy = repeat(n, groupKey);
          const grouped = compileBounded({ select: 'count(*)', groupBy });
          if (n > MAX_GROUP_BY_ITEMS && groupBy.length <= MAX_QUERY_LENGTH)
            expectBound(grouped, 'tooManyGroupByKeys', `group_by of ${n}`);
          const select = repeat(n, selectItem);
          const selected = compileBounded({ select });
          if (n > MAX_SELECT_ITEMS && select.length <= MAX_QUERY_LENGTH)
            expectBound(selected, 'tooManySelectItems', `select of ${n}`);
        },
      ),
      RUNS,
    );
  });

  it('refuses IN lists and calls over the bound of a list, in every clause', () => {
    fc.assert(
      fc.property(count, fc.constantFrom(...VALUES), (n, value) => {
        const values = repeat(Math.max(1, n), value);
        const inList = compileBounded({ where: [`n IN (${values})`] });
        if (n > MAX_LIST_ITEMS && values.length < MAX_QUERY_LENGTH - 10)
          expectBound(inList, 'tooManyListValues', `IN list of ${n}`);
        const fields = repeat(Math.max(1, n), 'name');
        const searched = compileBounded({ where: [`search(${fields}, "x")`] });
        if (n + 1 > MAX_LIST_ITEMS && fields.length < MAX_QUERY_LENGTH - 20)
          expectBound(searched, 'tooManyArguments', `search() of ${n + 1}`);
        compileBounded({ select: `count(*), ifnull(${fields})`, orderBy: `lower(${fields})` });
        compileBounded({ select: 'count(*)', groupBy: `range(n, *, ${repeat(Math.max(1, n), '5')}, *)` });
      }),
      RUNS,
    );
  });

  it('refuses nesting deeper than the bound, whatever opens each level', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.oneof(
          fc.array(fc.constantFrom(...VALUE_WRAPPERS), { minLength: 1, maxLength: 4 }),
          fc.array(fc.constantFrom(...CONDITION_WRAPPERS), { minLength: 1, maxLength: 4 }),
        ),
        fc.constantFrom('select', 'where', 'group_by', 'order_by'),
        (depth, wrappers, clause) => {
          let open = '';
          let close = '';
          for (let i = 0; i < depth; i++) {
            const [o, c] = wrappers[i % wrappers.length]!;
            open += o;
            close = c + close;
          }
          const text = `${open}n${close}`;
          const result =
            clause === 'select'
              ? compileBounded({ select: text })
              : clause === 'where'
                ? compileBounded({ where: [text] })
                : clause === 'group_by'
                  ? compileBounded({ select: 'count(*)', groupBy: text })
                  : compileBounded({ orderBy: text });
          if (depth > MAX_DEPTH && text.length <= MAX_QUERY_LENGTH)
            expectBound(result, 'nestedTooDeeply', `${clause} nested ${depth} deep`);
        },
      ),
      RUNS,
    );
  });

  it('bounds long operator chains spread over many items', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom(' + ', ' * ', ' - ', ' / '),
        (items, chain, operator) => {
          const item = `n${repeat(chain, '1', operator).replace(/^(.)/, `${operator}$1`)}`;
          const text = repeat(items, chain === 0 ? 'n' : item);
          const result = compileBounded({ select: text, orderBy: repeat(Math.min(items, 100), item) });
          if (items * chain > 1000 && items <= MAX_SELECT_ITEMS && text.length <= MAX_QUERY_LENGTH)
            expectBound(result, 'tooManyOperators', `${items} items of ${chain} operators`);
        },
      ),
      RUNS,
    );
  });
});
