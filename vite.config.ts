import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { FeatureCollection } from 'geojson';
import { defineConfig, type Plugin } from 'vite';
import { atlasFeatures, type Countries } from './src/app/map/atlas.ts';
import { basemapTiles } from './src/app/map/basemap-tiles.ts';
import { framingHeaders } from './src/server/explorer/framing.ts';
import { pageRoute } from './src/server/explorer/page-route.ts';

/*
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each built text asset and basemap tile, for
 * the server to send as they are (@fastify/static's `preCompressed`): compressing the same chunks again
 * for every visitor took the server's time while the first page's data requests waited behind them.
 */

// Source maps are left out: few visitors fetch them, and they are the largest files.
const COMPRESSIBLE = /\.(m?js|css|json|svg|pbf)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function precompress(dir: string): Promise<void> {
  // The basemap's tiles are in a folder of their own.
  const names = await readdir(dir, { recursive: true });
  await Promise.all(
    names
      .filter((name) => COMPRESSIBLE.test(name))
      .map(async (name) => {
        const path = join(dir, name);
        const bytes = await readFile(path);
        if (bytes.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(bytes, {
            params: {
              // 11 saves 10% more but takes twenty times as long, on every build (`npm start` builds).
              [constants.BROTLI_PARAM_QUALITY]: 9,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      }),
  );
}

/** Vite plugin: precompresses the `assets` folder of the build once it is written. */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompress(join(outDir, 'assets'));
    },
  };
}

/** Natural Earth's countries at two scales: `coarse` for a world or a continent, `fine` from a country on. */
const ATLAS_SCALES = { coarse: '110m', fine: '50m' } as const;
const BASEMAP_MODULE = 'virtual:offline-basemap';
const DEV_TILES_PATH = '/@offline-basemap/';
/** The tile whose address the module exports; the explorer makes the others' from it. */
const FIRST_TILE = '0/0/0.pbf';

async function atlas(scale: string): Promise<FeatureCollection> {
  const path = createRequire(import.meta.url).resolve(`world-atlas/countries-${scale}.json`);
  return atlasFeatures(JSON.parse(await readFile(path, 'utf8')) as Countries);
}

let cut: Promise<ReadonlyMap<string, Uint8Array>> | undefined;

/** The tiles by `z/x/y.pbf`, cut once per process: written once by a build, served often in development. */
function basemap(): Promise<ReadonlyMap<string, Uint8Array>> {
  cut ??= Promise.all([atlas(ATLAS_SCALES.coarse), atlas(ATLAS_SCALES.fine)]).then(
    ([coarse, fine]) =>
      new Map([...basemapTiles(coarse, fine)].map((t) => [`${t.z}/${t.x}/${t.y}.pbf`, t.bytes])),
  );
  cut.catch(() => {
    cut = undefined;
  });
  return cut;
}

/**
 * Vite plugin: `virtual:offline-basemap` exports the address of the offline basemap's first tile
 * (src/app/map/basemap-tiles.ts). A build writes every tile in a folder named by their content, as the
 * other assets are named, so that a browser may keep them; the development server serves them from memory.
 */
function offlineBasemap(): Plugin {
  let serving = false;
  return {
    name: 'offline-basemap',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(id) {
      return id === BASEMAP_MODULE ? `\0${BASEMAP_MODULE}` : undefined;
    },
    async load(id) {
      if (id !== `\0${BASEMAP_MODULE}`) return undefined;
      if (serving) return `export const firstTile = ${JSON.stringify(`${DEV_TILES_PATH}${FIRST_TILE}`)};`;
      const tiles = await basemap();
      const hash = createHash('sha256');
      for (const [path, bytes] of tiles) hash.update(path).update(bytes);
      const folder = `assets/basemap-${hash.digest('base64url').slice(0, 8)}`;
      let first = '';
      for (const [path, bytes] of tiles) {
        const ref = this.emitFile({ type: 'asset', fileName: `${folder}/${path}`, source: bytes });
        if (path === FIRST_TILE) first = ref;
      }
      return `export const firstTile = import.meta.ROLLUP_FILE_URL_${first};`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_TILES_PATH, (req, res, next) => {
        basemap().then((tiles) => {
          const bytes = tiles.get((req.url ?? '').slice(1));
          // Not the page's fallback: MapLibre would read a page as a broken tile.
          res.statusCode = bytes ? 200 : 404;
          res.setHeader('content-type', 'application/x-protobuf');
          res.end(bytes);
        }, next);
      });
    },
  };
}

/**
 * Vite plugin: the development and preview servers say who may frame a page as the server does
 * (src/server/explorer/framing.ts): nobody for the explorer, any site for an embedded view. Set on
 * every answer, modules included, where it changes nothing.
 */
function framing(): Plugin {
  const setHeaders = (
    url: string | undefined,
    res: { setHeader: (name: string, value: string) => unknown },
  ) => {
    const headers = framingHeaders(pageRoute(new URL(url ?? '/', 'http://dev.local').pathname));
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  };
  return {
    name: 'framing',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        setHeaders(req.url, res);
        next();
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        setHeaders(req.url, res);
        next();
      });
    },
  };
}

// The explorer is a static SPA; in development, API calls go to the embedded server.
export default defineConfig({
  plugins: [react(), offlineBasemap(), precompressAssets(), framing()],
  root: '.',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // MapLibre's chunk (about 1.1 MB) is the largest, and loads only on the Map tab: the catalog's
    // JavaScript budget is measured by `npm run bench` instead.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Everything the entry needs in one chunk, and the modules the views share (not the map's,
        // the chart's or the editor's) in another: a browser opens six connections to a server, and
        // sixteen small chunks held back the first page's data requests and its code.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'] },
            {
              name: 'views',
              // But the Analyze tab's messages and its chart's frame (ECharts itself loads later), which
              // the table's column statistics use too: two requests fewer before a table's first rows.
              // Not the Markdown parser's module either: the cards and the Information tab share it,
              // and a table never needs it (src/app/format/markdown.ts).
              test: (id) =>
                /[\\/]src[\\/]app[\\/]/.test(id) &&
                (!/[\\/](map|analyze|editor)[\\/]/.test(id) ||
                  /[\\/]analyze[\\/](i18n|messages|ChartCanvas)\.tsx?$/.test(id)) &&
                !/[\\/]format[\\/]markdown\.ts$/.test(id),
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? '8080'}` },
  },
});
