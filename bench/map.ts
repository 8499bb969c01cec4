import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config';
import { inlineRequests } from './explorer';
import { fmt, percentile } from './stats';

/*
 * The map's first full render in headless Chromium (software WebGL), from navigation to the moment the
 * map has drawn every record or cluster it asked for (its `data-ready` mark, set on MapLibre's `idle`
 * once no request is pending), against the time of the same data requests replayed alone, one after the
 * other, from Node.
 */

const RUNS = Number(process.env.BENCH_MAP_RUNS ?? 5);

/** The United States, where every display mode below is looked at. */
const US = 'location=3,38,-97';

const CASES = [
  { name: 'us-zip-codes (42,049 records), fitted on load', path: '/datasets/us-zip-codes/map' },
  { name: 'flights (3,000,000 records) clusters, fitted on load', path: '/datasets/flights/map' },
  // The floor of the display modes: the same basemap at the same place, no record to draw.
  {
    name: 'floor: the basemap alone (no record matches)',
    path: `/datasets/us-zip-codes/map?${US}&q=zzqqzzqq`,
  },
  { name: 'us-zip-codes clusters', path: `/datasets/us-zip-codes/map?${US}` },
  { name: 'us-zip-codes heat map', path: `/datasets/us-zip-codes/map?${US}&mapmode=heatmap` },
  {
    name: 'flights clusters by average delay',
    path: `/datasets/flights/map?${US}&mapmode=clusters&mapagg=avg&mapfield=delay`,
  },
  { name: 'airports points', path: `/datasets/airports/map?${US}` },
  {
    name: 'airports categories by state',
    path: `/datasets/airports/map?${US}&mapmode=categories&mapfield=state`,
  },
  {
    name: 'us-states by obesity rate',
    path: `/datasets/us-states/map?${US}&mapmode=choropleth&mapfield=obesity_rate`,
  },
  {
    name: 'airports counted onto us-states',
    path: `/datasets/airports/map?${US}&mapmode=areas&mapshapes=us-states&mapjoin=state:state`,
  },
] as const;

export interface MapFigure {
  readonly name: string;
  readonly renderP50: number;
  readonly dataP50: number;
  readonly requests: number;
}

/** Builds the explorer into `dir`, for a server started with `STATIC_DIR=dir`. */
export function buildExplorer(dir: string): string {
  const out = join(dir, 'explorer');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', out], { stdio: 'inherit' });
  return out;
}

async function replay(urls: readonly string[]): Promise<number> {
  const start = performance.now();
  for (const url of urls) {
    const res = await fetch(url);
    await res.arrayBuffer();
  }
  return performance.now() - start;
}

export async function mapRenderFigures(origin: string): Promise<MapFigure[]> {
  const browser = await chromium.launch(chromiumLaunch);
  const figures: MapFigure[] = [];
  try {
    for (const c of CASES) {
      const render: number[] = [];
      const data: number[] = [];
      let requests = 0;
      // One warm-up load: assets in the browser cache, statements prepared on the server.
      for (let run = -1; run < RUNS; run++) {
        const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
        const urls: string[] = [];
        page.on('request', (r) => {
          if (r.url().includes('/api/explore/')) urls.push(r.url());
        });
        // Requests the server answered inside the page are the map's data too: replayed alike.
        const inline = new Promise<string[]>((resolve) => {
          page.on('response', (r) => {
            if (r.request().resourceType() === 'document')
              r.text().then(
                (html) => resolve(inlineRequests(html, r.url())),
                () => resolve([]),
              );
          });
        });
        await page.goto(`${origin}${c.path}`);
        const ready = await page.waitForFunction(
          () => {
            const map = document.querySelector<HTMLElement>('[data-testid="map"]');
            return map?.dataset.ready === 'true' ? performance.now() : false;
          },
          null,
          { polling: 'raf', timeout: 120_000 },
        );
        const ms = Number(await ready.jsonValue());
        const inlined = await inline;
        await page.close();
        if (run < 0) continue;
        render.push(ms);
        const all = [...inlined, ...urls];
        data.push(await replay(all));
        requests = all.length;
      }
      const figure = {
        name: c.name,
        renderP50: percentile(render, 50),
        dataP50: percentile(data, 50),
        requests,
      };
      console.log(
        `map ${c.name.padEnd(52)} render ${fmt(figure.renderP50).padStart(7)} ms   data ${fmt(figure.dataP50).padStart(7)} ms`,
      );
      figures.push(figure);
    }
  } finally {
    await browser.close();
  }
  return figures;
}

export function renderMapTable(figures: readonly MapFigure[]): string {
  const rows = figures
    .map(
      (f) =>
        `| ${f.name} | ${fmt(f.renderP50)} | ${fmt(f.dataP50)} (${f.requests} requests) | ${fmt(f.renderP50 - f.dataP50)} |`,
    )
    .join('\n');
  return `Map tab, first full render in headless Chromium (software WebGL), ${RUNS} page loads per figure after one
warm-up; from navigation to the map's \`idle\` with every request answered, against the same API requests
replayed alone one after the other (p50):

| map | first full render ms | data requests alone ms | the rest (page, MapLibre, drawing) ms |
|---|---|---|---|
${rows}
`;
}
