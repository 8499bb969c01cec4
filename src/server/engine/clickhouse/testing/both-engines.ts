import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { type DatasetSchema, duckdbDialect } from '../../../../odsql';
import { ClickHouseClient } from '../client';
import { ingestVersion } from '../ingest';
import { ensureStateTables } from '../state';
import { type ClickHouseTarget, connectTarget } from '../target';
import { FIXTURE_SCHEMA, FIXTURE_SELECT, writeFixture } from './fixture';

/*
 * The fixture's records on both engines, for tests that compare their answers: ingested into a new
 * database of the test cluster, and viewed as `t` in an in-memory DuckDB ready for compiled queries.
 */

/** Every node's HTTP address: the test cluster's nodes listen on consecutive ports. */
export function nodeUrls(cluster: { readonly url: string }): string[] {
  return [cluster.url, cluster.url.replace(/:(\d+)$/, (_, p: string) => `:${Number(p) + 1}`)];
}

export interface FixtureOnBothEngines {
  readonly target: ClickHouseTarget;
  /** The ClickHouse database made for this fixture. */
  readonly database: string;
  /** The fixture's table in ClickHouse (unqualified). */
  readonly table: string;
  /** A DuckDB connection where the same records are the view `t`. */
  readonly duckdb: DuckDBConnection;
  /** Drops the ClickHouse database and removes the files. */
  close(): Promise<void>;
}

/**
 * Loads the fixture (or another, `records`: its SELECT and schema) on both engines. `duckdbView` writes
 * DuckDB's view `t` over the records file (the dataset view as the server makes it, or the file as it
 * is stored).
 */
export async function fixtureOnBothEngines(
  cluster: { readonly url: string; readonly name: string },
  name: string,
  duckdbView: (file: string) => string,
  records: { readonly select: string; readonly schema: DatasetSchema } = {
    select: FIXTURE_SELECT,
    schema: FIXTURE_SCHEMA,
  },
): Promise<FixtureOnBothEngines> {
  const urls = nodeUrls(cluster);
  const database = `${name}_${Date.now()}`;
  const dir = await mkdtemp(join(tmpdir(), `clickhouse-${name}-`));
  const file = await writeFixture(dir, 'ds_fixture', `0001-${name}`, records.select);
  const target = await connectTarget({ urls, cluster: cluster.name, database });
  await ensureStateTables(target);
  const table = await ingestVersion(target, {
    datasetId: 'fixture',
    table: 'ds_fixture',
    fingerprint: name,
    file,
    schema: records.schema,
  });
  const duck = await DuckDBInstance.create(':memory:');
  const duckdb = await duck.connect();
  for (const statement of duckdbDialect.setupStatements()) await duckdb.run(statement);
  await duckdb.run(duckdbView(file));
  return {
    target,
    database,
    table,
    duckdb,
    async close() {
      duckdb.closeSync();
      duck.closeSync();
      await Promise.all(
        urls.map((url) => new ClickHouseClient({ url }).execute(`DROP DATABASE IF EXISTS ${database}`)),
      );
      await rm(dir, { recursive: true, force: true });
    },
  };
}
