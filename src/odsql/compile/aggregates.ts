import type { Call } from '../ast';
import {
  checkArity,
  describeExpr,
  describeType,
  isGeo,
  isNumeric,
  isTemporal,
  type Scope,
  type Sql,
} from './context';
import { numberLiteral } from './literals';

/** Aggregate functions: their argument is compiled in a scope that refuses nested aggregates. */
export function compileAggregate(e: Call, scope: Scope): Sql {
  if (scope.inAggregate) scope.fail('aggregationsNested', { name: e.name }, e);
  const inner = scope.withAggregate();
  const argument = (index: number): Sql => inner.compilers.value(e.args[index]!, inner);
  switch (e.name) {
    case 'count': {
      checkArity(e, scope, 1, 1);
      const a = e.args[0]!;
      if (a.kind === 'star') {
        if (e.distinct) scope.fail('countDistinctStar', {}, a);
        return { sql: 'count(*)', type: 'int', aggregate: true };
      }
      const v = argument(0);
      // Distinct values of a multivalued field are its distinct elements, not distinct lists.
      const sql = !e.distinct
        ? `count(${v.sql})`
        : v.multivalued
          ? scope.dialect.countDistinctElements(v.sql)
          : `count(DISTINCT ${v.sql})`;
      return { sql, type: 'int', aggregate: true };
    }
    case 'avg':
    case 'sum':
    case 'median': {
      checkArity(e, scope, 1, 1);
      const v = numericArgument(e, argument(0), scope);
      const sql =
        e.name === 'median'
          ? scope.dialect.quantile(v.sql, '0.5')
          : e.name === 'avg'
            ? `avg(${v.sql})`
            : `sum(${v.sql})`;
      return { sql, type: e.name === 'sum' && v.type === 'int' ? 'int' : 'double', aggregate: true };
    }
    case 'percentile': {
      checkArity(e, scope, 2, 2);
      const v = numericArgument(e, argument(0), scope);
      const p = numberLiteral(e.args[1]!, scope, 'The percentile');
      if (!(p >= 0 && p <= 100)) scope.fail('percentileRange', { value: p }, e.args[1]!);
      return {
        sql: scope.dialect.quantile(v.sql, scope.params.double(p / 100)),
        type: 'double',
        aggregate: true,
      };
    }
    case 'min':
    case 'max': {
      checkArity(e, scope, 1, 1);
      const v = argument(0);
      if (!(isNumeric(v.type) || isTemporal(v.type)) || v.multivalued) {
        scope.fail(
          'statAggregationType',
          { expression: describeExpr(scope, v, e.args[0]!), type: describeType(v) },
          e.args[0]!,
        );
      }
      return {
        sql: `${e.name}(${v.sql})`,
        type: v.type,
        aggregate: true,
        ...(v.range ? { range: v.range } : {}),
      };
    }
    case 'envelope':
    case 'bbox': {
      checkArity(e, scope, 1, 1);
      const v = argument(0);
      if (!isGeo(v.type)) {
        scope.fail(
          'expectsGeo',
          { name: e.name, expression: describeExpr(scope, v, e.args[0]!), type: describeType(v) },
          e.args[0]!,
        );
      }
      const sql = scope.dialect.geoAggregate(e.name, v.sql, v.type as 'geo_point_2d' | 'geo_shape');
      return { sql, type: 'geo_shape', aggregate: true, post: e.name };
    }
    default:
      return scope.fail('unknownAggregation', { name: e.name }, e);
  }
}

function numericArgument(e: Call, v: Sql, scope: Scope): Sql {
  if (!isNumeric(v.type) || v.multivalued) {
    scope.fail(
      'statAggregationCall',
      { name: e.name, expression: describeExpr(scope, v, e.args[0]!), type: describeType(v) },
      e.args[0]!,
    );
  }
  return v;
}
