import type { Call, CompareOp, Expr, Span } from '../ast';
import { DISTANCE_UNITS, lookupFunction } from '../functions';
import { normalizeGeometry } from '../geo/normalize';
import { describeExpr, describeType, isGeo, isNumeric, isTemporal, type Scope, type Sql } from './context';
import { fromWallClock, listToText, searchTokens, shapeFromJson, wallClock } from './dialect';
import { normalizeSearchText, quoteIdent, SEARCH_COLUMN } from './storage';
import {
  coerceLiteral,
  compileValue,
  geoArgument,
  instantOfDateLiteral,
  numberLiteral,
  parsedGeometry,
  pointOf,
  wallClockOfDateLiteral,
} from './values';

/**
 * A compiled condition. Comparisons with null are false: SQL leaves them NULL, which a WHERE clause
 * drops like false, and NOT turns NULL into false before negating it (so `NOT x > 5` keeps null x).
 * Coalescing at NOT only, rather than at every comparison, keeps plain filters plain, so DuckDB can
 * push them into the table scan.
 */
export interface Condition {
  readonly sql: string;
  readonly aggregate: boolean;
}

const PREDICATE_KINDS: ReadonlySet<string> = new Set([
  'compare',
  'logical',
  'not',
  'fulltext',
  'like',
  'in_list',
  'in_range',
  'contains',
  'is_null',
  'is_bool',
]);

export function isPredicateNode(e: Expr): boolean {
  return PREDICATE_KINDS.has(e.kind);
}

export function checkArity(e: Call, scope: Scope, min: number, max: number): void {
  const n = e.args.length;
  if (n >= min && n <= max) return;
  const unbounded = max === Number.POSITIVE_INFINITY;
  const expected = min === max ? `${min}` : unbounded ? `at least ${min}` : `${min} to ${max}`;
  const plural = (unbounded ? min : max) === 1 ? '' : 's';
  scope.fail(`Function ${e.name}() takes ${expected} argument${plural}, ${n} given`, e);
}

function safe(sql: string, aggregate = false): Condition {
  return { sql, aggregate };
}

/** A condition as a two-valued boolean: NULL (unknown) becomes false. */
export function definite(sql: string): string {
  return `coalesce(${sql}, false)`;
}

export function compileCondition(e: Expr, scope: Scope): Condition {
  switch (e.kind) {
    case 'paren':
      return compileCondition(e.inner, scope);
    case 'logical': {
      const left = compileCondition(e.left, scope);
      const right = compileCondition(e.right, scope);
      return {
        sql: `(${left.sql} ${e.op.toUpperCase()} ${right.sql})`,
        aggregate: left.aggregate || right.aggregate,
      };
    }
    case 'not': {
      const inner = compileCondition(e.operand, scope);
      return { sql: `(NOT ${definite(inner.sql)})`, aggregate: inner.aggregate };
    }
    case 'boolean':
      return { sql: e.value ? 'true' : 'false', aggregate: false };
    case 'fulltext':
      return matchTerms(quoteIdent(SEARCH_COLUMN), e.text, 'exact', scope);
    case 'compare':
      return compileCompare(e.op, e.left, e.right, e, scope);
    case 'like':
      return compileLike(e, scope);
    case 'in_list':
      return compileInList(e, scope);
    case 'in_range':
      return compileInRange(e, scope);
    case 'contains': {
      const field = compileValue(e.field, scope);
      const value = coerceLiteral(
        compileValue(e.value, scope),
        { ...field, multivalued: false },
        e.value,
        e.field,
        scope,
      );
      if (field.multivalued) return safe(`list_contains(${field.sql}, ${value.sql})`);
      return safe(`(${field.sql} = ${value.sql})`);
    }
    case 'is_null': {
      const v = compileValue(e.operand, scope);
      const isNull = v.multivalued ? `(${v.sql} IS NULL OR len(${v.sql}) = 0)` : `(${v.sql} IS NULL)`;
      return { sql: e.negated ? `(NOT ${isNull})` : isNull, aggregate: v.aggregate };
    }
    case 'is_bool': {
      const v = compileValue(e.operand, scope);
      if (v.type !== 'boolean')
        scope.fail(
          `IS ${e.value ? 'TRUE' : 'FALSE'} needs a boolean, got ${describeExpr(scope, v, e.operand)} (${describeType(v)})`,
          e.operand,
        );
      const test = `(${v.sql} IS ${e.value ? 'TRUE' : 'FALSE'})`;
      return { sql: e.negated ? `(NOT ${test})` : test, aggregate: v.aggregate };
    }
    case 'call':
      return compileFilterCall(e, scope);
    case 'field': {
      const v = compileValue(e, scope);
      if (v.type !== 'boolean') {
        scope.fail(`Field ${e.name} is not a boolean (${describeType(v)}): compare it with a value`, e);
      }
      return safe(v.sql);
    }
    default: {
      const v = compileValue(e, scope);
      if (v.type !== 'boolean') {
        scope.fail(`Expected a condition, got ${scope.source.slice(e.from, e.to)} (${describeType(v)})`, e);
      }
      return safe(v.sql, v.aggregate);
    }
  }
}

