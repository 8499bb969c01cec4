import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CH, type ChType, type ChValue, chLiteral, quoteIdentifier } from './literal';
import { testClient, testCluster } from './testing/cluster';

/*
 * The escaping function against the real server: whatever the value, `SELECT <literal>` must give it
 * back unchanged, with the intended type. Values are sent many to a query (an array of tuples would
 * change their types, so one column per value).
 */

const cluster = testCluster();

async function roundTrip(
  values: readonly ChValue[],
  type: ChType,
): Promise<{ values: unknown[]; types: string[] }> {
  const client = testClient();
  const select = values.map((v, i) => `${chLiteral(v, type)} AS c${i}`).join(', ');
  const result = await client.query(`SELECT ${select}`);
  return { values: result.rows[0]!, types: result.columns.map((c) => c.type) };
}

const hostileText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(
      "'",
      '\\',
      '"',
      '`',
      '\0',
      '\n',
      '\r',
      '\t',
      '\x7f',
      '\x1b',
      'é',
      '€',
      '😀',
      '?',
      '{',
      'x',
    ),
    maxLength: 30,
  }),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

describe.skipIf(!cluster)('chLiteral on a real ClickHouse 18.16', () => {
  it('gives back any text: unicode, quotes, backslashes, NUL and control characters', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostileText, { minLength: 1, maxLength: 20 }), async (texts) => {
        const { values, types } = await roundTrip(texts, CH.string);
        expect(values).toEqual(texts);
        expect(new Set(types)).toEqual(new Set(['String']));
      }),
      { numRuns: 150 },
    );
  });

  it('gives back integers and doubles exactly, with their declared type', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.maxSafeInteger(), { minLength: 1, maxLength: 20 }), async (ints) => {
        const { values, types } = await roundTrip(ints, CH.int64);
        expect(values).toEqual(ints);
        expect(new Set(types)).toEqual(new Set(['Int64']));
      }),
      { numRuns: 50 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 20 }),
        async (doubles) => {
          const { values, types } = await roundTrip(doubles, CH.float64);
          expect(values).toEqual(doubles.map((d) => (Object.is(d, -0) ? 0 : d)));
          expect(new Set(types)).toEqual(new Set(['Float64']));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('gives back dates, and instants in any time zone', async () => {
    const day = fc
      .integer({ min: 0, max: 49_000 })
      .map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(fc.array(day, { minLength: 1, maxLength: 20 }), async (days) => {
        // 18.16 prints day 0 (1970-01-01) as 0000-00-00: compare day numbers, and the text of the others.
        const select = days.map(
          (d, i) =>
            `toUInt16(${chLiteral(d, CH.date)}) AS n${i}, toString(${chLiteral(d, CH.date)}) AS t${i}`,
        );
        const row = (await testClient().query(`SELECT ${select.join(', ')}`)).rows[0]!;
        for (const [i, d] of days.entries()) {
          expect(row[2 * i]).toBe(Date.parse(d) / 86_400_000);
          if (d !== '1970-01-01') expect(row[2 * i + 1]).toBe(d);
        }
      }),
      { numRuns: 30 },
    );
    // Not Australia/Lord_Howe: 18.16 shows wrong wall clocks around its half-hour DST shift (docs/clickhouse-dialect.md).
    const zones = [
      'UTC',
      'Europe/Paris',
      'America/New_York',
      'Asia/Kolkata',
      'Pacific/Chatham',
      'America/Sao_Paulo',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(fc.integer({ min: 86_400, max: 4_294_880_895 }), fc.constantFrom(86_400, 4_294_880_895)),
          { minLength: 1, maxLength: 10 },
        ),
        fc.constantFrom(...zones),
        async (seconds, zone) => {
          const client = testClient();
          const select = seconds
            .map(
              (s, i) =>
                `toUnixTimestamp(${chLiteral(s * 1000, CH.dateTime(zone))}) AS u${i}, toString(${chLiteral(s * 1000, CH.dateTime(zone))}) AS w${i}`,
            )
            .join(', ');
          const row = (await client.query(`SELECT ${select}`)).rows[0]!;
          for (const [i, s] of seconds.entries()) {
            expect(row[2 * i]).toBe(s);
            // The wall clock shown is that instant's in the zone, as the platform's Intl computes it.
            const wall = new Intl.DateTimeFormat('sv-SE', {
              timeZone: zone,
              year: 'numeric',
              month: '2-digit',
              day: '2-digit',
              hour: '2-digit',
              minute: '2-digit',
              second: '2-digit',
              hourCycle: 'h23',
            }).format(new Date(s * 1000));
            expect(row[2 * i + 1]).toBe(wall);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('gives back booleans, nulls and arrays of every type', async () => {
    const { values } = await roundTrip([true, false], CH.bool);
    expect(values).toEqual([1, 0]);
    const nulls = await testClient().query(
      `SELECT ${chLiteral(null, CH.string)} AS a, toTypeName(a), ${chLiteral(null, CH.dateTime('Europe/Paris'))} AS b, toTypeName(b)`,
    );
    expect(nulls.rows[0]).toEqual([null, 'Nullable(String)', null, "Nullable(DateTime('Europe/Paris'))"]);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.option(hostileText, { nil: null }), { maxLength: 8 }), async (texts) => {
        const { values } = await roundTrip([texts], CH.array(CH.string));
        expect(values).toEqual([texts]);
      }),
      { numRuns: 50 },
    );
    for (const type of [CH.string, CH.int64, CH.float64, CH.bool, CH.date, CH.dateTime('UTC')]) {
      const { values } = await roundTrip([[]], CH.array(type));
      expect(values).toEqual([[]]);
    }
    const nested = await roundTrip([[[1.5, 2], [], [3]]], CH.array(CH.array(CH.float64)));
    expect(nested.values).toEqual([[[1.5, 2], [], [3]]]);
  });

  it('quotes any identifier so that it names itself', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileText.filter((t) => t !== ''),
        async (name) => {
          const result = await testClient().query(`SELECT 1 AS ${quoteIdentifier(name)}`);
          expect(result.columns[0]!.name).toBe(name);
        },
      ),
      { numRuns: 100 },
    );
  });
});
