/*
 * The ClickHouse 18.16 SQL of each ODSQL building block beside the DuckDB SQL the compiler uses, over
 * the ingestion fixture (testing/fixture.ts): `t` is DuckDB's view of the records file, `{t}` the
 * ClickHouse Distributed table, columns as in columns.ts. building-blocks.cluster-test.ts runs both and
 * compares the rows; docs/clickhouse-dialect.md lists them for the dialect's author.
 */

export interface BuildingBlock {
  /** The ODSQL construct, as docs/odsql-coverage.md names it. */
  readonly odsql: string;
  readonly duckdb: string;
  readonly clickhouse: string;
}

const PARIS = "'Europe/Paris'";
const NY = "'America/New_York'";
/** DuckDB: wall clock of a naive-UTC TIMESTAMP in a zone (as compile/dialect wallClock). */
const wall = (tz: string): string => `timezone(${tz}, CAST("at" AS TIMESTAMPTZ))`;
/** Haversine in metres with DuckDB's macro's radius (ods_haversine), from a fixed point. */
const CH_HAVERSINE = `2 * 6371008.8 * asin(sqrt(pow(sin(((\`geo@lat\` - 45.0) * pi() / 180) / 2), 2) + cos(45.0 * pi() / 180) * cos(\`geo@lat\` * pi() / 180) * pow(sin(((\`geo@lon\` - -3.0) * pi() / 180) / 2), 2)))`;
const DUCK_HAVERSINE = 'ods_haversine(45.0, -3.0, "geo".lat, "geo".lon)';
/** Interpolated percentile (DuckDB's quantile_cont) over a sorted array `s` of the group's values. */
const chPercentile = (p: number): string => {
  const pos = `(${p} * (length(s) - 1))`;
  const at = (k: string): string => `arrayElement(s, toUInt64(${k}(${pos})) + 1)`;
  return `${at('floor')} + (${pos} - floor(${pos})) * (${at('ceil')} - ${at('floor')})`;
};
const MONTHS =
  "['January','February','March','April','May','June','July','August','September','October','November','December']";
const cell = (360 * 40) / (256 * 2 ** 3);

