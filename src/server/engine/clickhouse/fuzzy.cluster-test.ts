import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { levenshteinAtMost } from '../../../odsql';
import { CH, chLiteral } from './literal';
import { testClient, testCluster } from './testing/cluster';

/*
 * The ClickHouse dialect decides DuckDB's `levenshtein(token, word) <= 1 or 2` (on bytes) without an
 * edit distance function (clickhouse-fuzzy.ts): checked against the textbook distance on words and
 * near-misses of ASCII, accented and CJK letters.
 */

const cluster = testCluster();

function levenshtein(a: Uint8Array, b: Uint8Array): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

const letter = fc.constantFrom('a', 'b', 'c', 'é', 'e', '日', '1');
const word = fc.array(letter, { minLength: 0, maxLength: 9 }).map((l) => l.join(''));
/** A word and tokens near it: up to three random edits, and unrelated words. */
const wordAndTokens = word.chain((w) =>
  fc.tuple(
    fc.constant(w),
    fc.array(
      fc.oneof(
        word,
        fc.array(fc.tuple(fc.nat(2), fc.nat(12), letter), { maxLength: 3 }).map((edits) =>
          edits
            .reduce(
              (s, [op, at, c]) => {
                const p = at % (s.length + 1);
                return op === 0
                  ? [...s.slice(0, p), c, ...s.slice(p)]
                  : op === 1
                    ? [...s.slice(0, p), ...s.slice(p + 1)]
                    : [...s.slice(0, p), c, ...s.slice(p + 1)];
              },
              [...w],
            )
            .join(''),
        ),
      ),
      { minLength: 1, maxLength: 30 },
    ),
  ),
);

describe.skipIf(!cluster)('fuzzy search() terms on ClickHouse', () => {
  it('decide levenshtein <= 1 and <= 2 on bytes like DuckDB', async () => {
    const client = testClient();
    const encode = (s: string): Uint8Array => new TextEncoder().encode(s);
    await fc.assert(
      fc.asyncProperty(wordAndTokens, async ([w, tokens]) => {
        const list = chLiteral(tokens, CH.array(CH.string));
        const sql = `SELECT ${[1, 2].map((k) => `arrayMap(__t -> ${levenshteinAtMost('__t', chLiteral(w, CH.string), k as 1 | 2)}, ${list})`).join(', ')}`;
        const [row] = (await client.query(sql)).rows;
        const expected = [1, 2].map((k) =>
          tokens.map((t) => (levenshtein(encode(t), encode(w)) <= k ? 1 : 0)),
        );
        expect(row!.map((a) => (a as number[]).map(Number))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
