import { describe, expect, it } from 'vitest';
import type { DatasetSchema } from '../schema';
import type { RecordsQuery } from './query';
import { compile, compileError, FIXTURE_SCHEMA } from './test-db';

const error = (query: Omit<RecordsQuery, 'table'>) => compileError(FIXTURE_SCHEMA, query);

/** The message and clause of the first diagnostic. */
const problem = (query: Omit<RecordsQuery, 'table'>) => {
  const d = error(query);
  return { kind: d.kind, message: d.message, clause: d.clause };
};

describe('unknown fields', () => {
  it('are reported in the clause that names them, with their span', () => {
    expect(error({ select: 'name, no_such_field' })).toMatchObject({
      kind: 'semantic',
      message: 'Unknown field: no_such_field',
      clause: 'select',
      from: 6,
      to: 19,
      source: 'name, no_such_field',
    });
    expect(problem({ where: ['nope = 1'] })).toEqual({
      kind: 'semantic',
      message: 'Unknown field: nope',
      clause: 'where',
    });
    expect(problem({ select: 'count(*)', groupBy: 'nope' })).toMatchObject({
      message: 'Unknown field: nope',
      clause: 'group_by',
    });
    expect(problem({ orderBy: 'nope desc' })).toMatchObject({
      message: 'Unknown field: nope',
      clause: 'order_by',
    });
    expect(problem({ where: ['"x" IN nope'] })).toMatchObject({ message: 'Unknown field: nope' });
    expect(problem({ where: ['search(nope, "x")'] })).toMatchObject({ message: 'Unknown field: nope' });
  });

  it('match field names regardless of case but not technical columns', () => {
    expect(error({ select: 'NAME, __search' })).toMatchObject({ message: 'Unknown field: __search' });
    expect(problem({ orderBy: '__pos' })).toMatchObject({ message: 'Unknown field: __pos' });
  });

  it('report the second where parameter with its own text', () => {
    expect(error({ where: ['n > 1', 'bad = 2'] })).toMatchObject({
      message: 'Unknown field: bad',
      source: 'bad = 2',
      from: 0,
      to: 3,
    });
  });
});

describe('aggregations out of place', () => {
  it('are refused in where and group_by', () => {
    expect(problem({ where: ['count(*) > 1'] })).toEqual({
      kind: 'semantic',
      message: 'Function count() is not allowed in where (it can be used in: select, order_by)',
      clause: 'where',
    });
    expect(problem({ where: ['sum(n) > 1'] })).toMatchObject({ clause: 'where' });
    expect(problem({ select: 'count(*)', groupBy: 'count(*)' })).toMatchObject({
      message: 'Function count() is not allowed in group_by (it can be used in: select, order_by)',
      clause: 'group_by',
    });
  });

  it('cannot be nested', () => {
    expect(problem({ select: 'sum(count(*))' })).toMatchObject({
      message: 'Aggregations cannot be nested: count() inside another aggregation',
      clause: 'select',
    });
  });

  it('cannot sort records without group_by', () => {
    expect(problem({ select: 'name', orderBy: 'count(*)' })).toMatchObject({
      message: 'Sorting by an aggregation needs group_by',
      clause: 'order_by',
    });
    expect(problem({ select: 'count(*)', orderBy: 'count(*)' })).toMatchObject({
      message: 'order_by needs group_by when select holds aggregations',
      clause: 'order_by',
    });
  });

  it('cannot be mixed with plain fields without group_by', () => {
    expect(problem({ select: 'name, count(*)' })).toMatchObject({
      message: 'Field name must be in group_by to be selected with aggregations',
      clause: 'select',
    });
    expect(problem({ select: 'n + count(*)' })).toMatchObject({
      message: 'Field n must be in group_by to be selected with aggregations',
    });
    expect(problem({ select: '*, count(*)' })).toMatchObject({
      message:
        'Select with aggregations cannot list every field: name the aggregations only, or use group_by',
    });
  });
});

