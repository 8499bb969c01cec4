import { bound } from './clickhouse-sql';

/*
 * `search()`'s fuzzy terms on ClickHouse 18.16, which has no edit distance: DuckDB's `levenshtein`
 * (on bytes) ≤ 1 or ≤ 2, decided without computing the distance.
 *
 * Two strings are within one edit when their lengths differ by at most one and their common prefix and
 * common suffix together cover all but one byte of the longer. Past their common prefix, two strings
 * differ at their first byte: they are within two edits when, after a substitution, deletion or
 * insertion there, the rest is within one. Common prefixes and suffixes are runs of equal bytes,
 * counted with arrayFirstIndex. Tokens whose length is too far from the word's are left out first.
 */

/** The number of equal bytes of t and w going backward from byte i of t and j of w (1-based ends). */
function runBack(t: string, w: string, i: string, j: string): string {
  const most = `least(${i}, ${j})`;
  return `(arrayFirstIndex(__fm -> __fm > ${most} OR substring(${t}, ${i} - __fm + 1, 1) != substring(${w}, ${j} - __fm + 1, 1), arrayMap(__fx -> toInt64(__fx) + 1, range(toUInt64(greatest(0, ${most} + 1))))) - 1)`;
}

/** The number of equal bytes of t and w going forward after byte i of t and j of w. */
function runForward(t: string, w: string, lt: string, lw: string, i: string, j: string): string {
  const most = `least(${lt} - ${i}, ${lw} - ${j})`;
  return `(arrayFirstIndex(__fn -> __fn > ${most} OR substring(${t}, ${i} + __fn, 1) != substring(${w}, ${j} + __fn, 1), arrayMap(__fy -> toInt64(__fy) + 1, range(toUInt64(greatest(0, ${most} + 1))))) - 1)`;
}

/** Strings of lengths la and lb, with a common prefix p and suffix s, are within one edit. */
const withinOne = (la: string, lb: string, p: string, s: string): string =>
  `(abs(${la} - ${lb}) <= 1 AND ${p} + ${s} >= greatest(${la}, ${lb}) - 1)`;

/** The byte-wise Levenshtein distance of t and w (String SQL) is at most `edits` (1 or 2). */
export function levenshteinAtMost(t: string, w: string, edits: 1 | 2): string {
  return bound(
    `toInt64(length(${t}))`,
    '__flt',
    bound(
      `toInt64(length(${w}))`,
      '__flw',
      bound(
        runForward(t, w, '__flt', '__flw', '0', '0'),
        '__fp',
        bound(
          runBack(t, w, '__flt', '__flw'),
          '__fs',
          edits === 1 ? withinOne('__flt', '__flw', '__fp', '__fs') : withinTwo(t, w),
        ),
      ),
    ),
  );
}

/**
 * Within two edits: past the common prefix the strings differ at their first byte, so any alignment
 * begins there with a substitution, a deletion or an insertion, and the rest must be within one edit.
 */
function withinTwo(t: string, w: string): string {
  const steps = [
    [1, 1],
    [1, 0],
    [0, 1],
  ].map(([di, dj]) => {
    const [a, b] = [`(__fp + ${di})`, `(__fp + ${dj})`];
    const [la, lb] = [`(__flt - ${a})`, `(__flw - ${b})`];
    const rest = withinOne(
      la,
      lb,
      runForward(t, w, '__flt', '__flw', a, b),
      `least(__fs, least(${la}, ${lb}))`,
    );
    return `(${la} >= 0 AND ${lb} >= 0 AND ${rest})`;
  });
  return `(${withinOne('__flt', '__flw', '__fp', '__fs')} OR ${steps.join(' OR ')})`;
}