// ---- Comparisons ----------------------------------------------------------------------------------

const SQL_OPS: Record<CompareOp, string> = {
  '=': '=',
  ':': '=',
  '!=': '<>',
  '<': '<',
  '>': '>',
  '<=': '<=',
  '>=': '>=',
};

function compileCompare(op: CompareOp, leftNode: Expr, rightNode: Expr, span: Span, scope: Scope): Condition {
  let left = compileValue(leftNode, scope);
  let right = compileValue(rightNode, scope);
  const aggregate = left.aggregate || right.aggregate;
  // A comparison with null is false, whatever the operator.
  if (left.type === 'null' || right.type === 'null') return { sql: 'false', aggregate };
  if (right.multivalued && !left.multivalued) {
    [left, right] = [right, left];
    [leftNode, rightNode] = [rightNode, leftNode];
    op = flip(op);
  }
  const [l, r] = comparable(left, right, leftNode, rightNode, scope);
  const sqlOp = SQL_OPS[op];
  if (left.multivalued) {
    if (right.multivalued) scope.fail('Two multivalued fields cannot be compared', span);
    if (sqlOp === '=') return safe(`list_contains(${l}, ${r})`, aggregate);
    if (sqlOp === '<>') return safe(`(NOT list_contains(${l}, ${r}))`, aggregate);
    return safe(`list_bool_or(list_transform(${l}, v -> v ${sqlOp} ${r}))`, aggregate);
  }
  return safe(`(${l} ${sqlOp} ${r})`, aggregate);
}

function flip(op: CompareOp): CompareOp {
  switch (op) {
    case '<':
      return '>';
    case '>':
      return '<';
    case '<=':
      return '>=';
    case '>=':
      return '<=';
    default:
      return op;
  }
}

/** Brings two values to one comparable SQL domain, converting literals, or fails with a type mismatch. */
export function comparable(
  left: Sql,
  right: Sql,
  leftNode: Expr,
  rightNode: Expr,
  scope: Scope,
): [string, string] {
  const l = coerceLiteral(left, right, leftNode, rightNode, scope);
  const r = coerceLiteral(right, l, rightNode, leftNode, scope);
  if (isTemporal(l.type) && isTemporal(r.type)) {
    // DATE values have no time zone: compare wall clocks when one side is a DATE, instants otherwise.
    const local = (l.type === 'date' && !l.literal) || (r.type === 'date' && !r.literal);
    return [temporal(l, local, scope), temporal(r, local, scope)];
  }
  const compatible =
    (isNumeric(l.type) && isNumeric(r.type)) ||
    (l.type === r.type && (l.type === 'text' || l.type === 'boolean'));
  if (!compatible) {
    if (isGeo(l.type) || isGeo(r.type)) {
      scope.fail(
        'Geo values cannot be compared: use within_distance, in_bbox, intersects, within or disjoint',
        leftNode,
      );
    }
    scope.fail(
      `Type mismatch: ${describeExpr(scope, l, leftNode)} (${describeType(l)}) cannot be compared with ${describeExpr(scope, r, rightNode)} (${describeType(r)})`,
      { from: leftNode.from, to: rightNode.to },
    );
  }
  return [l.sql, r.sql];
}