describe('group_by consistency', () => {
  it('refuses a plain field that is not a group key', () => {
    expect(problem({ select: 'name, count(*)', groupBy: 'code' })).toEqual({
      kind: 'semantic',
      message: 'Field name must be in group_by or used in an aggregation',
      clause: 'select',
    });
    expect(problem({ select: 'n, count(*)', groupBy: 'n + 1' })).toMatchObject({
      message: 'Field n must be in group_by or used in an aggregation',
    });
    expect(problem({ select: 'count(*)', groupBy: 'code', orderBy: 'name' })).toMatchObject({
      message: 'Field name must be in group_by or used in an aggregation',
      clause: 'order_by',
    });
  });

  it('wants aggregations before plain keys in order_by', () => {
    expect(problem({ select: 'count(*)', groupBy: 'code', orderBy: 'code, count(*)' })).toEqual({
      kind: 'semantic',
      message: 'In order_by, aggregations must come before fields: count(*) comes after code',
      clause: 'order_by',
    });
  });

  it('refuses keys that cannot be grouped', () => {
    expect(problem({ select: 'count(*)', groupBy: 'shape' })).toMatchObject({
      message: 'Cannot group by shape (geo_shape)',
      clause: 'group_by',
    });
    expect(problem({ select: 'count(*)', groupBy: 'json_format(payload)' })).toMatchObject({
      message: 'Function json_format() is not allowed in group_by (it can be used in: select)',
    });
  });
});

describe('argument types', () => {
  it('words statistics on non-numeric values like the service', () => {
    expect(problem({ select: 'sum(name)' })).toEqual({
      kind: 'semantic',
      message: 'StatAggregation only supports numeric or date expression: sum() got name (text)',
      clause: 'select',
    });
    expect(problem({ select: 'avg(d)' })).toMatchObject({
      message: 'StatAggregation only supports numeric or date expression: avg() got d (date)',
    });
    expect(problem({ select: 'median(tags)' })).toMatchObject({
      message:
        'StatAggregation only supports numeric or date expression: median() got tags (multivalued text)',
    });
    expect(problem({ select: 'min(name)' })).toMatchObject({
      message: 'StatAggregation only supports numeric or date expression: name is text',
    });
    expect(problem({ select: 'percentile(flag, 50)' })).toMatchObject({
      message: 'StatAggregation only supports numeric or date expression: percentile() got flag (boolean)',
    });
  });

  it('names the function, the argument and its type', () => {
    expect(problem({ select: 'lower(n)' })).toMatchObject({
      message: 'Function lower() expects a text argument, got n (int)',
    });
    expect(problem({ select: 'length(tags)' })).toMatchObject({
      message: 'Function length() expects a text argument, got tags (multivalued text)',
    });
    expect(problem({ select: 'year(name)' })).toMatchObject({
      message: 'Function year() expects a date or datetime, got name (text)',
    });
    expect(problem({ select: "date_format(n, 'yyyy')" })).toMatchObject({
      message: 'Function date_format() expects a date or datetime, got n (int)',
    });
    expect(problem({ select: "distance(n, geom'POINT(1 2)')" })).toMatchObject({
      message: 'Function distance() expects a geo_point_2d or geo_shape field, got n (int)',
    });
    expect(problem({ select: 'envelope(name)' })).toMatchObject({
      message: 'Function envelope() expects a geo_point_2d or geo_shape field, got name (text)',
    });
    expect(problem({ where: ['search(n, "x")'] })).toMatchObject({
      message: 'Function search() searches text fields: n is int',
    });
    expect(problem({ where: ['startswith(name, n)'] })).toMatchObject({
      message: 'Function startswith() needs a quoted text as its last argument',
    });
    expect(problem({ select: 'count(*)', groupBy: 'range(name, 10)' })).toMatchObject({
      message: 'range() needs a number or a date, got name (text)',
    });
    expect(problem({ select: 'count(*)', groupBy: 'geo_cluster(shape, 3)' })).toMatchObject({
      message: 'geo_cluster() needs a geo_point_2d field, got shape (geo_shape)',
    });
  });

  it('refuses type mismatches in comparisons, naming both sides', () => {
    expect(problem({ where: ['n = "abc"'] })).toEqual({
      kind: 'semantic',
      message: 'Type mismatch: "abc" (text) cannot be compared with n (int)',
      clause: 'where',
    });
    expect(problem({ where: ['length(name) = "abc"'] })).toMatchObject({
      message: 'Type mismatch: "abc" (text) cannot be compared with length(name) (int)',
    });
    expect(problem({ where: ['name = d'] })).toMatchObject({
      message: 'Type mismatch: name (text) cannot be compared with d (date)',
    });
    expect(problem({ where: ['n IN (1, "x")'] })).toMatchObject({
      message: 'Type mismatch: "x" (text) cannot be compared with n (int)',
    });
    expect(problem({ where: ['geo = shape'] })).toMatchObject({
      message: 'Geo values cannot be compared: use within_distance, in_bbox, intersects, within or disjoint',
    });
    expect(problem({ where: ['tags = tags'] })).toMatchObject({
      message: 'Two multivalued fields cannot be compared',
    });
    expect(problem({ where: ['tags IN [1..2]'] })).toMatchObject({
      message: 'A range cannot apply to a multivalued field',
    });
    expect(problem({ select: 'ifnull(n, "x")' })).toMatchObject({
      message: 'Type mismatch: "x" (text) cannot be compared with n (int)',
    });
  });

  it('refuses operators on the wrong types', () => {
    expect(problem({ select: 'n + name' })).toMatchObject({
      message: 'Arithmetic operator + needs numbers: name is text',
    });
    expect(problem({ select: '-name' })).toMatchObject({ message: 'Cannot negate name (text)' });
    expect(problem({ where: ['n'] })).toMatchObject({
      message: 'Field n is not a boolean (int): compare it with a value',
    });
    expect(problem({ where: ['name is true'] })).toMatchObject({
      message: 'IS TRUE needs a boolean, got name (text)',
    });
    expect(problem({ where: ['n like "x"'] })).toMatchObject({ message: 'LIKE needs a text, got n (int)' });
    expect(problem({ where: ['n + 1'] })).toMatchObject({ message: 'Expected a condition, got n + 1 (int)' });
  });

  it('refuses sorting by values without an order', () => {
    expect(problem({ orderBy: 'geo' })).toMatchObject({
      message: 'Cannot sort by geo (geo_point_2d)',
      clause: 'order_by',
    });
    expect(problem({ orderBy: 'tags desc' })).toMatchObject({
      message: 'Cannot sort by tags (multivalued text)',
    });
  });
});

