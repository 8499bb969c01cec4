import { FULL, ingestionMemory } from './scale-common';
import type { LargeFigure } from './scale-large';
import type { ManyFigure } from './scale-many';
import { fmt } from './stats';

/* The scale section of RESULTS-scale.md. */

/** A figure of the ingestion, or `cached` when the run reused an ingested folder (BENCH_SCALE_CACHE). */
const orCached = (value: number): string => (Number.isNaN(value) ? 'cached' : value.toFixed(1));

export function renderScale(
  r: { many: readonly ManyFigure[]; large: readonly LargeFigure[] },
  memoryLimit: string,
): string {
  const many = r.many
    .map(
      (m) =>
        `| ${m.datasets.toLocaleString('en')} | ${m.served.toLocaleString('en')} | ${orCached(m.ingestS)} | ${orCached(m.duckdbS)} | ${orCached(m.ingestS / m.duckdbS)} | ${orCached(m.ingestCpuS)} / ${orCached(m.duckdbCpuS)} = ${orCached(m.ingestCpuS / m.duckdbCpuS)} | ${orCached(m.listLagS)} | ${Number.isNaN(m.skipped) ? 'cached' : `${m.skipped} / ${m.tableErrors}`} | ${Number.isNaN(m.peakMiB) ? 'cached' : Math.round(m.peakMiB)} | ${m.ingestLoad.map((l) => orCached(l)).join(' / ')} | ${m.load.toFixed(1)} | ${m.listenS.toFixed(2)} / ${m.fullS.toFixed(2)} / ${m.servesS.toFixed(2)} / ${m.checkedS.toFixed(2)} | ${Math.round(m.idleMiB)} | ${fmt(m.listP50)} / ${fmt(m.searchP50)} / ${fmt(m.facetsP50)} | ${fmt(m.listP99)} / ${fmt(m.searchP99)} / ${fmt(m.facetsP99)} | ${fmt(m.listColdP50)} / ${fmt(m.searchColdP50)} / ${fmt(m.facetsColdP50)} | ${fmt(m.listColdP99)} / ${fmt(m.searchColdP99)} / ${fmt(m.facetsColdP99)} |`,
    )
    .join('\n');
  const large = r.large
    .map(
      (l) =>
        `| ${l.records.toLocaleString('en')} | ${l.format} | ${l.ingestS.toFixed(1)} | ${l.duckdbRunsS[0].toFixed(1)} / ${l.duckdbRunsS[1].toFixed(1)} | ${(l.ingestS / l.duckdbS).toFixed(2)} | ${l.ingestCpuS.toFixed(1)} / ${l.duckdbCpuS.toFixed(1)} = ${(l.ingestCpuS / l.duckdbCpuS).toFixed(2)} | ${Math.round(l.peakMiB)} | ${Math.round(l.idleMiB)} | ${Math.round(l.fileMiB)} | ${l.load[0].toFixed(1)} / ${l.load[1].toFixed(1)} |`,
    )
    .join('\n');
  const withCases = r.large.find((l) => l.cases.length > 0);
  const cases = withCases
    ? `\nRequest cases: the server with its result cache off (\`RESULT_CACHE_MB=0\`: every request runs its query, as raw
DuckDB does), interleaved with raw DuckDB; then, at its default settings, the same requests repeated (answered
from its result cache).

| request on flights (${withCases.records.toLocaleString('en')} records, Parquet store) | HTTP p50 ms, no cache | raw DuckDB p50 ms | ratio | target ms | target | HTTP p50 ms, result cache |
|---|---|---|---|---|---|---|
${withCases.cases
  .map(
    (c) =>
      `| ${c.name} | ${fmt(c.httpP50)} | ${fmt(c.rawP50)} | ${(c.httpP50 / c.rawP50).toFixed(2)} | ${fmt(c.target)} | ${c.httpP50 <= c.target ? 'met' : '**missed**'} | ${fmt(c.cachedP50)} |`,
  )
  .join('\n')}
`
    : '';
  return `
## Scale (issue 12)

Generated at run time${FULL ? ' (BENCH_SCALE=full)' : ' (default sizes; BENCH_SCALE=full adds 100,000 datasets and 100M records)'}; server at its default settings
(\`DEFAULT_CATALOG=false\`, \`DUCKDB_MEMORY_LIMIT\` ${memoryLimit}: the server splits it in halves, its
ingestion engine works within ${ingestionMemory(memoryLimit)}). DuckDB's own load is \`CREATE TABLE … AS SELECT * FROM
read_csv/read_parquet(…)\` of the same files **within the same ${ingestionMemory(memoryLimit)}** and with as many threads, in the
same run (into a database file for the large dataset, once before and once after the server's
ingestion, the ratio taken to the faster of the two; for the many small ones, \`COPY (SELECT * FROM
read_csv(…)) TO … (FORMAT parquet)\` of each file, one after the other). Load average: the one-minute \`uptime\` figure before / after. Memory is the
server process's resident set (Node and DuckDB together). Raw DuckDB in the request cases has the
whole ${memoryLimit} (the server's request engine half of it).

| datasets (100-row CSV each) | served | ingestion from an empty store s | DuckDB's own copy to Parquet s | ratio | CPU s: ingestion / own copy = ratio | longest wait to be listed s | skipped / catalog table errors | peak MiB while ingesting | load average while ingesting | load average at restart | restart: listening / full catalog listed / last dataset answers / all checked, s | idle MiB | catalog list / search / facets p50 ms | p99 ms | never asked before: p50 ms | p99 ms |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${many}

| records (flights-3m repeated) | source | ingestion s | DuckDB's own load s, before / after | ratio | CPU s: ingestion / own load = ratio | peak MiB while ingesting | idle MiB after restart | records file MiB | load average |
|---|---|---|---|---|---|---|---|---|---|
${large}
${cases}`;
}
