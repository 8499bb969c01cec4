/*
 * The one way values reach ClickHouse SQL. ClickHouse 18.16 has no server-side query parameters (they
 * arrived in 19.x), so every value is written into the SQL text by `chLiteral`, typed by the caller:
 * the type decides the literal's form (a typed constructor, never a bare number whose ClickHouse type
 * would depend on its magnitude), and the escaping below makes any string read back as itself.
 * Identifiers go through `quoteIdentifier`, after the caller has found them in the dataset's schema.
 */

import { clickhouseDialect } from '../../../odsql';

/** ClickHouse types a literal can have. `DateTime` carries the time zone its value is shown in. */
export type ChType =
  | { readonly kind: 'String' }
  | { readonly kind: 'Int64' }
  /** A number of rows (LIMIT, OFFSET): written as plain digits, which is all 18.16 takes there. */
  | { readonly kind: 'UInt64' }
  | { readonly kind: 'Float64' }
  | { readonly kind: 'Bool' }
  | { readonly kind: 'Date' }
  | { readonly kind: 'DateTime'; readonly timeZone: string }
  | { readonly kind: 'Array'; readonly of: ChType };

/**
 * A value of a `ChType`: text, a number, a boolean, a date as `YYYY-MM-DD`, an instant as epoch
 * milliseconds (whole seconds: DateTime of 18.16 has no fractions), a list, or null.
 */
export type ChValue = string | number | boolean | null | readonly ChValue[];

export const CH = {
  string: { kind: 'String' },
  int64: { kind: 'Int64' },
  uint64: { kind: 'UInt64' },
  float64: { kind: 'Float64' },
  bool: { kind: 'Bool' },
  date: { kind: 'Date' },
  dateTime: (timeZone: string): ChType => ({ kind: 'DateTime', timeZone }),
  array: (of: ChType): ChType => ({ kind: 'Array', of }),
} as const satisfies Record<string, ChType | ((arg: never) => ChType)>;

/** A value that cannot be written as a literal of its type: the request is wrong, not the server. */
export class LiteralError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LiteralError';
  }
}

/** With the `u` flag a surrogate pair is one code point, so this matches only unpaired halves. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Text between single quotes that ClickHouse reads back as exactly `text`, as the dialect writes it
 * (its `textLiteral`). A lone surrogate has no UTF-8 form and is refused rather than silently replaced.
 */
export function quoteString(text: string): string {
  if (LONE_SURROGATE.test(text))
    throw new LiteralError('Text with a lone surrogate cannot be sent to ClickHouse');
  return clickhouseDialect.textLiteral(text);
}

/**
 * A checked identifier (a column or table name already found in the schema or built by our code),
 * quoted as the dialect quotes it (its one quoting function); names without a UTF-8 form, or empty,
 * are refused like literals.
 */
export function quoteIdentifier(name: string): string {
  if (name === '') throw new LiteralError('An identifier cannot be empty');
  if (LONE_SURROGATE.test(name))
    throw new LiteralError('Text with a lone surrogate cannot be sent to ClickHouse');
  return clickhouseDialect.quoteIdent(name);
}

/** IANA names only (letters, digits, `/`, `_`, `+`, `-`): a time zone is written as a string literal too. */
const TIME_ZONE = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** 18.16's Date and DateTime start at the Unix epoch; DateTime ends in 2106 (UInt32 seconds). */
const MIN_DATE = '1970-01-01';
const MAX_DATE = '2105-12-31';
/*
 * 18.16 computes wall clocks from a table of local days that starts on 1970-01-01 in the zone: an
 * instant whose local time falls before it (1970-01-01T01:00Z in New York) shows the wrong wall clock
 * (fuzzing found it). A day of margin at both ends keeps every zone right.
 */
const MIN_DATETIME_SECONDS = 86_400;
const MAX_DATETIME_SECONDS = 4_294_967_295 - 86_400;

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new LiteralError(`Not a finite number: ${value}`);
  // String() gives the shortest text that reads back as the same double (`1e-7`, `1.5e+300`).
  return Object.is(value, -0) ? '0' : String(value);
}

/** Smallest normal double: below it (subnormals) 18.16's parser refuses the literal as out of range. */
const MIN_NORMAL = 2.2250738585072014e-308;

/** A Float64 literal; subnormal values are written as their eight bytes, which read back exactly. */
function floatLiteral(n: number): string {
  const text = numberText(n);
  if (n === 0 || Math.abs(n) >= MIN_NORMAL) return `toFloat64(${text})`;
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleLE(n);
  return `reinterpretAsFloat64(unhex('${bytes.toString('hex')}'))`;
}

