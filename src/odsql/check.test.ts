import { describe, expect, it } from 'vitest';
import { checkQueryIn } from './check';
import { clickhouseDialect } from './compile/dialects/clickhouse';
import { checkQuery } from './editor-check';
import type { DatasetSchema } from './schema';

const schema: DatasetSchema = {
  fields: [
    { name: 'origin', type: 'text' },
    { name: 'delay', type: 'int' },
    { name: 'date', type: 'datetime' },
    { name: 'location', type: 'geo_point_2d' },
  ],
};

/** The problems as `clause from-to message`, short enough to read in a failure. */
function problems(query: Parameters<typeof checkQuery>[0]): string[] {
  return checkQuery(query, schema).map((d) => `${d.clause} ${d.from}-${d.to} ${d.kind}: ${d.message}`);
}

describe('checkQuery', () => {
  it('accepts a valid query in every clause', () => {
    expect(
      problems({
        where: 'delay > 10 and origin = "SFO"',
        select: 'origin, avg(delay) as mean',
        group_by: 'origin',
        order_by: 'mean desc',
      }),
    ).toEqual([]);
    expect(problems({})).toEqual([]);
    expect(problems({ where: '   ', select: '' })).toEqual([]);
  });

  it('reports an unknown field at its position', () => {
    expect(problems({ where: 'delai > 10' })).toEqual(['where 0-5 semantic: Unknown field: delai']);
    expect(problems({ order_by: 'origin, nope desc' })).toEqual([
      'order_by 8-12 semantic: Unknown field: nope',
    ]);
  });

  it('reports a syntax error at its position, in every broken clause', () => {
    const found = checkQuery({ where: 'delay > ', select: 'origin,' }, schema);
    expect(found.map((d) => [d.clause, d.kind, d.from])).toEqual([
      ['where', 'syntax', 8],
      ['select', 'syntax', 7],
    ]);
    expect(found[0]!.expected?.length).toBeGreaterThan(0);
  });

  it('refuses an aggregate in where and a wrong argument type', () => {
    expect(problems({ where: 'avg(delay) > 3' })).toHaveLength(1);
    expect(problems({ where: 'avg(delay) > 3' })[0]).toMatch(/^where 0-\d+ semantic: .*avg/i);
    expect(problems({ select: 'avg(origin)' })[0]).toMatch(/^select \d+-\d+ semantic: /);
    expect(problems({ select: 'length(origin, 2)' })[0]).toMatch(/takes 1 argument, 2 given/);
  });

  it('checks select against group_by, and order_by against select aliases', () => {
    expect(problems({ select: 'origin, count(*)' })[0]).toMatch(/^select .*group_by/);
    expect(problems({ select: 'origin, count(*)', group_by: 'origin' })).toEqual([]);
    expect(problems({ select: 'delay as d', order_by: 'd desc' })).toEqual([]);
  });

  it('reports where and the other clauses independently', () => {
    const found = problems({ where: 'x = 1', select: 'y' });
    expect(found).toEqual(['where 0-1 semantic: Unknown field: x', 'select 0-1 semantic: Unknown field: y']);
  });

  it('still checks where when another clause does not parse', () => {
    expect(problems({ where: 'x = 1', group_by: 'origin,' }).map((p) => p.split(' ')[0])).toEqual([
      'group_by',
      'where',
    ]);
  });
});

describe('checkQueryIn', () => {
  it("checks against the dialect it is given: ClickHouse's refuses json_format(), the editor's does not", () => {
    const query = { select: 'json_format(origin)' };
    expect(checkQuery(query, schema)).toEqual([]);
    const [refused] = checkQueryIn(clickhouseDialect, query, schema);
    expect(refused?.clause).toBe('select');
    expect(refused?.message).toMatch(/json_format/);
  });
});
