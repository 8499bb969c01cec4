import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader as Protobuf } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRENCH_NAME, writeLondonStreets } from '../testing/london-streets';
import { type SmallServer, startSmallServer } from '../testing/small-server';

/*
 * The publisher's street basemap (BASEMAP_PMTILES): a small archive of London made at test time, served
 * as TileJSON and z/x/y tiles read from it, and named in the explorer's page.
 */

let folder: string;
let server: SmallServer;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'basemap-'));
  const archive = join(folder, 'london.pmtiles');
  await writeLondonStreets(archive);
  const staticDir = join(folder, 'dist');
  await mkdir(staticDir);
  await writeFile(join(staticDir, 'index.html'), '<html lang="en"><head></head><body></body></html>');
  server = await startSmallServer({
    BASEMAP_PMTILES: archive,
    BASEMAP_ATTRIBUTION: '© Test contributors',
    STATIC_DIR: staticDir,
  });
});

afterAll(async () => {
  await server?.close();
  await rm(folder, { recursive: true, force: true });
});

/** A GET without the automatic decompression of fetch, to see the bytes as sent. */
function rawGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${server.origin}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** The tile at zoom 10 holding central London. */
const CENTRAL = '/basemap/tiles/10/511/340.mvt';

describe('street basemap', () => {
  it('describes the archive as TileJSON', async () => {
    const res = await fetch(`${server.origin}/basemap/tiles.json`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      tilejson: '3.0.0',
      tiles: [`${server.origin}/basemap/tiles/{z}/{x}/{y}.mvt`],
      minzoom: 0,
      maxzoom: 12,
      attribution: '© Test contributors',
    });
    expect((body.vector_layers as { id: string }[]).map((l) => l.id)).toEqual(['earth', 'roads', 'places']);
  });

  it('serves a tile as stored (gzip) to a client that accepts it, with its layers and names', async () => {
    const res = await rawGet(CENTRAL, { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const tile = new VectorTile(new Protobuf(gunzipSync(res.body)));
    expect(Object.keys(tile.layers).sort()).toEqual(['earth', 'places', 'roads']);
    const places = tile.layers.places!;
    const names = Array.from({ length: places.length }, (_, i) => places.feature(i).properties);
    expect(names).toContainEqual(
      expect.objectContaining({ name: FRENCH_NAME.name, 'name:fr': FRENCH_NAME.fr }),
    );
  });

  it('inflates the tile for a client that does not accept gzip', async () => {
    const res = await rawGet(CENTRAL, { 'accept-encoding': 'identity' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Object.keys(new VectorTile(new Protobuf(res.body)).layers)).toContain('roads');
  });

  it('answers 304 to a browser that has the tile', async () => {
    const first = await rawGet(CENTRAL);
    const again = await rawGet(CENTRAL, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('answers an empty tile outside the archive, a 400 for an address that is not a tile', async () => {
    const sea = await rawGet('/basemap/tiles/10/0/0.mvt');
    expect(sea.status).toBe(200);
    expect(sea.body.length).toBe(0);
    for (const path of [
      '/basemap/tiles/10/1024/0.mvt',
      '/basemap/tiles/a/0/0.mvt',
      '/basemap/tiles/1/0/0.png',
    ]) {
      const res = await fetch(`${server.origin}${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ error_code: 'InvalidRESTParameterError' });
    }
  });

  it("names the basemap in the explorer's page, so the map asks for no description first", async () => {
    const page = await (await fetch(`${server.origin}/datasets/x/map`)).text();
    const script = /<script type="application\/json" id="explorer-basemap">(.*?)<\/script>/.exec(page);
    expect(script).not.toBeNull();
    expect(JSON.parse(script![1]!)).toMatchObject({
      tiles: [`${server.origin}/basemap/tiles/{z}/{x}/{y}.mvt`],
    });
    expect(page.indexOf('explorer-basemap')).toBeLessThan(page.indexOf('</head>'));
  });
});

describe('without BASEMAP_PMTILES', () => {
  it('serves no street basemap', async () => {
    const plain = await startSmallServer({});
    try {
      expect((await fetch(`${plain.origin}/basemap/tiles.json`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('refuses to start on a file that is not a PMTiles archive, naming the setting', async () => {
    const path = join(folder, 'not.pmtiles');
    await writeFile(path, 'hello');
    await expect(startSmallServer({ BASEMAP_PMTILES: path })).rejects.toThrow(
      /^BASEMAP_PMTILES=.* is not a PMTiles archive/,
    );
  });
});