function expect<T>(ok: boolean, value: T, type: string): T {
  if (!ok) throw new LiteralError(`Not a ${type}: ${JSON.stringify(value)}`);
  return value;
}

function emptyArray(of: ChType): string {
  switch (of.kind) {
    case 'String':
      return 'emptyArrayString()';
    case 'Int64':
      return 'emptyArrayInt64()';
    case 'UInt64':
      return 'emptyArrayUInt64()';
    case 'Float64':
      return 'emptyArrayFloat64()';
    case 'Bool':
      return 'emptyArrayUInt8()';
    case 'Date':
      return 'emptyArrayDate()';
    case 'DateTime':
      return 'emptyArrayDateTime()';
    case 'Array':
      return `CAST([], ${quoteString(typeName({ kind: 'Array', of }))})`;
  }
}

/** The ClickHouse name of a type (for CAST and column definitions). */
export function typeName(type: ChType): string {
  switch (type.kind) {
    case 'Bool':
      return 'UInt8';
    case 'DateTime':
      return `DateTime(${quoteString(checkTimeZone(type.timeZone))})`;
    case 'Array':
      return `Array(${typeName(type.of)})`;
    default:
      return type.kind;
  }
}

function checkTimeZone(timeZone: string): string {
  if (!TIME_ZONE.test(timeZone)) throw new LiteralError(`Not a time zone name: ${JSON.stringify(timeZone)}`);
  return timeZone;
}

/**
 * The SQL literal of `value` as a ClickHouse value of `type`. Null is a typed null (`Nullable(T)`), so
 * that `if`, `coalesce` and comparisons see the right type; arrays cannot be null in 18.16.
 */
export function chLiteral(value: ChValue, type: ChType): string {
  if (value === null) {
    if (type.kind === 'Array') throw new LiteralError('An array cannot be null');
    return `CAST(NULL, ${quoteString(`Nullable(${typeName(type)})`)})`;
  }
  switch (type.kind) {
    case 'String':
      return quoteString(expect(typeof value === 'string', value, 'string') as string);
    case 'Int64': {
      const n = expect(
        typeof value === 'number' && Number.isSafeInteger(value),
        value,
        'safe integer',
      ) as number;
      return `toInt64(${numberText(n)})`;
    }
    case 'UInt64': {
      const n = expect(
        typeof value === 'number' && Number.isSafeInteger(value) && value >= 0,
        value,
        'non-negative safe integer',
      ) as number;
      return numberText(n);
    }
    case 'Float64': {
      const n = expect(typeof value === 'number', value, 'number') as number;
      return floatLiteral(n);
    }
    case 'Bool':
      return (expect(typeof value === 'boolean', value, 'boolean') as boolean) ? 'toUInt8(1)' : 'toUInt8(0)';
    case 'Date': {
      const text = expect(
        typeof value === 'string' && DATE.test(value),
        value,
        'date (YYYY-MM-DD)',
      ) as string;
      const parsed = new Date(`${text}T00:00:00Z`);
      if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text)
        throw new LiteralError(`Not a calendar date: ${text}`);
      if (text < MIN_DATE || text > MAX_DATE)
        throw new LiteralError(`Date outside ClickHouse's range (${MIN_DATE} to ${MAX_DATE}): ${text}`);
      return `toDate(${quoteString(text)})`;
    }
    case 'DateTime': {
      const ms = expect(
        typeof value === 'number' && Number.isSafeInteger(value),
        value,
        'instant (epoch ms)',
      ) as number;
      if (ms % 1000 !== 0) throw new LiteralError(`ClickHouse 18.16 DateTime has whole seconds only: ${ms}`);
      const seconds = ms / 1000;
      if (seconds < MIN_DATETIME_SECONDS || seconds > MAX_DATETIME_SECONDS)
        throw new LiteralError(`Instant outside ClickHouse's DateTime range: ${ms}`);
      return `toDateTime(toUInt32(${seconds}), ${quoteString(checkTimeZone(type.timeZone))})`;
    }
    case 'Array': {
      const list = expect(Array.isArray(value), value, 'list') as readonly ChValue[];
      if (list.length === 0) return emptyArray(type.of);
      return `[${list.map((item) => chLiteral(item, type.of)).join(', ')}]`;
    }
  }
}
