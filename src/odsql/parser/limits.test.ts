import { describe, expect, it } from 'vitest';
import { duckdbDialect } from '../compile/dialects/duckdb';
import { compileRecordsQuery } from '../compile/query';
import { formatOdsqlMessage } from '../errors';
import {
  MAX_DEPTH,
  MAX_GROUP_BY_ITEMS,
  MAX_LIST_ITEMS,
  MAX_OPERATORS,
  MAX_ORDER_BY_ITEMS,
  MAX_QUERY_LENGTH,
  MAX_SELECT_ITEMS,
} from '../limits';
import type { DatasetSchema } from '../schema';
import { parseGroupBy, parseOrderBy, parseSelect, parseWhere } from './clauses';
import { fail, ok } from './test-helpers';

/*
 * Every bound of limits.ts: a clause at the bound parses, one item more is refused with the bound's code,
 * its parameters, and the span of the items over it.
 */

/** `n` times `item`, joined by `sep`. */
const list = (n: number, item: string, sep = ','): string => Array(n).fill(item).join(sep);

describe('bounds on the items of a clause', () => {
  it('refuses more than 10 order_by keys, naming the count and the bound', () => {
    expect(ok(parseOrderBy(list(MAX_ORDER_BY_ITEMS, 'n desc'))).items).toHaveLength(10);
    const source = list(MAX_ORDER_BY_ITEMS + 1, 'n desc');
    expect(fail(parseOrderBy(source))).toMatchObject({
      kind: 'syntax',
      code: 'tooManySortKeys',
      params: { count: 11, max: 10, position: 70 },
      message: 'order_by has 11 sort keys, at most 10 are allowed (position 70)',
      from: 70,
      to: 76,
      clause: 'order_by',
    });
    expect(fail(parseOrderBy(list(25_000, '-n'))).message).toBe(
      'order_by has 25000 sort keys, at most 10 are allowed (position 30)',
    );
  });

  it('refuses more than 10 group_by keys', () => {
    expect(ok(parseGroupBy(list(MAX_GROUP_BY_ITEMS, 'n AS k'))).items).toHaveLength(10);
    expect(fail(parseGroupBy(list(MAX_GROUP_BY_ITEMS + 1, 'n')))).toMatchObject({
      code: 'tooManyGroupByKeys',
      params: { count: 11, max: 10, position: 20 },
      message: 'group_by has 11 keys, at most 10 are allowed (position 20)',
      clause: 'group_by',
    });
  });

  it('refuses more than 500 select items, the span running from the first one over to the last', () => {
    expect(ok(parseSelect(list(MAX_SELECT_ITEMS, 'n + 1 AS x'))).items).toHaveLength(500);
    const source = list(MAX_SELECT_ITEMS + 2, 'n');
    expect(fail(parseSelect(source))).toMatchObject({
      code: 'tooManySelectItems',
      params: { count: 502, max: 500, position: 1000 },
      message: 'select has 502 items, at most 500 are allowed (position 1000)',
      from: 1000,
      to: source.length,
      clause: 'select',
    });
  });
});

