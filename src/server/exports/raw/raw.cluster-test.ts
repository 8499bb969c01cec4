import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiVersion } from '../../../api/version';
import {
  clickhouseDialect,
  compileRecordsQuery,
  type DatasetSchema,
  offsetAt,
  type RecordsQuery,
} from '../../../odsql';
import { withSortRanges } from '../../catalog/sort-ranges';
import { ClickHouseEngine } from '../../engine/clickhouse/engine';
import {
  type FixtureOnBothEngines,
  fixtureOnBothEngines,
} from '../../engine/clickhouse/testing/both-engines';
import { testCluster } from '../../engine/clickhouse/testing/cluster';
import { FIXTURE_SCHEMA, STORED_FIXTURE_SELECT } from '../../engine/clickhouse/testing/fixture';
import type { Row } from '../../engine/types';
import { rawRenderer } from './render';
import { rawRows } from './rows';

/*
 * Values read raw and rendered in the server (raw-records.ts, render.ts) against the JSON texts the
 * ClickHouse dialect renders in SQL for the same query: the same texts, for every field type of the
 * fixture (nulls, hostile text, dates of any year, sub-second instants), expressions, both versions
 * and several time zones; and the rows read by ranges of positions are the rows of the one query.
 */

const cluster = testCluster();

/** The service's ISO text of an instant in a zone, from ICU's offset and Date's ISO text. */
function icuText(ms: number, zone: string): string {
  const offset = offsetAt(ms, zone);
  const iso = new Date(ms + offset).toISOString();
  const millis = iso.slice(20, 23);
  const abs = Math.abs(offset) / 60_000;
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${iso.slice(0, 19)}${millis === '000' ? '' : `.${millis}000`}${offset < 0 ? '-' : '+'}${hhmm}`;
}

describe.skipIf(!cluster)('raw export values on ClickHouse', () => {
  let both: FixtureOnBothEngines;
  let engine: ClickHouseEngine;
  // With the fields' ranges, as the server knows them: the SQL then writes instants outside 18.16's zone
  // tables from the zone's changes (without, it writes null there, where the server writes the text).
  let schema: DatasetSchema;

  beforeAll(async () => {
    both = await fixtureOnBothEngines(cluster!, 'raw', () => 'SELECT 1', {
      select: STORED_FIXTURE_SELECT,
      schema: FIXTURE_SCHEMA,
    });
    engine = new ClickHouseEngine({ url: cluster!.url, database: both.database });
    schema = await withSortRanges(engine, both.table, FIXTURE_SCHEMA);
  });
  afterAll(async () => {
    await engine?.close();
    await both?.close();
  });

  const compiled = (query: Omit<RecordsQuery, 'table'>, version: ApiVersion, timezone: string) => {
    const result = compileRecordsQuery({ ...query, table: both.table }, schema, {
      version,
      timezone,
      lang: 'en',
      now: Date.UTC(2025, 0, 1),
      dialect: clickhouseDialect,
    });
    if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('; '));
    return result.query;
  };

  const all = async (rows: AsyncIterable<Row[]>): Promise<Row[]> => {
    const out: Row[] = [];
    for await (const chunk of rows) out.push(...chunk);
    return out;
  };

  const queries: [string, Omit<RecordsQuery, 'table'>][] = [
    ['every field', {}],
    [
      'expressions',
      {
        select:
          'name, n * 2 as twice, x / 3 as third, flag, not flag as unflag, year(at) as y, date_format(at, "yyyy-MM-dd HH:mm") as f, day as d, at as a, tags as t',
      },
    ],
    ['filtered and sorted', { where: ['n > 100'], orderBy: 'x desc', limit: 700 }],
  ];
  const cases = queries.flatMap(([name, query]) =>
    (['2.1', '2.0'] as const).flatMap((version) =>
      ['UTC', 'Europe/Paris', 'America/New_York', 'America/Sao_Paulo', 'Asia/Kolkata'].map(
        (zone) => [name, version, zone, query] as const,
      ),
    ),
  );

  it.each(cases)('%s (v%s, %s): the texts the SQL renders', async (_name, version, zone, query) => {
    const q = compiled(query, version, zone);
    const raw = q.raw!;
    const expected = await engine.rows(q.page);
    const rows = await all(engine.stream(raw.query));
    expect(rows).toHaveLength(expected.length);
    expect(expected.length).toBeGreaterThan(100);
    const render = rawRenderer(raw);
    const n = raw.kinds.length;
    const texts = rows.map((row) => [
      ...raw.kinds.map((_, i) => render.jsonText(i, row[i])),
      row[n],
      render.timestamp(row[n + 1]),
    ]);
    // Before 1970 the dialect's SQL misses the summer times (New York's 1960 EDT written -05:00, São
    // Paulo's of 1963-1966 -03:00), where DuckDB and the server (ICU's zone data) write them: there the
    // server's text is checked against ICU's offset and the platform's ISO text instead.
    const sql = expected.map((row, r) =>
      row.slice(0, n + 2).map((text, i) => {
        const ms = rows[r]![i];
        return raw.kinds[i] === 'datetime' && typeof ms === 'number' && ms < 86_400_000
          ? JSON.stringify(icuText(ms, zone))
          : text;
      }),
    );
    expect(texts).toEqual(sql);
    for (const row of rows.slice(0, 200)) {
      for (let i = 0; i < n; i++) {
        const text = render.jsonText(i, row[i]);
        expect(render.value(i, row[i])).toEqual(text === null ? null : JSON.parse(text));
      }
    }
  });

  it.each([
    ['every record', {}],
    ['a filter', { where: ['n > 100 and flag'] }],
    ['a limit', { limit: 1234 }],
    ['a filter and a limit', { where: ['x < 10'], limit: 300 }],
  ] as const)('%s: rows by ranges of positions are the rows of one query', async (_name, query) => {
    const q = compiled(query, '2.1', 'UTC');
    const raw = q.raw!;
    expect(raw.range).toBeDefined();
    const whole = await all(engine.stream(raw.query));
    const signal = new AbortController().signal;
    // Ranges of 100 to 700 positions: many queries over the 3,000 records.
    const ranged = await all(rawRows(engine, raw, signal, { first: 100, bytes: 20_000, min: 100, max: 700 }));
    expect(ranged).toEqual(whole);
    expect(whole.length).toBeGreaterThan(0);
  });
});
