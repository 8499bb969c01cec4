import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duckdbDialect } from '../../../odsql';
import { buildApp } from '../../app';
import { type ExploreData, openExploreData } from '../../catalog/open';
import { loadConfig } from '../../config';
import { silentLogger } from '../../ingest/logger';
import {
  type FixtureDataset,
  KEYS,
  RESTRICTED_DATASET,
  RESTRICTED_ID,
  writeAccessFixture,
} from '../../testing/access-fixture';
import { PUBLIC_DATASET } from '../../testing/small-server';
import { ClickHouseClient } from './client';
import { nodeUrls } from './testing/both-engines';
import { testCluster, until } from './testing/cluster';
import type { ClusterUsageCounts } from './usage';

/*
 * Two servers with different data folders on one cluster: the first holds a restricted and a public
 * dataset, the second another public one. Both serve the same catalog (what the servers published),
 * the same usage counts and the same access, from the cluster; each reaches it through another node.
 */

const cluster = testCluster();

const TOWNS: FixtureDataset = {
  descriptor: {
    dataset_id: 'shared-towns',
    source: 'towns.csv',
    metas: { title: 'Towns', keyword: ['Été', 'rivers'] },
    translations: { fr: { metas: { title: 'Villes', keyword: ['rivières'] } } },
  },
  file: { name: 'towns.csv', content: 'town,population\nAix,143000\nDax,20000\nPau,75000\n' },
};

interface Server {
  readonly dir: string;
  readonly data: ExploreData;
  readonly app: FastifyInstance;
}