function temporal(s: Sql, local: boolean, scope: Scope): string {
  if (s.literal && (s.literal.kind === 'date' || s.literal.kind === 'string')) {
    const lit = { value: s.literal.value, from: s.literal.from, to: s.literal.to };
    return local ? wallClockOfDateLiteral(lit, scope) : instantOfDateLiteral(lit, scope);
  }
  if (s.type === 'date') {
    const ts = `CAST(${s.sql} AS TIMESTAMP)`;
    return local ? ts : fromWallClock(ts, scope.params.zone());
  }
  return local ? wallClock(s.sql, scope.params.zone()) : s.sql;
}

function compileInList(e: Extract<Expr, { kind: 'in_list' }>, scope: Scope): Condition {
  const operand = compileValue(e.operand, scope);
  const values: string[] = [];
  let operandSql = operand.sql;
  for (const node of e.values) {
    const v = compileValue(node, scope);
    if (v.type === 'null') continue;
    const [l, r] = comparable({ ...operand, multivalued: false }, v, e.operand, node, scope);
    operandSql = l;
    values.push(r);
  }
  if (values.length === 0) return { sql: 'false', aggregate: operand.aggregate };
  if (operand.multivalued)
    return safe(`list_has_any(${operand.sql}, [${values.join(', ')}])`, operand.aggregate);
  return safe(`(${operandSql} IN (${values.join(', ')}))`, operand.aggregate);
}

function compileInRange(e: Extract<Expr, { kind: 'in_range' }>, scope: Scope): Condition {
  const operand = compileValue(e.operand, scope);
  if (operand.multivalued) scope.fail('A range cannot apply to a multivalued field', e.operand);
  const [l1, low] = comparable(operand, compileValue(e.low, scope), e.operand, e.low, scope);
  const [l2, high] = comparable(operand, compileValue(e.high, scope), e.operand, e.high, scope);
  return safe(
    `(${l1} ${e.lowInclusive ? '>=' : '>'} ${low} AND ${l2} ${e.highInclusive ? '<=' : '<'} ${high})`,
    operand.aggregate,
  );
}

// ---- Text search ----------------------------------------------------------------------------------

interface Term {
  readonly token: string;
  readonly prefix: boolean;
}

/** Search terms of a text: normalised tokens, a trailing `*` making the token a prefix. */
export function searchTerms(text: string): Term[] {
  const terms: Term[] = [];
  for (const chunk of text.split(/\s+/)) {
    const prefix = /\*$/.test(chunk);
    const tokens = normalizeSearchText(chunk.replace(/\*+$/, ''))
      .split(' ')
      .filter((t) => t.length > 0);
    tokens.forEach((token, i) => {
      terms.push({ token, prefix: prefix && i === tokens.length - 1 });
    });
  }
  return terms;
}

type MatchMode = 'exact' | 'prefix' | 'search';

/**
 * All terms must match tokens of `tokens` (SQL text of the form ` tok1 tok2 `). `exact`: whole tokens,
 * `*` for a prefix; `prefix`: every term is a prefix; `search`: every term but the last is fuzzy, the
 * last is a prefix.
 */
function matchTerms(tokens: string, text: string, mode: MatchMode, scope: Scope): Condition {
  const terms = searchTerms(text);
  if (terms.length === 0) return { sql: 'true', aggregate: false };
  const parts = terms.map((t, i) => {
    const last = i === terms.length - 1;
    if (mode === 'prefix' || t.prefix || (mode === 'search' && last)) {
      return `contains(${tokens}, ${scope.params.text(` ${t.token}`)})`;
    }
    const exact = `contains(${tokens}, ${scope.params.text(` ${t.token} `)})`;
    const edits = mode === 'search' ? (t.token.length > 5 ? 2 : t.token.length > 2 ? 1 : 0) : 0;
    if (edits === 0) return exact;
    const word = scope.params.text(t.token);
    return `(${exact} OR coalesce(list_bool_or(list_transform(string_split(trim(${tokens}), ' '), w -> levenshtein(w, ${word}) <= ${edits})), false))`;
  });
  return { sql: `(${parts.join(' AND ')})`, aggregate: false };
}

