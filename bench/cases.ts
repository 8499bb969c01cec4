/**
 * The measured requests and the SQL a DuckDB user would run for the same answer. `raw` queries run on a
 * copy of the same database file in the benchmark process; `{t}` is the flights table. `clickhouse`:
 * the same questions as a ClickHouse user would ask them of the cluster's Distributed table (its
 * layout: docs/clickhouse.md), for the side-by-side bench (bench/side-by-side.ts).
 */
export interface BenchCase {
  readonly issue: 'server' | 'facets';
  readonly name: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string | readonly string[]>>;
  /** Raw queries; those in one inner array run one after the other, inner arrays run concurrently. */
  readonly raw: readonly (readonly string[])[];
  /** The raw queries for ClickHouse 18.16, grouped the same way. */
  readonly clickhouse: readonly (readonly string[])[];
}

/** ClickHouse's form of an instant literal (the cluster's `date` column is DateTime('UTC')). */
const at = (day: string): string => `toDateTime('${day} 00:00:00', 'UTC')`;
const MARCH = `date >= ${at('2001-03-01')} AND date < ${at('2001-04-01')}`;

const COLUMNS = 'date, delay, distance, origin, destination';

export const CASES: readonly BenchCase[] = [
  {
    issue: 'server',
    name: 'default page',
    path: '/catalog/datasets/flights/records',
    params: {},
    raw: [[`SELECT ${COLUMNS} FROM {t} LIMIT 10`, 'SELECT count(*) FROM {t}']],
    clickhouse: [[`SELECT ${COLUMNS} FROM {t} LIMIT 10`, 'SELECT count() FROM {t}']],
  },
  {
    issue: 'server',
    name: 'order_by=delay desc, offset=5000',
    path: '/catalog/datasets/flights/records',
    params: { order_by: 'delay desc', offset: '5000' },
    // The same page as the server's: the interface's pages of a sorted list must never overlap, so ties
    // (thousands of flights share a delay) are broken by source position. Without it DuckDB may return
    // any 10 of the tied rows, a different answer.
    raw: [
      [
        `SELECT ${COLUMNS} FROM {t} ORDER BY delay DESC, __pos LIMIT 10 OFFSET 5000`,
        'SELECT count(*) FROM {t}',
      ],
    ],
    clickhouse: [
      [`SELECT ${COLUMNS} FROM {t} ORDER BY delay DESC, __pos LIMIT 5000, 10`, 'SELECT count() FROM {t}'],
    ],
  },
  {
    issue: 'server',
    name: 'full-text where "sfo"',
    path: '/catalog/datasets/flights/records',
    params: { where: '"sfo"' },
    raw: [
      [
        `SELECT ${COLUMNS} FROM {t} WHERE contains(__search, ' sfo ') LIMIT 10`,
        `SELECT count(*) FROM {t} WHERE contains(__search, ' sfo ')`,
      ],
    ],
    clickhouse: [
      [
        `SELECT ${COLUMNS} FROM {t} WHERE position(__search, ' sfo ') > 0 LIMIT 10`,
        `SELECT count() FROM {t} WHERE position(__search, ' sfo ') > 0`,
      ],
    ],
  },
  {
    issue: 'server',
    name: 'group_by month: count(*), avg(delay)',
    path: '/catalog/datasets/flights/records',
    params: { select: 'count(*), avg(delay)', group_by: 'month(date) as month' },
    raw: [['SELECT month(date) AS month, count(*), avg(delay) FROM {t} GROUP BY month ORDER BY month']],
    clickhouse: [
      ['SELECT toMonth(date) AS month, count(), avg(delay) FROM {t} GROUP BY month ORDER BY month'],
    ],
  },
  {
    issue: 'server',
    name: 'where on a date range',
    path: '/catalog/datasets/flights/records',
    params: { where: "date >= date'2001-03-01' AND date < date'2001-04-01'" },
    raw: [
      [
        `SELECT ${COLUMNS} FROM {t} WHERE date >= TIMESTAMP '2001-03-01' AND date < TIMESTAMP '2001-04-01' LIMIT 10`,
        `SELECT count(*) FROM {t} WHERE date >= TIMESTAMP '2001-03-01' AND date < TIMESTAMP '2001-04-01'`,
      ],
    ],
    clickhouse: [
      [`SELECT ${COLUMNS} FROM {t} WHERE ${MARCH} LIMIT 10`, `SELECT count() FROM {t} WHERE ${MARCH}`],
    ],
  },
  {
    issue: 'facets',
    name: 'facets origin, destination, date',
    path: '/catalog/datasets/flights/facets',
    params: {},
    raw: [
      ['SELECT origin, count(*) AS n FROM {t} GROUP BY origin ORDER BY n DESC, origin LIMIT 100'],
      [
        'SELECT destination, count(*) AS n FROM {t} GROUP BY destination ORDER BY n DESC, destination LIMIT 100',
      ],
      ['SELECT year(date) AS y, count(*) FROM {t} GROUP BY y ORDER BY y'],
    ],
    clickhouse: [
      ['SELECT origin, count() AS n FROM {t} GROUP BY origin ORDER BY n DESC, origin LIMIT 100'],
      [
        'SELECT destination, count() AS n FROM {t} GROUP BY destination ORDER BY n DESC, destination LIMIT 100',
      ],
      ['SELECT toYear(date) AS y, count() FROM {t} GROUP BY y ORDER BY y'],
    ],
  },
  {
    issue: 'facets',
    name: 'facets with refine origin:SFO',
    path: '/catalog/datasets/flights/facets',
    params: { refine: 'origin:SFO' },
    raw: [
      [
        "SELECT origin, count(*) AS n FROM {t} WHERE origin = 'SFO' GROUP BY origin ORDER BY n DESC, origin LIMIT 100",
      ],
      [
        "SELECT destination, count(*) AS n FROM {t} WHERE origin = 'SFO' GROUP BY destination ORDER BY n DESC, destination LIMIT 100",
      ],
      ["SELECT year(date) AS y, count(*) FROM {t} WHERE origin = 'SFO' GROUP BY y ORDER BY y"],
    ],
    clickhouse: [
      [
        "SELECT origin, count() AS n FROM {t} WHERE origin = 'SFO' GROUP BY origin ORDER BY n DESC, origin LIMIT 100",
      ],
      [
        "SELECT destination, count() AS n FROM {t} WHERE origin = 'SFO' GROUP BY destination ORDER BY n DESC, destination LIMIT 100",
      ],
      ["SELECT toYear(date) AS y, count() FROM {t} WHERE origin = 'SFO' GROUP BY y ORDER BY y"],
    ],
  },
  {
    issue: 'facets',
    name: 'facets with refine date:2001/03',
    path: '/catalog/datasets/flights/facets',
    params: { refine: 'date:2001/03' },
    raw: [
      [
        "SELECT origin, count(*) AS n FROM {t} WHERE date >= TIMESTAMP '2001-03-01' AND date < TIMESTAMP '2001-04-01' GROUP BY origin ORDER BY n DESC, origin LIMIT 100",
      ],
      [
        "SELECT destination, count(*) AS n FROM {t} WHERE date >= TIMESTAMP '2001-03-01' AND date < TIMESTAMP '2001-04-01' GROUP BY destination ORDER BY n DESC, destination LIMIT 100",
      ],
      [
        "SELECT year(date) AS y, month(date) AS m, day(date) AS d, count(*) FROM {t} WHERE date >= TIMESTAMP '2001-03-01' AND date < TIMESTAMP '2001-04-01' GROUP BY y, m, d ORDER BY y, m, d",
      ],
    ],
    clickhouse: [
      [
        `SELECT origin, count() AS n FROM {t} WHERE ${MARCH} GROUP BY origin ORDER BY n DESC, origin LIMIT 100`,
      ],
      [
        `SELECT destination, count() AS n FROM {t} WHERE ${MARCH} GROUP BY destination ORDER BY n DESC, destination LIMIT 100`,
      ],
      [
        `SELECT toYear(date) AS y, toMonth(date) AS m, toDayOfMonth(date) AS d, count() FROM {t} WHERE ${MARCH} GROUP BY y, m, d ORDER BY y, m, d`,
      ],
    ],
  },
];

/** Sends a case's request to a server and reads its whole answer; anything but 200 fails the run. */
export async function requestCase(origin: string, c: BenchCase): Promise<void> {
  const url = new URL(`${origin}/api/explore/v2.1${c.path}`);
  for (const [k, v] of Object.entries(c.params))
    for (const x of typeof v === 'string' ? [v] : v) url.searchParams.append(k, x);
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${c.name}: HTTP ${res.status} ${await res.text()}`);
  await res.json();
}
