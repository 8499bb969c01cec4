/*
 * The words of the language that are not functions: units, reserved words and keywords. Function
 * names live in the function catalogue (functions.ts).
 */

/** Units of `within_distance`, in metres. */
export { DISTANCE_UNITS } from './geo/distance';

/** Units of date ranges. They are case-sensitive: `m` is a minute, `M` a month. */
export const INTERVAL_UNITS: Readonly<Record<string, IntervalUnit>> = {
  ms: 'millisecond',
  millisecond: 'millisecond',
  milliseconds: 'millisecond',
  s: 'second',
  second: 'second',
  seconds: 'second',
  m: 'minute',
  minute: 'minute',
  minutes: 'minute',
  h: 'hour',
  hour: 'hour',
  hours: 'hour',
  d: 'day',
  day: 'day',
  days: 'day',
  w: 'week',
  week: 'week',
  weeks: 'week',
  M: 'month',
  month: 'month',
  months: 'month',
  q: 'quarter',
  quarter: 'quarter',
  quarters: 'quarter',
  y: 'year',
  year: 'year',
  years: 'year',
};
export type IntervalUnit =
  | 'millisecond'
  | 'second'
  | 'minute'
  | 'hour'
  | 'day'
  | 'week'
  | 'month'
  | 'quarter'
  | 'year';

/**
 * Words that cannot name a field without back-quotes, because they are operators or literals. The
 * function names of the reserved list (`year`, `count`, …) may still name a field when no `(` follows.
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'and',
  'or',
  'not',
  'as',
  'asc',
  'desc',
  'by',
  'distinct',
  'false',
  'true',
  'null',
  'in',
  'is',
  'like',
  'to',
  'group',
  'select',
  'where',
  'limit',
  'top',
]);

/** The reserved keywords of the v2.1 reference, for highlighting and for back-quoting when printing. */
export const KEYWORDS: readonly string[] = [
  'and',
  'as',
  'asc',
  'avg',
  'by',
  'count',
  'date_format',
  'day',
  'dayofweek',
  'desc',
  'distinct',
  'equi',
  'false',
  'group',
  'hour',
  'ifnull',
  'or',
  'limit',
  'lower',
  'max',
  'millisecond',
  'min',
  'minute',
  'month',
  'not',
  'null',
  'quarter',
  'range',
  'search',
  'second',
  'select',
  'sum',
  'top',
  'true',
  'upper',
  'where',
  'year',
  'in',
  'is',
  'like',
  'to',
];
