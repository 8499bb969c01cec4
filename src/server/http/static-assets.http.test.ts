import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmallServer, startSmallServer } from '../testing/small-server';

/*
 * The explorer's built assets: sent as the build compressed them (the `.br` beside each file), not
 * compressed again per request, and cached for good (their names change with their content).
 */

const PLAIN = `console.log(${JSON.stringify('plain '.repeat(400))});`;
// The precompressed copy says something else, so the answer shows which file was sent.
const PRECOMPRESSED = `console.log(${JSON.stringify('precompressed '.repeat(200))});`;

// Not a real tile: the bytes are only sent, never read.
const TILE = Buffer.from(Array.from({ length: 2048 }, (_, i) => i % 7));

let server: SmallServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'explore-static-'));
  await mkdir(join(staticDir, 'assets'));
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(staticDir, 'assets', 'app-abc123.js'), PLAIN);
  await writeFile(join(staticDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(PRECOMPRESSED));
  await writeFile(join(staticDir, 'assets', 'other-def456.js'), PLAIN);
  await mkdir(join(staticDir, 'assets', 'basemap-x', '2', '1'), { recursive: true });
  await writeFile(join(staticDir, 'assets', 'basemap-x', '2', '1', '1.pbf'), TILE);
  await writeFile(join(staticDir, 'assets', 'basemap-x', '2', '1', '1.pbf.br'), brotliCompressSync(TILE));
  await writeFile(join(staticDir, 'assets', 'basemap-x', '2', '1', '2.pbf'), '');
  server = await startSmallServer({ STATIC_DIR: staticDir });
});

afterAll(async () => {
  await server?.close();
  await rm(staticDir, { recursive: true, force: true });
});

describe('built assets', () => {
  it('sends the Brotli copy written by the build to a browser that takes Brotli', async () => {
    const response = await fetch(`${server.origin}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toBe(PRECOMPRESSED);
  });

  it('sends the file itself to a client that takes no compression', async () => {
    const response = await fetch(`${server.origin}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(PLAIN);
  });

  it('still compresses an asset that has no copy', async () => {
    const response = await fetch(`${server.origin}/assets/other-def456.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toBe(PLAIN);
  });

  it('lets the browser keep assets for a year, but not the page', async () => {
    const asset = await fetch(`${server.origin}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('cache-control')).toContain('max-age=31536000');
    const page = await fetch(`${server.origin}/datasets/x/table`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control') ?? '').not.toContain('immutable');
  });

  it('sends the basemap’s tiles from their folders as vector tiles, compressed or empty', async () => {
    const tile = await fetch(`${server.origin}/assets/basemap-x/2/1/1.pbf`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(tile.status).toBe(200);
    expect(tile.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    expect(tile.headers.get('content-encoding')).toBe('br');
    expect(Buffer.from(await tile.arrayBuffer())).toEqual(TILE);
    const sea = await fetch(`${server.origin}/assets/basemap-x/2/1/2.pbf`);
    expect(sea.status).toBe(200);
    expect(sea.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    expect((await sea.arrayBuffer()).byteLength).toBe(0);
    const missing = await fetch(`${server.origin}/assets/basemap-x/9/0/0.pbf`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect((await missing.json()).error_code).toBe('NotFoundResource');
  });
});