describe('functions in the wrong clause', () => {
  it('list the clauses where the function is allowed', () => {
    expect(problem({ select: 'startswith(name, "x")' })).toEqual({
      kind: 'semantic',
      message: 'Function startswith() is not allowed in select (it can be used in: where)',
      clause: 'select',
    });
    expect(problem({ select: 'random(1)' })).toMatchObject({
      message: 'Function random() is not allowed in select (it can be used in: order_by)',
    });
    expect(problem({ select: 'count(*)', groupBy: 'length(name)' })).toMatchObject({
      message: 'Function length() is not allowed in group_by (it can be used in: select, where, order_by)',
    });
    expect(problem({ where: ['json_format(payload) = 1'] })).toMatchObject({
      message: 'Function json_format() is not allowed in where (it can be used in: select)',
    });
    expect(problem({ select: 'count(*)', groupBy: 'code', orderBy: 'envelope(geo)' })).toMatchObject({
      message: 'Function envelope() is not allowed in order_by (it can be used in: select)',
    });
    expect(problem({ where: ["distance(geo, geom'POINT(1 2)') < 5"] })).toMatchObject({
      message: 'In where, use within_distance(geo_field, point, distance)',
    });
    expect(problem({ select: 'range(n, 10)' })).toMatchObject({
      message: 'range() can only be used in group_by',
    });
    expect(problem({ select: 'geo_cluster(geo, 3)' })).toMatchObject({
      message: 'Function geo_cluster() is not allowed in select (it can be used in: group_by)',
    });
  });
});

