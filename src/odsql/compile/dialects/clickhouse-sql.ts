/*
 * Small SQL forms the ClickHouse dialect's modules share (18.16: no WITH inside an expression, `%` typed
 * by its divisor, no JSON writer).
 */

/**
 * `body` with `name` bound to `value`, computed once: 18.16 has no WITH inside an expression, and
 * writing a value out at each use made the civil date of an instant too big a query ("AST is too big").
 * Names start with two underscores, like the technical columns, so no field column can shadow them.
 */
export const bound = (value: string, name: string, body: string): string =>
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

const HEX = '0123456789abcdef';

/**
 * Text between single quotes that ClickHouse reads back as exactly `text`: backslash and quote are
 * backslash-escaped, control characters (NUL included) and DEL become `\xHH`; everything else is
 * written as UTF-8 (the engine refuses a lone surrogate before, engine/clickhouse/literal.ts).
 */
export function quoteText(text: string): string {
  let out = "'";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\' || ch === "'") out += `\\${ch}`;
    else if (code < 0x20 || code === 0x7f) out += `\\x${HEX[code >> 4]}${HEX[code & 15]}`;
    else out += ch;
  }
  return `${out}'`;
}

/**
 * The ClickHouse dialect's one way of quoting an identifier (compiled queries and the engine's own
 * statements alike): between double quotes, backslash and quote backslash-escaped, control characters
 * (NUL included) and DEL as `\xHH`, so that any name reads back as itself. Call it only with names
 * checked against a schema or built by our code.
 */
export function quoteIdentifier(name: string): string {
  let out = '"';
  for (const ch of name) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\' || ch === '"') out += `\\${ch}`;
    else if (code < 0x20 || code === 0x7f) out += `\\x${HEX[code >> 4]}${HEX[code & 15]}`;
    else out += ch;
  }
  return `${out}"`;
}

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
  `if(isFinite(${x}), ${bound(`toString(${x})`, '__dbl', `if(match(__dbl, '^-?[0-9]+$'), concat(__dbl, '.0'), __dbl)`)}, NULL)`;
