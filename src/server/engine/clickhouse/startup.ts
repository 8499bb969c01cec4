import type { EngineConfig } from '../../config';
import { connectTarget } from './target';

/*
 * What `npm start` does with ENGINE=clickhouse in this version: it checks the cluster (reachable, the
 * cluster known to its servers, a node given for every shard), then stops with a message saying what
 * is not served yet. It never falls back to DuckDB behind the setting's back, and answers nothing.
 */

export class EngineNotServedError extends Error {}

export async function refuseClickHouseUntilDialect(
  engine: Extract<EngineConfig, { kind: 'clickhouse' }>,
): Promise<never> {
  let reached: string;
  try {
    const target = await connectTarget(engine);
    const version = await target.client.query('SELECT version()');
    reached = `cluster ${engine.cluster} reached (${target.nodes.length} nodes, ClickHouse ${String(version.rows[0]![0])})`;
  } catch (error) {
    reached = `cluster ${engine.cluster} NOT usable: ${error instanceof Error ? error.message : String(error)}`;
  }
  throw new EngineNotServedError(
    [
      `ENGINE=clickhouse: ${reached}.`,
      'This version cannot serve from ClickHouse yet: the ClickHouse dialect of the compiler covers part of ODSQL',
      'and the server runs no query on the cluster, so the catalog, records, aggregations, facets, refine/exclude,',
      'record lookup, attachments, exports, v1.0, keys and quotas are NOT served from the cluster. Nothing is',
      'served rather than answers from another engine. Start with ENGINE=duckdb (the default); docs/clickhouse.md',
      'says what is ready (ingestion into the cluster, shared state, the value escaping) and what is not.',
    ].join('\n'),
  );
}
