import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { atlasFeatures, type Countries } from './src/app/map/atlas.ts';

/*
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each built text asset, for the server to send
 * as they are (@fastify/static's `preCompressed`): compressing the same chunks again for every visitor
 * took the server's time while the first page's data requests waited behind them.
 */

// Source maps are left out: few visitors fetch them, and they are the largest files.
const COMPRESSIBLE = /\.(m?js|css|json|svg)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function precompress(dir: string): Promise<void> {
  const names = await readdir(dir);
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

/** The offline basemap's two scales: `coarse` for a world or a continent, `fine` from a country on. */
const ATLAS_SCALES = { coarse: '110m', fine: '50m' } as const;
const ATLAS_MODULE = 'virtual:offline-atlas';
const DEV_ATLAS_PATH = '/@offline-atlas/';

const atlasJsons = new Map<string, Promise<string>>();

/** Each scale made once per process: the build emits it once, the development server serves it often. */
function atlasJson(scale: string): Promise<string> {
  const known = atlasJsons.get(scale);
  if (known) return known;
  const made = readFile(createRequire(import.meta.url).resolve(`world-atlas/countries-${scale}.json`), 'utf8')
    .then((text) => JSON.stringify(atlasFeatures(JSON.parse(text) as Countries)))
    .catch((error: unknown) => {
      atlasJsons.delete(scale);
      throw error;
    });
  atlasJsons.set(scale, made);
  return made;
}

/**
 * Vite plugin: `virtual:offline-atlas` exports the address of each scale's GeoJSON (src/app/map/atlas.ts),
 * written as a hashed asset by the build and served from memory by the development server.
 */
function offlineAtlas(): Plugin {
  let serving = false;
  return {
    name: 'offline-atlas',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(id) {
      return id === ATLAS_MODULE ? `\0${ATLAS_MODULE}` : undefined;
    },
    async load(id) {
      if (id !== `\0${ATLAS_MODULE}`) return undefined;
      const lines = await Promise.all(
        Object.entries(ATLAS_SCALES).map(async ([detail, scale]) => {
          if (serving) return `export const ${detail} = ${JSON.stringify(`${DEV_ATLAS_PATH}${scale}.json`)};`;
          const ref = this.emitFile({
            type: 'asset',
            name: `atlas-${scale}.json`,
            originalFileName: `atlas-${scale}.json`,
            source: await atlasJson(scale),
          });
          return `export const ${detail} = import.meta.ROLLUP_FILE_URL_${ref};`;
        }),
      );
      return lines.join('\n');
    },
    configureServer(server) {
      server.middlewares.use(DEV_ATLAS_PATH, (req, res, next) => {
        const scale = Object.values(ATLAS_SCALES).find((s) => req.url === `/${s}.json`);
        if (!scale) return next();
        atlasJson(scale).then((json) => {
          res.setHeader('content-type', 'application/json');
          res.end(json);
        }, next);
      });
    },
  };
}

// The explorer is a static SPA; in development, API calls go to the embedded server.
export default defineConfig({
  plugins: [react(), offlineAtlas(), precompressAssets()],
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
