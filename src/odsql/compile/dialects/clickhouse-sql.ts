/*
 * Small SQL forms the ClickHouse dialect's modules share (18.16: no WITH inside an expression, `%` typed
 * by its divisor, no JSON writer).
 */

/** A short name of a text (two FNV-1a hashes): the same text, the same name. */
function textHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  // Fixed width: no name is the start of another.
  return (a >>> 0).toString(36).padStart(7, '0') + (b >>> 0).toString(36).padStart(7, '0');
}

/**
 * `body` of a name for `value`, computed once per row: 18.16 has no WITH inside an expression, and
 * writing a value out at each use made the civil date of an instant too big a query ("AST is too big").
 * The name is an alias, `(value AS name)`, which ClickHouse computes once and reads wherever the query
 * level names it (an array of one element mapped, the form before, cost an array per row and step: the
 * month of 3M instants took 700 ms instead of 10). The alias is made of `name` and a hash of the value,
 * so that two different values never share one (ClickHouse refuses two expressions of one alias) and
 * the same value anywhere in the query shares the same. It is defined in a tuple beside the body, not at
 * its first use in the body: an alias defined twice must be written the same both times, and its
 * first use differs between bodies. Names start with two underscores, like the technical columns, so
 * no field column can shadow them. Not inside a lambda over its parameters (the alias would leave the
 * lambda): those use boundInLambda.
 */
export function bound(value: string, name: string, body: (ref: string) => string): string {
  const ref = `${name}_${textHash(value)}`;
  return `tupleElement(tuple((${value}) AS ${ref}, ${body(ref)}), 2)`;
}

/**
 * `body` with `name` bound to `value` inside a lambda whose parameters `value` reads: an array of one
 * element mapped, slower than an alias (an array per row) but local to the lambda.
 */
export const boundInLambda = (value: string, name: string, body: string): string =>
  `arrayElement(arrayMap(${name} -> ${body}, [${value}]), 1)`;

/** `floor(x / k)` of integers for k > 0 (intDiv rounds toward zero). */
export const floorDiv = (x: string, k: number | string): string =>
  `intDiv(${x} - if(${x} < 0, ${k} - 1, 0), ${k})`;

/**
 * `x mod k` in 0…k-1 for k > 0 (18.16's `%` takes the divisor's type: an Int64 modulo 60000 overflowed
 * Int16).
 */
export const mod = (x: string, k: number | string): string => `(${x} - ${floorDiv(x, k)} * ${k})`;

/** `n` zero-padded to `width` digits; wider numbers are written whole (printf's `%0Nd`). */
export const padded = (n: string, width: number): string =>
  `if(${n} >= ${10 ** width}, toString(${n}), substring(toString(${10 ** width} + ${n}), 2))`;

/** A JSON string of a text expression that may be null. */
export const quoted = (text: string): string => `if(isNull(${text}), NULL, concat('"', ${text}, '"'))`;

/**
 * JSON string text of a String expression that is not null: backslash and quote escaped, control
 * characters as `\u00XX`, as JSON requires. 18.16 has no JSON writer function.
 */
export function jsonText(x: string): string {
  let escaped = `replaceAll(replaceAll(${x}, '\\\\', '\\\\\\\\'), '"', '\\\\"')`;
  for (let code = 0; code < 0x20; code++) {
    const hex = code.toString(16).padStart(2, '0');
    escaped = `replaceAll(${escaped}, '\\x${hex}', '\\\\u00${hex}')`;
  }
  return `concat('"', ${escaped}, '"')`;
}

/**
 * JSON text of a finite double as DuckDB writes it (null for NaN and infinities, which JSON has not):
 * 18.16's `toString` gives the same shortest digits but no decimal point in whole numbers (`126`, not
 * `126.0`); with it, a value has one text on both engines, which CSV cells copy.
 */
export const jsonDouble = (x: string): string =>
  `if(isFinite(${x}), ${bound(`toString(${x})`, '__dbl', (d) => `if(match(${d}, '^-?[0-9]+$'), concat(${d}, '.0'), ${d})`)}, NULL)`;