describe('arity', () => {
  it('states the expected and the given number of arguments', () => {
    expect(problem({ select: 'lower()' })).toMatchObject({
      message: 'Function lower() takes 1 argument, 0 given',
      clause: 'select',
    });
    expect(problem({ select: 'lower(name, code)' })).toMatchObject({
      message: 'Function lower() takes 1 argument, 2 given',
    });
    expect(problem({ select: 'percentile(n)' })).toMatchObject({
      message: 'Function percentile() takes 2 arguments, 1 given',
    });
    expect(problem({ select: 'json_format(payload, 1, 2)' })).toMatchObject({
      message: 'Function json_format() takes 1 to 2 arguments, 3 given',
    });
    expect(problem({ where: ['in_bbox(geo, 1, 2, 3)'] })).toMatchObject({
      message: 'Function in_bbox() takes 5 arguments, 4 given',
    });
    expect(problem({ where: ['search()'] })).toMatchObject({
      message: 'Function search() takes at least 1 argument, 0 given',
    });
    expect(problem({ select: 'count(*)', groupBy: 'geo_cluster(geo)' })).toMatchObject({
      message: 'Function geo_cluster() takes 2 to 3 arguments, 1 given',
    });
  });
});

describe('literals', () => {
  it('refuses dates that do not parse', () => {
    expect(error({ where: ["d > date'2020-13-01'"] })).toMatchObject({
      kind: 'semantic',
      message: 'Cannot parse date: 2020-13-01',
      clause: 'where',
      from: 4,
      to: 20,
    });
    expect(problem({ where: ['d > "yesterday"'] })).toMatchObject({
      message: 'Cannot parse date: yesterday',
    });
    expect(problem({ where: ["d IN [date'2020'..date'2021-02-30']"] })).toMatchObject({
      message: 'Cannot parse date: 2021-02-30',
    });
    expect(problem({ select: 'count(*)', groupBy: "range(d, date'x', date'2021')" })).toMatchObject({
      message: 'Cannot parse date: x',
    });
  });

  it('refuses geometries that do not parse, with the reader message', () => {
    expect(error({ where: ["intersects(shape, geom'POLYGON((1 2, 3')"] })).toMatchObject({
      kind: 'semantic',
      message: 'Invalid WKT: expected a number at position 15',
      from: 18,
    });
    expect(problem({ where: ['within(geo, geom\'{"type":"Polygon"}\')'] }).message).toMatch(
      /^Invalid GeoJSON/,
    );
    expect(problem({ where: ['within(geo, "POINT(1 2)")'] })).toMatchObject({
      message: "Expected a geometry literal such as geom'POINT(2.35 48.85)'",
    });
    expect(problem({ where: ["within_distance(geo, geom'LINESTRING(0 0, 1 1)', 1km)"] })).toMatchObject({
      message: 'within_distance() expects a point, got a LineString',
    });
  });

  it('refuses bad date_format patterns', () => {
    expect(problem({ select: "date_format(d, 'QQQ')" })).toMatchObject({
      message: "Invalid date_format pattern: unsupported letter 'Q'",
      clause: 'select',
    });
    expect(problem({ select: "date_format(d, 'yyyyy')" })).toMatchObject({
      message: "Invalid date_format pattern: 'yyyyy' is too long (at most 4 'y')",
    });
    expect(problem({ select: `date_format(d, "yyyy '")` })).toMatchObject({
      message: 'Invalid date_format pattern: unterminated quoted text',
    });
    expect(problem({ select: 'date_format(d, 12)' })).toMatchObject({
      message: 'date_format() needs a quoted pattern as its second argument',
    });
  });

  it('checks numeric arguments', () => {
    expect(problem({ select: 'percentile(n, 101)' })).toMatchObject({
      message: 'The percentile must be between 0 and 100, got 101',
    });
    expect(problem({ select: 'percentile(n, x)' })).toMatchObject({
      message: 'The percentile must be a number',
    });
    expect(problem({ where: ['in_bbox(geo, 100, 0, 1, 1)'] })).toMatchObject({
      message: 'Latitude out of range: 100',
    });
    expect(problem({ where: ['in_bbox(geo, 0, 200, 1, 1)'] })).toMatchObject({
      message: 'Longitude out of range: 200',
    });
    expect(problem({ where: ["within_distance(geo, geom'POINT(1 2)', 1 M)"] })).toMatchObject({
      message: 'Unknown distance unit M (use mi, yd, ft, m, cm, km or mm)',
    });
    expect(problem({ where: ["within_distance(geo, geom'POINT(1 2)', -5)"] })).toMatchObject({
      message: 'The distance must be positive',
    });
    expect(problem({ orderBy: 'random(1.5)' })).toMatchObject({
      message: 'The seed of random() must be an integer',
    });
    expect(problem({ orderBy: 'random()' })).toMatchObject({ message: 'random() takes one integer seed' });
    expect(problem({ select: 'now(days=1.5)' })).toMatchObject({
      message: 'now() argument days must be an integer',
    });
    expect(problem({ select: 'now(1)' })).toMatchObject({
      message: 'now() only takes named arguments such as now(days=-7)',
    });
    expect(problem({ select: 'now(foo=1)' })).toMatchObject({ message: 'Unknown argument for now(): foo' });
    expect(problem({ select: 'count(distinct *)' })).toMatchObject({
      message: 'count(distinct *) is not supported: name a field',
    });
  });

  it('checks ranges and clusters', () => {
    const group = (groupBy: string) => problem({ select: 'count(*)', groupBy });
    expect(group('range(d, 10)')).toMatchObject({
      message: 'A range over dates needs an interval, such as range(date, 1 day)',
    });
    expect(group('range(n, 1 day)')).toMatchObject({
      message: 'A range over numbers needs a width, such as range(field, 10)',
    });
    expect(group('range(dt, 2 month)')).toMatchObject({
      message: 'Multiples of months are not supported: use 1 month',
    });
    expect(group('range(dt, 1.5 h)')).toMatchObject({
      message: 'A date interval must be a positive whole number',
    });
    expect(group('range(n, 0)')).toMatchObject({ message: 'The width of a range must be positive' });
    expect(group('range(n, 20, 10)')).toMatchObject({ message: 'Range bounds must be in increasing order' });
    expect(group('range(d, *, 10)')).toMatchObject({
      message: "Bounds of a date range are dates, such as date'2020-01-01'",
    });
    expect(group('range(n, *, x)')).toMatchObject({ message: 'A range bound must be a number' });
    expect(group('geo_cluster(geo, 30)')).toMatchObject({
      message: 'The zoom of geo_cluster() is between 0 and 25',
    });
    expect(group('geo_cluster(geo, 3, size=40)')).toMatchObject({
      message: 'Unknown argument size of geo_cluster()',
    });
    expect(group('geo_cluster(geo, 3, radius=0)')).toMatchObject({
      message: 'The radius of geo_cluster() is between 1 and 1000 pixels',
    });
  });
});