export const BUILDING_BLOCKS: readonly BuildingBlock[] = [
  { odsql: 'count(*)', duckdb: 'SELECT count(*) FROM t', clickhouse: 'SELECT count() FROM {t}' },
  { odsql: 'count(f)', duckdb: 'SELECT count(n) FROM t', clickhouse: 'SELECT count(n) FROM {t}' },
  {
    odsql: 'count(distinct f), exact',
    duckdb: 'SELECT count(DISTINCT name), count(DISTINCT n) FROM t',
    clickhouse: 'SELECT uniqExact(name), uniqExact(n) FROM {t}',
  },
  {
    odsql: 'count(distinct f) of a multivalued field',
    duckdb: 'SELECT count(DISTINCT v) FROM (SELECT unnest(tags) v FROM t)',
    clickhouse: 'SELECT uniqExact(v) FROM {t} ARRAY JOIN tags AS v',
  },
  {
    odsql: 'sum, avg, min, max of numbers',
    duckdb: 'SELECT sum(n), avg(x), min(x), max(n) FROM t',
    clickhouse: 'SELECT sum(n), avg(x), min(x), max(n) FROM {t}',
  },
  {
    odsql: 'min, max of datetimes and dates (exact columns)',
    duckdb: `SELECT epoch_ms(min("at")), epoch_ms(max("at")), min("day") - DATE '1970-01-01', max("day") - DATE '1970-01-01' FROM t`,
    clickhouse: 'SELECT min(`at@ms`), max(`at@ms`), min(`day@days`), max(`day@days`) FROM {t}',
  },
  {
    odsql: 'median(f), percentile(f, p) (interpolated)',
    duckdb: 'SELECT quantile_cont(x, 0.5), quantile_cont(x, 0.9), quantile_cont(n, 0.25) FROM t',
    clickhouse: `SELECT ${chPercentile(0.5)}, ${chPercentile(0.9)}, (SELECT ${chPercentile(0.25)} FROM (SELECT arraySort(groupArray(n)) AS s FROM {t})) FROM (SELECT arraySort(groupArray(x)) AS s FROM {t})`,
  },
  {
    odsql: 'group_by field: null group first, sorted keys',
    duckdb: 'SELECT flag, count(*) FROM t GROUP BY flag ORDER BY flag NULLS FIRST',
    clickhouse: 'SELECT flag, count() FROM {t} GROUP BY flag ORDER BY flag NULLS FIRST',
  },
  {
    odsql: 'group_by multivalued field: each value a group, no value in the null group',
    duckdb:
      'SELECT v, count(*) FROM (SELECT unnest(CASE WHEN len(coalesce(tags, [])) = 0 THEN [NULL] ELSE tags END) v FROM t) GROUP BY v ORDER BY v NULLS FIRST',
    clickhouse:
      "SELECT v, count() FROM {t} ARRAY JOIN if(empty(tags), [CAST(NULL, 'Nullable(String)')], tags) AS v GROUP BY v ORDER BY v NULLS FIRST",
  },
  {
    odsql: 'range(f, 15): equal-width buckets',
    duckdb: 'SELECT floor(n / 15) * 15 AS b, count(*) FROM t WHERE n IS NOT NULL GROUP BY b ORDER BY b',
    clickhouse: 'SELECT floor(n / 15) * 15 AS b, count() FROM {t} WHERE n IS NOT NULL GROUP BY b ORDER BY b',
  },
  {
    odsql: 'range(f, *, 10, 50, *): static buckets',
    duckdb:
      "SELECT CASE WHEN x < 10 THEN '*-10' WHEN x < 50 THEN '10-50' ELSE '50-*' END b, count(*) FROM t WHERE x IS NOT NULL GROUP BY b ORDER BY b",
    clickhouse:
      "SELECT multiIf(x < 10, '*-10', x < 50, '10-50', '50-*') AS b, count() FROM {t} WHERE x IS NOT NULL GROUP BY b ORDER BY b",
  },
  {
    odsql: 'text = / < / order_by: byte order',
    duckdb: "SELECT name FROM t WHERE name < 'name 2' ORDER BY name, __pos LIMIT 30",
    clickhouse: "SELECT name FROM {t} WHERE name < 'name 2' ORDER BY name, __pos LIMIT 30",
  },
  {
    odsql: 'full-text "12": whole token of __search',
    duckdb: "SELECT count(*) FROM t WHERE contains(__search, ' 12 ')",
    clickhouse: "SELECT count() FROM {t} WHERE position(__search, ' 12 ') > 0",
  },
  {
    odsql: 'full-text "12*": prefix of a token',
    duckdb: "SELECT count(*) FROM t WHERE contains(__search, ' 12')",
    clickhouse: "SELECT count() FROM {t} WHERE position(__search, ' 12') > 0",
  },
  {
    odsql: 'f like "e": normalised tokens of the field (`f@norm` made at ingestion)',
    duckdb: `SELECT count(*) FROM t WHERE contains(' ' || trim(regexp_replace(lower(strip_accents(coalesce(name, ''))), '[^\\p{L}\\p{N}]+', ' ', 'g')) || ' ', ' e ') AND name IS NOT NULL`,
    clickhouse: "SELECT count() FROM {t} WHERE position(`name@norm`, ' e ') > 0",
  },
  {
    odsql: 'like on a multivalued field',
    duckdb: `SELECT count(*) FROM t WHERE len(list_filter(coalesce(tags, []), v -> contains(' ' || trim(regexp_replace(lower(strip_accents(v)), '[^\\p{L}\\p{N}]+', ' ', 'g')) || ' ', ' b 1 '))) > 0`,
    clickhouse: "SELECT count() FROM {t} WHERE arrayExists(v -> position(v, ' b 1 ') > 0, `tags@norm`)",
  },
  {
    odsql: 'startswith(f, "name 1")',
    duckdb: "SELECT count(*) FROM t WHERE starts_with(name, 'name 1')",
    clickhouse: "SELECT count() FROM {t} WHERE startsWith(name, 'name 1')",
  },
  {
    odsql: 'length(f), lower(f)',
    duckdb: 'SELECT length(name), lower(name) FROM t ORDER BY __pos LIMIT 40',
    clickhouse: 'SELECT lengthUTF8(name), lowerUTF8(name) FROM {t} ORDER BY __pos LIMIT 40',
  },
  {
    odsql: 'a / b: division by zero is null; ifnull(f, alt)',
    duckdb: "SELECT n / NULLIF(n % 3, 0), ifnull(name, 'none') FROM t ORDER BY __pos LIMIT 40",
    clickhouse: "SELECT n / nullIf(n % 3, 0), ifNull(name, 'none') FROM {t} ORDER BY __pos LIMIT 40",
  },
  {
    odsql: 'IN (…) list; NOT IN is false for null (18.16 says true: test IS NOT NULL too)',
    duckdb: "SELECT count(*) FROM t WHERE n IN (-97, -94, 2) OR name NOT IN ('x')",
    clickhouse:
      "SELECT count() FROM {t} WHERE n IN (-97, -94, 2) OR (name IS NOT NULL AND name NOT IN ('x'))",
  },
  {
    odsql: 'year()…second() of a datetime in the request time zone (Europe/Paris)',
    duckdb: `SELECT year(${wall(PARIS)}), month(${wall(PARIS)}), day(${wall(PARIS)}), hour(${wall(PARIS)}), minute(${wall(PARIS)}), second(${wall(PARIS)}) FROM t WHERE "at" >= TIMESTAMP '1970-01-02' AND "at" < TIMESTAMP '2106-01-01' ORDER BY __pos LIMIT 300`,
    clickhouse: `SELECT toYear(at, ${PARIS}), toMonth(at, ${PARIS}), toDayOfMonth(at, ${PARIS}), toHour(at, ${PARIS}), toMinute(at, ${PARIS}), toSecond(at, ${PARIS}) FROM {t} WHERE at >= toDateTime('1970-01-02 00:00:00', 'UTC') ORDER BY __pos LIMIT 300`,
  },
  {
    odsql: 'date_format(f, pattern) in a time zone (America/New_York), month names by array',
    duckdb: `SELECT strftime(${wall(NY)}, '%Y-%m-%d %H:%M:%S'), strftime(${wall(NY)}, '%B') FROM t WHERE "at" >= TIMESTAMP '1970-01-02' AND "at" < TIMESTAMP '2106-01-01' ORDER BY __pos LIMIT 300`,
    clickhouse: `SELECT formatDateTime(at, '%Y-%m-%d %H:%M:%S', ${NY}), arrayElement(${MONTHS}, toMonth(at, ${NY})) FROM {t} WHERE at >= toDateTime('1970-01-02 00:00:00', 'UTC') ORDER BY __pos LIMIT 300`,
  },
  {
    odsql: 'range(d, 1 month) in a time zone: bucket start instants',
    duckdb: `SELECT epoch(timezone(${PARIS}, date_trunc('month', ${wall(PARIS)})))::BIGINT b, count(*) FROM t WHERE "at" >= TIMESTAMP '1970-02-01' AND "at" < TIMESTAMP '2106-01-01' GROUP BY b ORDER BY b`,
    clickhouse: `SELECT toUnixTimestamp(toDateTime(toStartOfMonth(at, ${PARIS}), ${PARIS})) AS b, count() FROM {t} WHERE at >= toDateTime('1970-02-01 00:00:00', 'UTC') GROUP BY b ORDER BY b`,
  },
  {
    odsql: 'range(d, 1 day) in a time zone: bucket start instants',
    duckdb: `SELECT epoch(timezone(${NY}, date_trunc('day', ${wall(NY)})))::BIGINT b, count(*) FROM t WHERE "at" >= TIMESTAMP '1970-01-03' AND "at" < TIMESTAMP '2106-01-01' GROUP BY b ORDER BY b`,
    clickhouse: `SELECT toUnixTimestamp(toStartOfDay(toTimeZone(at, ${NY}))) AS b, count() FROM {t} WHERE at >= toDateTime('1970-01-03 00:00:00', 'UTC') GROUP BY b ORDER BY b`,
  },
  {
    odsql: 'date fields: calendar days, compared by day number (any year)',
    duckdb: `SELECT count(*) FROM t WHERE "day" >= DATE '1950-06-01' AND "day" < DATE '2110-01-01'`,
    clickhouse: `SELECT count() FROM {t} WHERE \`day@days\` >= ${Date.UTC(1950, 5, 1) / 86_400_000} AND \`day@days\` < ${Date.UTC(2110, 0, 1) / 86_400_000}`,
  },
  {
    odsql: "distance(geo, geom'POINT(-3 45)') in metres (haversine, same radius)",
    duckdb: `SELECT ${DUCK_HAVERSINE} FROM t ORDER BY __pos LIMIT 60`,
    clickhouse: `SELECT ${CH_HAVERSINE} FROM {t} ORDER BY __pos LIMIT 60`,
  },
  {
    odsql: "within_distance(geo, geom'POINT(-3 45)', 600km)",
    duckdb: `SELECT count(*) FROM t WHERE ${DUCK_HAVERSINE} <= 600000`,
    clickhouse: `SELECT count() FROM {t} WHERE ${CH_HAVERSINE} <= 600000`,
  },
  {
    odsql: 'in_bbox(geo, 44, -5, 46, -1)',
    duckdb: 'SELECT count(*) FROM t WHERE "geo".lat BETWEEN 44 AND 46 AND "geo".lon BETWEEN -5 AND -1',
    clickhouse: 'SELECT count() FROM {t} WHERE `geo@lat` BETWEEN 44 AND 46 AND `geo@lon` BETWEEN -5 AND -1',
  },
  {
    // Edges off the fixture's grid: on a boundary the engines may differ (docs/odsql-coverage.md allows it).
    odsql: "intersects(geo, geom'POLYGON(…)') for points, with a hole",
    duckdb:
      'SELECT count(*) FROM t WHERE ods_point_in_polygon("geo".lon, "geo".lat, [[[-6.03, 41.05], [-1.03, 41.05], [-1.03, 47.95], [-6.03, 47.95], [-6.03, 41.05]], [[-4.03, 43.05], [-2.03, 43.05], [-2.03, 44.95], [-4.03, 44.95], [-4.03, 43.05]]])',
    clickhouse:
      // Even-odd over the rings, one pointInPolygon per ring: 18.16's holes argument gives wrong answers.
      'SELECT count() FROM {t} WHERE `geo@lat` IS NOT NULL AND (pointInPolygon((assumeNotNull(`geo@lon`), assumeNotNull(`geo@lat`)), [(-6.03, 41.05), (-1.03, 41.05), (-1.03, 47.95), (-6.03, 47.95)]) + pointInPolygon((assumeNotNull(`geo@lon`), assumeNotNull(`geo@lat`)), [(-4.03, 43.05), (-2.03, 43.05), (-2.03, 44.95), (-4.03, 44.95)])) % 2 = 1',
  },
  {
    odsql: 'geo_cluster(geo, 3): grid cells and centroids',
    duckdb: `SELECT CAST(floor("geo".lon / ${cell}) AS BIGINT) cx, CAST(floor("geo".lat / ${cell}) AS BIGINT) cy, count(*), avg("geo".lat), avg("geo".lon) FROM t WHERE "geo" IS NOT NULL GROUP BY cx, cy ORDER BY cx, cy`,
    clickhouse: `SELECT toInt64(floor(\`geo@lon\` / ${cell})) AS cx, toInt64(floor(\`geo@lat\` / ${cell})) AS cy, count(), avg(\`geo@lat\`), avg(\`geo@lon\`) FROM {t} WHERE \`geo@lat\` IS NOT NULL GROUP BY cx, cy ORDER BY cx, cy`,
  },
  {
    odsql: 'bbox(f) / envelope(f) raw material: extent of points and shapes',
    duckdb: 'SELECT min("geo".lon), min("geo".lat), max("geo".lon), max("geo".lat), max("shape".maxx) FROM t',
    clickhouse:
      'SELECT min(`geo@lon`), min(`geo@lat`), max(`geo@lon`), max(`geo@lat`), max(`shape@maxx`) FROM {t}',
  },
  {
    odsql: 'order_by f DESC: nulls last both ways, ties by position',
    duckdb: 'SELECT __pos FROM t ORDER BY x DESC NULLS LAST, __pos LIMIT 50 OFFSET 2480',
    clickhouse: 'SELECT __pos FROM {t} ORDER BY x DESC NULLS LAST, __pos LIMIT 50 OFFSET 2480',
  },
];
