import type { KeyValue, SortKey } from './keyset';

/*
 * A value strictly between two values of a key, for bisecting a sorted list with counts. It need not be
 * a value any record holds; undefined when there is none to try (adjacent integers, days or
 * milliseconds, or strings differing by one character code), and the seek then steps to the next value
 * records hold instead.
 */

const DAY_MS = 86_400_000;

function midInteger(a: number, b: number): number | undefined {
  const m = a + Math.trunc((b - a) / 2);
  return m === a || m === b ? undefined : m;
}

function midDouble(a: number, b: number): number | undefined {
  const m = a / 2 + b / 2;
  return !Number.isFinite(m) || m === a || m === b || (m - a) * (m - b) > 0 ? undefined : m;
}

function midDate(a: string, b: string): string | undefined {
  const days = (text: string): number => Math.round(Date.parse(`${text.slice(0, 10)}T00:00:00Z`) / DAY_MS);
  const [x, y] = [days(a), days(b)];
  if (Number.isNaN(x) || Number.isNaN(y)) return undefined;
  const m = midInteger(x, y);
  return m === undefined ? undefined : new Date(m * DAY_MS).toISOString().slice(0, 10);
}

function midDatetime(a: string, b: string): string | undefined {
  const [x, y] = [Date.parse(a), Date.parse(b)];
  if (Number.isNaN(x) || Number.isNaN(y)) return undefined;
  // Whole milliseconds strictly between the two, whatever finer digits the values have.
  const m = midInteger(x, y);
  return m === undefined ? undefined : new Date(m).toISOString();
}

const SURROGATES = { first: 0xd800, last: 0xdfff };

/** A string strictly between `a < b` in code point order (the order of UTF-8 bytes), if a short one exists. */
export function midText(a: string, b: string): string | undefined {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  if (i >= y.length) return undefined;
  const low = i < x.length ? x[i]! : -1;
  const high = y[i]!;
  if (high - low < 2) return undefined;
  let m = low + Math.floor((high - low) / 2);
  // A lone surrogate is no character: the nearest code point on either side that is still between.
  if (m >= SURROGATES.first && m <= SURROGATES.last)
    m =
      SURROGATES.first - 1 > low
        ? SURROGATES.first - 1
        : SURROGATES.last + 1 < high
          ? SURROGATES.last + 1
          : -1;
  if (m < 0) return undefined;
  return String.fromCodePoint(...x.slice(0, i), m);
}

const HEX = /^[0-9a-f]+$/;

/**
 * Between two strings of lower-case hex digits of one length (record ids are hashes written so), the
 * number halfway: ids spread evenly over that space, so each count halves the records left, where a
 * midpoint by character would try characters no id holds. Strings of one length compare as their numbers.
 */
export function midHex(a: string, b: string): string | undefined {
  if (a.length !== b.length || !HEX.test(a) || !HEX.test(b)) return undefined;
  const x = BigInt(`0x${a}`);
  const y = BigInt(`0x${b}`);
  const m = (x + y) / 2n;
  return m > x && m < y ? m.toString(16).padStart(a.length, '0') : undefined;
}

/** A value strictly between `a` and `b`, `a` coming first in the key's order; undefined when none is tried. */
export function between(key: SortKey, a: KeyValue, b: KeyValue): KeyValue | undefined {
  if (a === null || b === null) return undefined;
  switch (key.type) {
    case 'int':
      return typeof a === 'number' && typeof b === 'number' ? midInteger(a, b) : undefined;
    case 'double':
      return typeof a === 'number' && typeof b === 'number' ? midDouble(a, b) : undefined;
    case 'date':
      return midDate(String(a), String(b));
    case 'datetime':
      return midDatetime(String(a), String(b));
    case 'text': {
      const [low, high] = key.direction === 'asc' ? [String(a), String(b)] : [String(b), String(a)];
      return midHex(low, high) ?? midText(low, high);
    }
    default:
      return undefined;
  }
}