describe('errors found over HTTP', () => {
  const schema: DatasetSchema = {
    fields: [
      { name: 'species', type: 'text' },
      { name: 'body_mass_g', type: 'int' },
    ],
  };

  it('refuses ordering a text field by a number, but reads a number as text for equality', () => {
    expect(compileError(schema, { where: ['species > 5'] }).message).toBe(
      'Type mismatch: species (text) cannot be ordered against 5 (int)',
    );
    expect(compileError(schema, { where: ['species IN [1..5]'] }).clause).toBe('where');
    expect(compile(schema, { where: ['species = 5'] }).ok).toBe(true);
    expect(compile(schema, { where: ['body_mass_g > "5"'] }).ok).toBe(true);
  });

  it('refuses a negative range width and a lone closed bound', () => {
    expect(compileError(schema, { groupBy: 'range(body_mass_g, -5)' }).message).toBe(
      'the width of a range must be positive at position 19',
    );
    expect(compileError(schema, { groupBy: "range(body_mass_g, date'2020')" }).clause).toBe('group_by');
    expect(compile(schema, { groupBy: 'range(body_mass_g, 3000)' }).ok).toBe(true);
    expect(compile(schema, { groupBy: 'range(body_mass_g, 3000, 4000)' }).ok).toBe(true);
  });

  it('reports a missing ) after count(*', () => {
    const d = compileError(schema, { select: 'count(*' });
    expect(d.message).toBe('unexpected end of input at position 7');
    expect(d.expected).toEqual([')']);
  });
});