describe('bounds on the values of a list', () => {
  it('refuses an IN list of more than 1,000 values', () => {
    expect(ok(parseWhere(`n IN (${list(MAX_LIST_ITEMS, '1')})`)).condition).toMatchObject({
      kind: 'in_list',
    });
    expect(fail(parseWhere(`n IN (${list(MAX_LIST_ITEMS + 1, '1')})`))).toMatchObject({
      code: 'tooManyListValues',
      params: { count: 1001, max: 1000, position: 2006 },
      message: 'the IN list has 1001 values, at most 1000 are allowed (position 2006)',
      clause: 'where',
    });
    expect(fail(parseWhere(`n NOT IN (${list(10_000, '"a"')})`)).code).toBe('tooManyListValues');
  });

  it('refuses a call with more than 1,000 arguments', () => {
    expect(ok(parseWhere(`search(${list(MAX_LIST_ITEMS - 1, 'n')}, "x")`)).condition).toMatchObject({
      kind: 'call',
    });
    expect(fail(parseWhere(`search(${list(MAX_LIST_ITEMS, 'n')}, "x")`))).toMatchObject({
      code: 'tooManyArguments',
      params: { name: 'search', count: 1001, max: 1000, position: 2008 },
      message: 'search() has 1001 arguments, at most 1000 are allowed (position 2008)',
    });
    expect(fail(parseSelect(`LOWER(${list(10_000, 'n')})`)).message).toMatch(
      /^LOWER\(\) has 10000 arguments, at most 1000 are allowed/,
    );
  });

  it('refuses include() and exclude() with more than 1,000 patterns', () => {
    expect(ok(parseSelect(`include(${list(MAX_LIST_ITEMS, 'pop*')})`)).items).toHaveLength(1);
    expect(fail(parseSelect(`exclude(${list(MAX_LIST_ITEMS + 1, 'pop*')})`))).toMatchObject({
      code: 'tooManyArguments',
      params: { name: 'exclude', count: 1001, max: 1000, position: 5008 },
      clause: 'select',
    });
  });

  it('refuses range() with more than 1,000 bounds, in either form', () => {
    const bounds = (n: number): string => Array.from({ length: n }, (_, i) => String(i)).join(',');
    expect(ok(parseGroupBy(`range(n, ${bounds(MAX_LIST_ITEMS)})`)).items).toHaveLength(1);
    expect(ok(parseGroupBy(`range(n, [${bounds(MAX_LIST_ITEMS)}])`)).items).toHaveLength(1);
    for (const source of [`range(n, ${bounds(1001)})`, `range(n, *, ${bounds(1000)}, *)`]) {
      expect(fail(parseGroupBy(source))).toMatchObject({
        code: 'tooManyRangeBounds',
        params: { count: source.includes('*') ? 1002 : 1001, max: 1000 },
      });
    }
    expect(fail(parseGroupBy(`range(n, ]${bounds(1001)}[)`)).code).toBe('tooManyRangeBounds');
  });
});

describe('bounds on nesting, operators and length', () => {
  it('refuses a call nested 10,000 deep, and accepts one nested within the bound', () => {
    const nested = (n: number): string => `${'lower('.repeat(n)}name${')'.repeat(n)}`;
    // Each call is two levels (the call and its argument), under the clause's own expression.
    const deepest = (MAX_DEPTH - 1) / 2;
    expect(ok(parseSelect(nested(Math.floor(deepest)))).items).toHaveLength(1);
    expect(fail(parseSelect(nested(Math.floor(deepest) + 1))).code).toBe('nestedTooDeeply');
    expect(fail(parseSelect(nested(10_000)))).toMatchObject({ code: 'nestedTooDeeply', clause: 'select' });
    expect(fail(parseOrderBy(`${'('.repeat(10_000)}n${')'.repeat(10_000)}`)).code).toBe('nestedTooDeeply');
  });

  it('counts operators over the whole clause, across its items', () => {
    const chains = (operators: number): string => list(operators / 4, 'n + n + n + n + n');
    expect(ok(parseSelect(chains(MAX_OPERATORS))).items).toHaveLength(250);
    expect(fail(parseSelect(`${chains(MAX_OPERATORS)}, n + 1`))).toMatchObject({
      code: 'tooManyOperators',
      params: { max: 1000 },
    });
    expect(ok(parseOrderBy(`n${' * 2'.repeat(MAX_OPERATORS)}`)).items).toHaveLength(1);
    expect(fail(parseOrderBy(`n${' * 2'.repeat(MAX_OPERATORS + 1)}`)).code).toBe('tooManyOperators');
  });

  it('refuses a clause over 100,000 characters before reading it', () => {
    const atLimit = `n${' '.repeat(MAX_QUERY_LENGTH - 1)}`;
    expect(ok(parseOrderBy(atLimit)).items).toHaveLength(1);
    expect(fail(parseOrderBy(`${atLimit} `))).toMatchObject({
      code: 'queryTooLong',
      params: { length: 100_001, max: 100_000 },
    });
  });
});

describe('a bound refused as the API says it', () => {
  const schema: DatasetSchema = { fields: [{ name: 'n', type: 'int' }] };

  it('is an ODSQL syntax exception naming the clause, the count and the bound', () => {
    const result = compileRecordsQuery({ table: 't', select: 'n', orderBy: list(25_000, 'n') }, schema, {
      version: '2.1',
      timezone: 'UTC',
      lang: 'en',
      now: 0,
      dialect: duckdbDialect,
    });
    if (result.ok) throw new Error('compiled');
    expect(formatOdsqlMessage(result.diagnostics)).toMatch(
      /^ODSQL syntax exception: order_by has 25000 sort keys, at most 10 are allowed \(position 20\) in n,n,n,.*,…\. Clause\(s\) containing the error\(s\): order_by\.$/,
    );
  });
});