describe.skipIf(!cluster)('a catalog shared by servers with different data folders', () => {
  const database = `catalog_${Date.now()}`;
  let a: Server;
  let b: Server;

  async function start(
    datasets: readonly FixtureDataset[],
    urls: readonly string[],
    on = database,
    folder?: string,
  ): Promise<Server> {
    const dir = folder ?? (await mkdtemp(join(tmpdir(), 'clickhouse-catalog-')));
    writeAccessFixture(dir, datasets);
    const env = { DATA_DIR: dir, DEFAULT_CATALOG: 'false', PORT: '0' };
    const config = loadConfig(env);
    const data = await openExploreData({
      dataDir: dir,
      log: silentLogger,
      includeDefault: false,
      connections: 1,
      threads: 1,
      engineConfig: {
        kind: 'clickhouse',
        urls,
        cluster: cluster!.name,
        database: on,
        user: '',
        password: '',
      },
    });
    for (const statement of duckdbDialect.setupStatements()) await data.engine.execute(statement);
    const app = await buildApp({
      engine: data.backend.engine,
      sharedCatalog: data.backend.sharedCatalog,
      quotas: data.backend.quotas,
      catalog: data.catalog,
      config,
      timezones: new Set(['UTC']),
      log: silentLogger,
    });
    return { dir, data, app };
  }

  const get = async (server: Server, url: string) =>
    server.app.inject({ method: 'GET', url: `/api/explore/v2.1/${url}` });
  const ids = async (server: Server, url: string): Promise<string[]> =>
    ((await get(server, url)).json() as { results: { dataset_id: string }[] }).results.map(
      (r) => r.dataset_id,
    );
  const usage = (server: Server) => server.data.backend.sharedCatalog.usage as ClusterUsageCounts;

  beforeAll(async () => {
    const urls = nodeUrls(cluster!);
    a = await start([RESTRICTED_DATASET, PUBLIC_DATASET], urls);
    b = await start([TOWNS], [...urls].reverse());
    // Each published its own rows once ingested; each reads the other's within a second.
    const all = [PUBLIC_DATASET, RESTRICTED_DATASET, TOWNS].map((d) => String(d.descriptor.dataset_id));
    for (const server of [a, b])
      expect(await until(async () => server.data.catalog.list().length === all.length, 20_000)).toBe(true);
  });

  afterAll(async () => {
    for (const server of [a, b]) {
      if (!server) continue;
      await server.app.close();
      await server.data.close();
      await rm(server.dir, { recursive: true, force: true });
    }
    await Promise.all(
      nodeUrls(cluster!).flatMap((url) =>
        [database, `${database}_new`].map((db) =>
          new ClickHouseClient({ url }).execute(`DROP DATABASE IF EXISTS ${db}`),
        ),
      ),
    );
  });

  it("publishes a server's rows when it starts from its snapshot on a cluster that lacks them", async () => {
    // The first server's folder has a snapshot with its catalog table: a start loads that table instead
    // of building it, and must still publish the rows to an empty cluster. (Descriptors older than the
    // snapshot's scan count as unchanged.)
    const hourAgo = new Date(Date.now() - 3_600_000);
    const folder = join(a.dir, 'datasets');
    for (const name of await readdir(folder))
      if (name.endsWith('.json')) await utimes(join(folder, name), hourAgo, hourAgo);
    const again = await start(
      [RESTRICTED_DATASET, PUBLIC_DATASET],
      nodeUrls(cluster!),
      `${database}_new`,
      a.dir,
    );
    try {
      expect(await ids(again, `catalog/datasets?select=dataset_id&apikey=${KEYS.granted.key}`)).toEqual([
        'auth-public-cities',
        RESTRICTED_ID,
      ]);
    } finally {
      await again.app.close();
      await again.data.close();
    }
  });

  it('lists the union of the folders, the same bytes on both servers', async () => {
    const public_ = ['auth-public-cities', 'shared-towns'];
    expect(await ids(a, 'catalog/datasets?select=dataset_id')).toEqual(public_);
    expect(await ids(b, 'catalog/datasets?select=dataset_id')).toEqual(public_);
    for (const url of [
      'catalog/datasets',
      'catalog/datasets?include_links=true&where=search("ete")',
      'catalog/facets',
      'catalog/exports/csv',
      'catalog/exports/json',
      'catalog/datasets/shared-towns',
      'catalog/datasets/shared-towns/records?order_by=population',
    ]) {
      const [x, y] = await Promise.all([get(a, url), get(b, url)]);
      expect(x.statusCode, url).toBe(200);
      expect(x.body, url).toBe(y.body);
    }
    expect(await ids(a, 'catalog/datasets?where=search("ete")')).toEqual(['shared-towns']);
    // The v1.0 dataset search.
    const v1 = await a.app.inject({ method: 'GET', url: '/api/datasets/1.0/search/?q=rivers' });
    expect((v1.json() as { nhits: number }).nhits).toBe(1);
    expect(v1.body).toBe(
      (await b.app.inject({ method: 'GET', url: '/api/datasets/1.0/search/?q=rivers' })).body,
    );
  });

  it('gives the same access on both servers', async () => {
    const granted = `apikey=${KEYS.granted.key}`;
    const all = ['auth-public-cities', RESTRICTED_ID, 'shared-towns'];
    for (const server of [a, b]) {
      expect(await ids(server, `catalog/datasets?select=dataset_id&${granted}`)).toEqual(all);
      expect(await ids(server, `catalog/datasets?select=dataset_id&apikey=${KEYS.other.key}`)).toEqual([
        'auth-public-cities',
        'shared-towns',
      ]);
      expect((await get(server, `catalog/datasets/${RESTRICTED_ID}/records`)).statusCode).toBe(401);
      const records = await get(server, `catalog/datasets/${RESTRICTED_ID}/records?${granted}`);
      expect((records.json() as { total_count: number }).total_count).toBe(3);
    }
  });

  it('adds up the usage counts of both servers', async () => {
    const before = (await get(a, 'catalog/datasets/shared-towns?include_app_metas=true')).json() as {
      metas: { explore: { api_call_count: number; download_count: number } };
    };
    for (let i = 0; i < 3; i++) await get(a, 'catalog/datasets/shared-towns/records');
    await get(b, 'catalog/datasets/shared-towns/exports/csv');
    await usage(a).sync();
    await usage(b).sync();
    await usage(a).sync();
    for (const server of [a, b]) {
      const after = (
        await get(server, 'catalog/datasets/shared-towns?include_app_metas=true')
      ).json() as typeof before;
      expect(after.metas.explore.download_count).toBe(before.metas.explore.download_count + 1);
      // The three records calls, and the first server's read of the dataset.
      expect(after.metas.explore.api_call_count).toBeGreaterThanOrEqual(
        before.metas.explore.api_call_count + 4,
      );
      expect(
        await ids(server, 'catalog/datasets?select=dataset_id&order_by=explore.download_count desc'),
      ).toEqual(['shared-towns', 'auth-public-cities']);
    }
  });

  it('answers in the language asked on both servers, restricted datasets left out in every language', async () => {
    const titles = async (server: Server, url: string): Promise<string[]> =>
      (
        (await get(server, url)).json() as { results: { metas: { default: { title: string } } }[] }
      ).results.map((r) => r.metas.default.title);
    for (const server of [a, b]) {
      expect(await titles(server, 'catalog/datasets?lang=fr&where=search("rivieres")')).toEqual(['Villes']);
      expect(await titles(server, 'catalog/datasets?where=search("rivieres")')).toEqual([]);
      expect(await ids(server, 'catalog/datasets?lang=fr&select=dataset_id')).toEqual([
        'auth-public-cities',
        'shared-towns',
      ]);
      expect(
        await titles(
          server,
          `catalog/datasets?lang=fr&where=search("confidentielle")&apikey=${KEYS.granted.key}`,
        ),
      ).toEqual(['Paie confidentielle']);
      expect(await ids(server, 'catalog/datasets?lang=fr&where=search("confidentielle")')).toEqual([]);
    }
  });

  it('stops answering in a language whose translation was withdrawn, on both servers', async () => {
    const { translations: _, ...untranslated } = TOWNS.descriptor;
    writeAccessFixture(b.dir, [{ ...TOWNS, descriptor: untranslated }]);
    await b.data.catalog.rescan();
    await b.data.catalog.idle();
    for (const server of [a, b]) {
      expect(
        await until(async () => server.data.catalog.get('shared-towns')?.translations === undefined, 10_000),
      ).toBe(true);
      const french = (await get(server, 'catalog/datasets?lang=fr&where=search("towns")')).json() as {
        results: { metas: { default: { title: string } } }[];
      };
      expect(french.results.map((r) => r.metas.default.title)).toEqual(['Towns']);
    }
  });

  it('stops serving a dataset removed from the folder that published it, on both servers', async () => {
    await rm(join(b.dir, 'datasets', 'shared-towns.json'));
    await b.data.catalog.rescan();
    await b.data.catalog.idle();
    for (const server of [a, b])
      expect(await until(async () => server.data.catalog.get('shared-towns') === undefined, 10_000)).toBe(
        true,
      );
    expect(await ids(a, 'catalog/datasets?select=dataset_id')).toEqual(['auth-public-cities']);
    expect((await get(a, 'catalog/datasets/shared-towns')).statusCode).toBe(404);
  });
});