/** Search tokens of text fields (or of every text field, through the search column). */
function tokensOf(fields: readonly Sql[]): string {
  if (fields.length === 0) return quoteIdent(SEARCH_COLUMN);
  const texts = fields.map((f) => (f.multivalued ? listToText(f.sql) : f.sql));
  return searchTokens(texts.length === 1 ? texts[0]! : `concat_ws(' ', ${texts.join(', ')})`);
}

function textFieldArguments(e: Call, args: readonly Expr[], scope: Scope): Sql[] {
  if (args.length === 1 && args[0]!.kind === 'star') return [];
  return args.map((a) => {
    if (a.kind === 'star') scope.fail('* must be the only field of the list', a);
    const v = compileValue(a, scope);
    if (v.type !== 'text')
      scope.fail(
        `Function ${e.name}() searches text fields: ${describeExpr(scope, v, a)} is ${describeType(v)}`,
        a,
      );
    return v;
  });
}

function lastStringArgument(e: Call, scope: Scope): string {
  const last = e.args[e.args.length - 1];
  if (last?.kind !== 'string')
    return scope.fail(`Function ${e.name}() needs a quoted text as its last argument`, last ?? e);
  return last.value;
}

function compileLike(e: Extract<Expr, { kind: 'like' }>, scope: Scope): Condition {
  const v = compileValue(e.operand, scope);
  if (v.type !== 'text')
    scope.fail(`LIKE needs a text, got ${describeExpr(scope, v, e.operand)} (${describeType(v)})`, e.operand);
  return safe(matchTerms(tokensOf([v]), e.pattern.value, 'exact', scope).sql, v.aggregate);
}

// ---- Filter functions -----------------------------------------------------------------------------

function compileFilterCall(e: Call, scope: Scope): Condition {
  const spec = lookupFunction(e.name);
  if (spec && !spec.clauses.includes(scope.clause)) {
    scope.fail(
      `Function ${e.name}() is not allowed in ${scope.clause} (it can be used in: ${spec.clauses.join(', ')})`,
      e,
    );
  }
  switch (e.name) {
    case 'search':
    case 'suggest': {
      if (e.args.length === 0) checkArity(e, scope, 1, Number.POSITIVE_INFINITY);
      const text = lastStringArgument(e, scope);
      const fields = textFieldArguments(e, e.args.slice(0, -1), scope);
      if (e.name === 'search') return safe(matchTerms(tokensOf(fields), text, 'search', scope).sql);
      if (fields.length <= 1) return safe(matchTerms(tokensOf(fields), text, 'prefix', scope).sql);
      // suggest(a, b, "x") is suggest(a, "x") OR suggest(b, "x").
      const each = fields.map((f) => matchTerms(tokensOf([f]), text, 'prefix', scope).sql);
      return safe(`(${each.join(' OR ')})`);
    }
    case 'startswith': {
      checkArity(e, scope, 2, 2);
      const [v] = textFieldArguments(e, e.args.slice(0, 1), scope);
      const prefix = scope.params.text(lastStringArgument(e, scope));
      if (v!.multivalued)
        return safe(`list_bool_or(list_transform(${v!.sql}, x -> starts_with(x, ${prefix})))`);
      return safe(`starts_with(${v!.sql}, ${prefix})`);
    }
    case 'within_distance':
    case 'distance': {
      checkArity(e, scope, 3, 3);
      return withinDistance(e, scope);
    }
    case 'in_bbox':
    case 'bbox': {
      checkArity(e, scope, 5, 5);
      return inBbox(e, scope);
    }
    case 'intersects':
    case 'disjoint':
    case 'within':
      checkArity(e, scope, 2, 2);
      return shapeRelation(e, e.name, scope);
    case 'polygon':
      checkArity(e, scope, 2, 2);
      return shapeRelation(e, 'within', scope);
    case 'geometry': {
      checkArity(e, scope, 2, 3);
      const mode = e.args[2];
      if (!mode) return shapeRelation(e, 'intersects', scope);
      const name = mode.kind === 'field' ? mode.name.toLowerCase() : '';
      if (name !== 'intersects' && name !== 'disjoint' && name !== 'within') {
        return scope.fail('The mode of geometry() is INTERSECTS, DISJOINT or WITHIN', mode);
      }
      return shapeRelation(e, name, scope);
    }
    default: {
      const v = compileValue(e, scope);
      if (v.type !== 'boolean') scope.fail(`Expected a condition, got ${e.name}() (${describeType(v)})`, e);
      return safe(v.sql, v.aggregate);
    }
  }
}

