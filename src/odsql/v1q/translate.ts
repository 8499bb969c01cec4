import type { CompareOp, Expr, FieldRef, NamedArg, StringLit } from '../ast';
import { technicalField } from '../compile/storage';
import { type DatasetSchema, type FieldSchema, findField } from '../schema';
import { daysInMonth } from '../time/calendar';
import { parseDateLiteral } from '../time/date-literal';
import type { FieldOp, Pos, Query, RangeBound, Value } from './tree';
import { V1QueryError } from './tree';

/*
 * A v1 query as an ODSQL condition, against a dataset schema: field names are checked here, and every
 * value becomes an ODSQL literal, which the compiler binds as a parameter. Where v1 depends on the field
 * type, so does the translation:
 * - text: `f:v` is a normalised whole-word match (LIKE), `f=v` and `f==v` exact equality;
 * - int and double: the value must be a number;
 * - date and datetime: `f:2014` (also `f:2014/07`, `f:2014/07/02`) is that whole period, and the
 *   comparisons read a period as its bounds (`f<=2014` keeps all of 2014, `f>2014` starts in 2015);
 * - words search every text field as prefixes (ODSQL `search()`), phrases match their words whole.
 */

const AT = { from: 0, to: 0 } as const;

const field = (name: string): FieldRef => ({ kind: 'field', name, quoted: true, ...AT });
const str = (value: string): StringLit => ({ kind: 'string', value, ...AT });
const call = (name: string, args: readonly Expr[]): Expr => ({
  kind: 'call',
  name,
  written: name,
  args,
  distinct: false,
  ...AT,
});
const compare = (op: CompareOp, left: Expr, right: Expr): Expr => ({
  kind: 'compare',
  op,
  left,
  right,
  ...AT,
});
const and = (left: Expr, right: Expr): Expr => ({ kind: 'logical', op: 'and', left, right, ...AT });

/** A number as ODSQL writes it: digits, a decimal point, never an exponent. */
export function numberText(n: number): string {
  const s = String(Math.abs(n));
  if (!/e/i.test(s)) return s;
  return Math.abs(n)
    .toFixed(12)
    .replace(/\.?0+$/, '');
}

function numberLit(n: number): Expr {
  const raw = numberText(n);
  const lit: Expr = { kind: 'number', value: Math.abs(n), raw, ...AT };
  return n < 0 ? { kind: 'negate', operand: lit, ...AT } : lit;
}

const NUMBER = /^[+-]?\d+(?:\.\d+)?$/;
const WEEKDAY_COUNTS = ['mondays', 'tuesdays', 'wednesdays', 'thursdays', 'fridays', 'saturdays', 'sundays'];

export class Translator {
  constructor(private readonly schema: DatasetSchema) {}

  translate(q: Query): Expr {
    switch (q.kind) {
      case 'and':
      case 'or':
        return {
          kind: 'logical',
          op: q.kind,
          left: this.translate(q.left),
          right: this.translate(q.right),
          ...AT,
        };
      case 'not':
        return { kind: 'not', operand: this.translate(q.operand), ...AT };
      case 'word':
        return call('search', [str(q.text)]);
      case 'phrase':
        return { kind: 'fulltext', text: q.text, ...AT };
      case 'field':
        return this.fieldQuery(q.field, q.op, q.value, q);
      case 'exact':
        return this.fieldQuery(q.field, '==', q.value, q);
      case 'range':
        return this.range(q.field, q.low, q.high, q);
      case 'null':
        return { kind: 'is_null', operand: field(this.field(q.field, q).name), negated: false, ...AT };
      case 'startswith':
        return call('startswith', [field(this.textField(q.field, q, '#startswith()').name), str(q.text)]);
      case 'search': {
        const fields = q.fields.map((f) => field(this.textField(f, q, '#search()').name));
        return call('search', [
          ...(fields.length > 0 ? fields : [{ kind: 'star', ...AT } as const]),
          str(q.text),
        ]);
      }
      case 'distance':
        return withinDistance(this.geoField(q.field, q).name, q.lat, q.lon, q.metres);
      case 'polygon':
        return withinPolygon(this.geoField(q.field, q).name, q.points);
    }
  }

  // ---- Fields -------------------------------------------------------------------------------------

