import type { ApiVersion } from '../../api/version';
import type { Call, Expr, Span } from '../ast';
import {
  type Clause,
  type Diagnostic,
  type DiagnosticCode,
  type DiagnosticMessage,
  type DiagnosticParams,
  semanticError,
} from '../errors';
import type { ValueType } from '../functions';
import { type DatasetSchema, type FieldSchema, findField } from '../schema';
import type { Lang } from '../time/date-format';
import type { Dialect, ParamType } from './dialect';
import type { SqlParam } from './sql';
import { technicalField } from './storage';

/** Interface version (one spelling, in src/api): it changes value shapes (year() is text in v2.0) and the null group. */
export type { ApiVersion };

export interface CompileOptions {
  readonly version: ApiVersion;
  /** IANA time zone of the request, already validated. */
  readonly timezone: string;
  readonly lang: Lang;
  /** The instant `now()` refers to, in epoch milliseconds. */
  readonly now: number;
  /** The SQL engine's dialect, chosen by the server (dialects/duckdb.ts for DuckDB). */
  readonly dialect: Dialect;
  /**
   * How `order_by` sorts text: by code (the default, the order `<` and `>` compare in, so that a client
   * can continue after a row's sort key), or in reading order (case and accents folded: the catalog's
   * titles, which people scan, and nobody pages through by key).
   */
  readonly textOrder?: 'code' | 'reading';
}

/** Thrown inside the compiler to unwind; never escapes the entry points. */
export class CompileFailure {
  constructor(readonly diagnostic: Diagnostic) {}
}

/**
 * A compiled expression: SQL of the dialect plus what the checker knows of it. `aggregate` tells whether it
 * holds an aggregate function, which decides where it may appear.
 */
export interface Sql {
  readonly sql: string;
  readonly type: ValueType;
  readonly aggregate: boolean;
  /** A multivalued text field: SQL is a VARCHAR[]. */
  readonly multivalued?: boolean;
  /** The expression is a literal; comparisons may convert it to the other side's type. */
  readonly literal?: Expr;
  /** year(), month()…: integers in v2.1, text in v2.0. */
  readonly temporalPart?: boolean;
  /** The smallest and largest value, when known (a field's, kept by min() and max()). */
  readonly range?: { readonly min: number; readonly max: number };
  /** The field it reads directly, if it is a plain field reference. */
  readonly field?: FieldSchema;
  /** The SQL yields raw JSON that JavaScript turns into the final value (envelope, bbox). */
  readonly post?: PostProcess;
}

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

/**
 * The expression compilers, reached through the scope. Values hold conditions and aggregations, which
 * hold values again: passing the compilers along (see expressions.ts) keeps the modules free of import
 * cycles.
 */
export interface ExpressionCompilers {
  value(e: Expr, scope: Scope): Sql;
  condition(e: Expr, scope: Scope): Condition;
  aggregate(e: Call, scope: Scope): Sql;
}

/** Values finished in JavaScript: a convex hull or a bounding box built from SQL aggregates. */
export type PostProcess = 'envelope' | 'bbox';

/** Parameters of one whole query, shared by all its clauses. */
export class ParamList {
  readonly values: SqlParam[] = [];
  /** Text computed for each record is matched (see QueryReads.matchesText). */
  matchesText = false;
  private tzIndex = 0;

  constructor(readonly options: CompileOptions) {}

  get dialect(): Dialect {
    return this.options.dialect;
  }

  bind(value: SqlParam, type: ParamType): string {
    this.values.push(value);
    return this.dialect.param(this.values.length, type);
  }

  text(value: string): string {
    return this.bind(value, 'text');
  }

  number(value: number): string {
    return this.bind(value, Number.isSafeInteger(value) ? 'int' : 'double');
  }

  /** A number of rows (LIMIT, OFFSET): some engines take only a plain number there. */
  count(value: number): string {
    return this.bind(value, 'count');
  }

  double(value: number): string {
    return this.bind(value, 'double');
  }

  boolean(value: boolean): string {
    return this.bind(value, 'boolean');
  }

  textList(values: readonly string[]): string {
    return this.bind(values, 'textList');
  }

  doubleList(values: readonly number[]): string {
    return this.bind(values, 'doubleList');
  }

  /** The request time zone as SQL, or null for UTC (no conversion needed). */
  zone(): string | null {
    return isUtc(this.options.timezone) ? null : this.timezone();
  }

  timezoneName(): string {
    return this.options.timezone;
  }

  /** The request time zone, bound once per query. */
  timezone(): string {
    if (this.tzIndex === 0) {
      this.values.push(this.options.timezone);
      this.tzIndex = this.values.length;
    }
    return this.dialect.param(this.tzIndex, 'text');
  }
}

/** Where an expression is being compiled: which clause, its text, the schema and the parameters. */
export class Scope {
  constructor(
    readonly schema: DatasetSchema,
    readonly params: ParamList,
    readonly clause: Clause,
    readonly source: string,
    readonly compilers: ExpressionCompilers,
    /** Inside an aggregate's argument: another aggregate is refused. */
    readonly inAggregate = false,
  ) {}

  get options(): CompileOptions {
    return this.params.options;
  }

  get dialect(): Dialect {
    return this.params.options.dialect;
  }

  withAggregate(): Scope {
    return new Scope(this.schema, this.params, this.clause, this.source, this.compilers, true);
  }

  fail<C extends DiagnosticCode>(code: C, params: DiagnosticParams<C>, span: Span): never {
    const message = { code, params } as DiagnosticMessage;
    throw new CompileFailure({ ...semanticError(message, span, this.source), clause: this.clause });
  }

  field(name: string, span: Span): FieldSchema {
    const f = findField(this.schema, name) ?? technicalField(name);
    if (!f) this.fail('unknownField', { name }, span);
    return f;
  }
}

const UTC_NAMES: ReadonlySet<string> = new Set(
  ['UTC', 'UCT', 'GMT', 'GMT0', 'Zulu', 'Universal', 'Greenwich']
    .flatMap((n) => [n, `Etc/${n}`])
    .concat(['Etc/GMT+0', 'Etc/GMT-0']),
);

export function isUtc(tz: string): boolean {
  return UTC_NAMES.has(tz);
}

export function isNumeric(t: ValueType): boolean {
  return t === 'int' || t === 'double';
}

export function isTemporal(t: ValueType): boolean {
  return t === 'date' || t === 'datetime';
}

export function isGeo(t: ValueType): boolean {
  return t === 'geo_point_2d' || t === 'geo_shape';
}

/** Fails unless the call has between `min` and `max` arguments. */
export function checkArity(e: Call, scope: Scope, min: number, max: number): void {
  const n = e.args.length;
  if (n >= min && n <= max) return;
  const unbounded = max === Number.POSITIVE_INFINITY;
  const plural = (unbounded ? min : max) === 1 ? '' : 's';
  if (min === max) scope.fail('argumentCount', { name: e.name, expected: min, plural, given: n }, e);
  if (unbounded) scope.fail('argumentCountAtLeast', { name: e.name, min, plural, given: n }, e);
  scope.fail('argumentCountBetween', { name: e.name, min, max, plural, given: n }, e);
}

/** How a type is named in messages. */
export function describeType(s: Sql): string {
  if (s.multivalued) return 'multivalued text';
  return s.type;
}

/** How an expression is named in messages: the field name, or the expression text. */
export function describeExpr(scope: Scope, s: Sql, span: Span): string {
  return s.field ? s.field.name : scope.source.slice(span.from, span.to);
}
