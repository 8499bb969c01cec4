import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CH, chLiteral, LiteralError, quoteIdentifier, quoteString } from './literal';
import { BUILDING_BLOCKS } from './testing/building-blocks';

/* What needs no server: refusals, and the shape of the SQL text. The round trips are in literal.cluster-test.ts. */

describe('chLiteral', () => {
  it('never lets a string close its quotes or carry a raw control character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 50 }), (text) => {
        const sql = quoteString(text);
        const body = sql.slice(1, -1);
        // Every quote in the body is escaped: removing escape pairs leaves no quote and no control char.
        const unescaped = body.replace(/\\./gsu, '');
        const raw = [...unescaped].filter(
          (ch) => ch === "'" || ch === '\\' || ch.charCodeAt(0) < 0x20 || ch === '\x7f',
        );
        expect(raw).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what cannot be written exactly', () => {
    expect(() => quoteString('a\uD800b')).toThrow(LiteralError);
    expect(() => chLiteral(Number.NaN, CH.float64)).toThrow(LiteralError);
    expect(() => chLiteral(Number.POSITIVE_INFINITY, CH.float64)).toThrow(LiteralError);
    expect(() => chLiteral(1.5, CH.int64)).toThrow(LiteralError);
    expect(() => chLiteral(2 ** 53, CH.int64)).toThrow(LiteralError);
    expect(() => chLiteral('12', CH.int64)).toThrow(LiteralError);
    expect(() => chLiteral('1969-12-31', CH.date)).toThrow(/range/);
    expect(() => chLiteral('2020-02-30', CH.date)).toThrow(/calendar/);
    expect(() => chLiteral("2020-01-01') OR 1=1 --", CH.date)).toThrow(LiteralError);
    expect(() => chLiteral(1500, CH.dateTime('UTC'))).toThrow(/whole seconds/);
    expect(() => chLiteral(0, CH.dateTime('UTC'))).toThrow(/range/);
    expect(() => chLiteral(86_400_000, CH.dateTime("UTC') --"))).toThrow(/time zone/);
    expect(() => chLiteral(null, CH.array(CH.string))).toThrow(LiteralError);
    expect(() => quoteIdentifier('')).toThrow(LiteralError);
  });

  it('writes typed literals', () => {
    expect(chLiteral("it's", CH.string)).toBe("'it\\'s'");
    expect(chLiteral(-0, CH.float64)).toBe('toFloat64(0)');
    expect(chLiteral(5e-324, CH.float64)).toBe("reinterpretAsFloat64(unhex('0100000000000000'))");
    expect(chLiteral(true, CH.bool)).toBe('toUInt8(1)');
    expect(chLiteral(null, CH.date)).toBe("CAST(NULL, 'Nullable(Date)')");
    expect(chLiteral(86_400_000, CH.dateTime('Europe/Paris'))).toBe(
      "toDateTime(toUInt32(86400), 'Europe/Paris')",
    );
    expect(chLiteral([], CH.array(CH.int64))).toBe('emptyArrayInt64()');
    expect(quoteIdentifier('a`b\\c"d')).toBe('"a`b\\\\c\\"d"');
  });
});

describe('docs/clickhouse-dialect.md', () => {
  it('lists every building block that the cluster test checks', () => {
    const doc = readFileSync('docs/clickhouse-dialect.md', 'utf8');
    for (const block of BUILDING_BLOCKS) expect(doc).toContain(`| ${block.odsql.replaceAll('|', '\\|')} |`);
  });
});