  private field(name: string, pos: Pos): FieldSchema {
    // The technical fields too (`recordid:…`, which odsMap sends to read the record clicked).
    const f = findField(this.schema, name) ?? technicalField(name);
    if (!f) throw new V1QueryError(`Unknown field: ${name}`, pos);
    if (f.type === 'json') throw new V1QueryError(`Field ${f.name} cannot be queried`, pos);
    return f;
  }

  private textField(name: string, pos: Pos, fn: string): FieldSchema {
    const f = this.field(name, pos);
    if (f.type !== 'text') throw new V1QueryError(`${fn} searches text fields: ${f.name} is ${f.type}`, pos);
    return f;
  }

  private geoField(name: string, pos: Pos): FieldSchema {
    const f = this.field(name, pos);
    if (f.type !== 'geo_point_2d' && f.type !== 'geo_shape')
      throw new V1QueryError(`Field ${f.name} is not a geo field (${f.type})`, pos);
    return f;
  }

  // ---- Field queries ------------------------------------------------------------------------------

  private fieldQuery(name: string, op: FieldOp, value: Value, pos: Pos): Expr {
    const f = this.field(name, pos);
    const ref = field(f.name);
    if (value.kind === 'any') throw new V1QueryError('* is only allowed as a range bound', value);
    switch (f.type) {
      case 'text': {
        const v = this.text(value, f);
        if (op === ':') return { kind: 'like', operand: ref, pattern: str(v), ...AT };
        return compare(sqlOp(op), ref, str(v));
      }
      case 'int':
      case 'double':
        return compare(sqlOp(op), ref, this.number(value, f));
      case 'boolean': {
        const v = this.text(value, f).toLowerCase();
        if (v !== 'true' && v !== 'false')
          throw new V1QueryError(`Field ${f.name} is a boolean: expected true or false`, value);
        if (op !== ':' && op !== '=' && op !== '==')
          throw new V1QueryError(`Field ${f.name} is a boolean: it can only be compared with :`, pos);
        return compare('=', ref, { kind: 'boolean', value: v === 'true', ...AT });
      }
      case 'date':
      case 'datetime':
        return this.dateQuery(ref, op, value);
      default:
        throw new V1QueryError(
          `Field ${f.name} is a geo field: filter it with #distance() or #polygon()`,
          pos,
        );
    }
  }

  private text(value: Value, f: FieldSchema): string {
    if (value.kind !== 'text')
      throw new V1QueryError(`#now() compares with date fields, not ${f.name}`, value);
    return value.text;
  }

  private number(value: Value, f: FieldSchema): Expr {
    const text = this.text(value, f).trim();
    if (!NUMBER.test(text))
      throw new V1QueryError(`Field ${f.name} is numeric: ${text} is not a number`, value);
    return numberLit(Number(text));
  }

  private dateQuery(ref: FieldRef, op: FieldOp, value: Value): Expr {
    if (value.kind === 'now') return compare(sqlOp(op), ref, nowCall(value.args));
    if (value.kind === 'any') throw new V1QueryError('* is only allowed as a range bound', value);
    const period = datePeriod(value);
    if (!period.end) return compare(sqlOp(op), ref, period.start);
    switch (op) {
      case '>=':
        return compare('>=', ref, period.start);
      case '<':
        return compare('<', ref, period.start);
      case '>':
        return compare('>=', ref, period.end);
      case '<=':
        return compare('<', ref, period.end);
      default:
        return and(compare('>=', ref, period.start), compare('<', ref, period.end));
    }
  }

  private range(name: string, low: RangeBound, high: RangeBound, pos: Pos): Expr {
    const f = this.field(name, pos);
    const ref = field(f.name);
    const temporal = f.type === 'date' || f.type === 'datetime';
    const side = (b: RangeBound, lowSide: boolean): Expr | undefined => {
      if (b.value.kind === 'any') return undefined;
      if (temporal && b.value.kind === 'text') {
        // A period bound: an inclusive low bound starts with the period, an exclusive one after it; an
        // inclusive high bound ends with the period, an exclusive one before it.
        const p = datePeriod(b.value);
        if (p.end) {
          const at = lowSide === b.inclusive ? p.start : p.end;
          return compare(lowSide ? '>=' : '<', ref, at);
        }
        return compare(boundOp(lowSide, b.inclusive), ref, p.start);
      }
      const v =
        temporal && b.value.kind === 'now'
          ? nowCall(b.value.args)
          : f.type === 'int' || f.type === 'double'
            ? this.number(b.value, f)
            : f.type === 'text'
              ? str(this.text(b.value, f))
              : undefined;
      if (!v) throw new V1QueryError(`Field ${f.name} (${f.type}) cannot be filtered by a range`, pos);
      return compare(boundOp(lowSide, b.inclusive), ref, v);
    };
    const lowSide = side(low, true);
    const highSide = side(high, false);
    if (lowSide && highSide) return and(lowSide, highSide);
    return lowSide ?? highSide ?? { kind: 'is_null', operand: ref, negated: true, ...AT };
  }
}