function withinDistance(e: Call, scope: Scope): Condition {
  const geo = geoArgument(e, 0, scope);
  const { lon, lat } = pointOf(e.args[1]!, scope, `${e.name}()`);
  const d = e.args[2]!;
  let metres: number;
  if (d.kind === 'quantity') {
    const factor = DISTANCE_UNITS[d.unit];
    if (factor === undefined)
      scope.fail(`Unknown distance unit ${d.unit} (use mi, yd, ft, m, cm, km or mm)`, d);
    metres = d.value * factor;
  } else {
    metres = numberLiteral(d, scope, 'The distance');
  }
  if (!(metres >= 0)) scope.fail('The distance must be positive', d);
  const pLat = scope.params.double(lat);
  const pLon = scope.params.double(lon);
  const pD = scope.params.double(metres);
  if (geo.type === 'geo_point_2d')
    return safe(`(ods_haversine(${geo.sql}.lat, ${geo.sql}.lon, ${pLat}, ${pLon}) <= ${pD})`);
  return safe(`(ods_shape_distance(${geo.sql}, ${pLat}, ${pLon}) <= ${pD})`);
}

function inBbox(e: Call, scope: Scope): Condition {
  const geo = geoArgument(e, 0, scope);
  const [lat1, lon1, lat2, lon2] = e.args.slice(1).map((a, i) => {
    const n = numberLiteral(a, scope, `Argument ${i + 2} of ${e.name}()`);
    const isLat = i % 2 === 0;
    if (isLat ? Math.abs(n) > 90 : Math.abs(n) > 180) {
      scope.fail(`${isLat ? 'Latitude' : 'Longitude'} out of range: ${n}`, a);
    }
    return n;
  }) as [number, number, number, number];
  const [minLat, maxLat] = [Math.min(lat1, lat2), Math.max(lat1, lat2)];
  const [minLon, maxLon] = [Math.min(lon1, lon2), Math.max(lon1, lon2)];
  const p = scope.params;
  if (geo.type === 'geo_point_2d') {
    return safe(
      `(${geo.sql}.lat BETWEEN ${p.double(minLat)} AND ${p.double(maxLat)} AND ${geo.sql}.lon BETWEEN ${p.double(minLon)} AND ${p.double(maxLon)})`,
    );
  }
  const box = normalizeGeometry({
    type: 'Polygon',
    coordinates: [
      [
        [minLon, minLat],
        [maxLon, minLat],
        [maxLon, maxLat],
        [minLon, maxLat],
        [minLon, minLat],
      ],
    ],
  });
  return safe(
    `ods_shapes_intersect(${geo.sql}, ${shapeFromJson(p.text(JSON.stringify({ geojson: '', ...box })))})`,
  );
}

function shapeRelation(e: Call, relation: 'intersects' | 'disjoint' | 'within', scope: Scope): Condition {
  const geo = geoArgument(e, 0, scope);
  const geometry = parsedGeometry(e.args[1]!, scope);
  const lit = shapeFromJson(
    scope.params.text(JSON.stringify({ geojson: '', ...normalizeGeometry(geometry) })),
  );
  let test: string;
  if (geo.type === 'geo_point_2d') {
    const x = `${geo.sql}.lon`;
    const y = `${geo.sql}.lat`;
    test =
      relation === 'within'
        ? `ods_point_in_areas(${x}, ${y}, (${lit}).areas)`
        : `ods_point_intersects(${x}, ${y}, ${lit})`;
  } else {
    test =
      relation === 'within'
        ? `ods_shape_within(${geo.sql}, ${lit})`
        : `ods_shapes_intersect(${geo.sql}, ${lit})`;
  }
  if (relation === 'disjoint')
    return { sql: `(${geo.sql} IS NOT NULL AND NOT coalesce(${test}, false))`, aggregate: false };
  return safe(test);
}