function sqlOp(op: FieldOp): CompareOp {
  return op === ':' || op === '==' ? '=' : op;
}

function boundOp(low: boolean, inclusive: boolean): CompareOp {
  if (low) return inclusive ? '>=' : '>';
  return inclusive ? '<=' : '<';
}

/**
 * A date value: a period (`2014`, `2014/07`, `2014/07/02`, also with `-`) gives its first instant and
 * the first one after it; a time (`2014-07-02T10:00:00`) gives an instant only.
 */
function datePeriod(value: Extract<Value, { kind: 'text' }>): { start: Expr; end?: Expr } {
  const text = value.text.trim();
  const parsed = parseDateLiteral(text);
  if (!parsed.ok) {
    throw new V1QueryError(
      `${text} is not a date (YYYY, YYYY/MM, YYYY/MM/DD or ISO 8601 such as 2014-07-02T10:00:00)`,
      value,
    );
  }
  const d = parsed.value;
  const lit = (body: string): Expr => ({ kind: 'date', value: body, ...AT });
  if (d.kind === 'instant' || (d.precision !== 'year' && d.precision !== 'month' && d.precision !== 'day')) {
    return { start: lit(text) };
  }
  const y = d.year;
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  const day = (yy: number, mm: number, dd: number): string => `${pad(yy, 4)}-${pad(mm)}-${pad(dd)}`;
  if (d.precision === 'year') return { start: lit(day(y, 1, 1)), end: lit(day(y + 1, 1, 1)) };
  if (d.precision === 'month') {
    const next = d.month === 12 ? day(y + 1, 1, 1) : day(y, d.month + 1, 1);
    return { start: lit(day(y, d.month, 1)), end: lit(next) };
  }
  const next =
    d.day < daysInMonth(y, d.month)
      ? day(y, d.month, d.day + 1)
      : d.month < 12
        ? day(y, d.month + 1, 1)
        : day(y + 1, 1, 1);
  return { start: lit(day(y, d.month, d.day)), end: lit(next) };
}

/** `#now(years=-1, weekday=MO(2))` as ODSQL `now(years=-1, mondays=2)`. */
function nowCall(args: Extract<Value, { kind: 'now' }>['args']): Expr {
  const named = args.map((a): NamedArg => {
    if (a.weekday !== undefined && a.name !== 'weekday')
      throw new V1QueryError(`#now(): only weekday takes a day such as MO(1), not ${a.name}`, a);
    const name = a.weekday !== undefined ? WEEKDAY_COUNTS[a.weekday]! : a.name;
    return { kind: 'named', name, value: numberLit(a.value), ...AT };
  });
  return call('now', named);
}

/** A circle: the points of `field` within `metres` of (lat, lon). */
export function withinDistance(fieldName: string, lat: number, lon: number, metres: number): Expr {
  return call('within_distance', [
    field(fieldName),
    { kind: 'geom', value: `POINT(${coordinate(lon)} ${coordinate(lat)})`, ...AT },
    { kind: 'quantity', value: metres, raw: numberText(metres), unit: 'm', ...AT },
  ]);
}

/** The records of `field` inside a polygon given as [lat, lon] points (closed if it is not). */
export function withinPolygon(fieldName: string, points: readonly (readonly [number, number])[]): Expr {
  const ring = [...points];
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push(first);
  const wkt = `POLYGON((${ring.map(([lat, lon]) => `${coordinate(lon)} ${coordinate(lat)}`).join(', ')}))`;
  return call('polygon', [field(fieldName), { kind: 'geom', value: wkt, ...AT }]);
}

function coordinate(n: number): string {
  return `${n < 0 ? '-' : ''}${numberText(n)}`;
}
