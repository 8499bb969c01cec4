import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
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

const ALL_CASES = [
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
  /** Every measured render, in the order of the rounds. */
  readonly renders: readonly number[];
}

/** The case whose first picture is MapLibre's floor (the basemap alone), the others' ratios' divisor. */
export const FLOOR = ALL_CASES[2].name;

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

/** One cold load of a map address: ms from navigation to the map's `data-ready`, and its API requests. */
async function loadMap(browser: Browser, url: string): Promise<{ ms: number; urls: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  try {
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
    await page.goto(url);
    const ready = await page.waitForFunction(
      () => {
        const map = document.querySelector<HTMLElement>('[data-testid="map"]');
        return map?.dataset.ready === 'true' ? performance.now() : false;
      },
      null,
      { polling: 'raf', timeout: 120_000 },
    );
    const ms = Number(await ready.jsonValue());
    return { ms, urls: [...(await inline), ...urls] };
  } finally {
    await page.close();
  }
}

/**
 * Each round loads every map once, in turn (the floor among them), so that the shared machine's drift
 * weighs on every map and on the floor alike; one warm-up round first (statements prepared on the
 * server, the explorer's files in the operating system's cache).
 */
export async function mapRenderFigures(origin: string, runs = RUNS): Promise<MapFigure[]> {
  // BENCH_MAP_CASES=airports,heat measures the maps whose names hold one of these words, and the floor.
  const only = process.env.BENCH_MAP_CASES?.split(',').filter(Boolean);
  const CASES = ALL_CASES.filter((c) => !only || c.name === FLOOR || only.some((w) => c.name.includes(w)));
  const browser = await chromium.launch(chromiumLaunch);
  const render = new Map<string, number[]>(CASES.map((c) => [c.name, []]));
  const data = new Map<string, number[]>(CASES.map((c) => [c.name, []]));
  const requests = new Map<string, number>();
  try {
    for (let run = -1; run < runs; run++) {
      for (const c of CASES) {
        const { ms, urls } = await loadMap(browser, `${origin}${c.path}`);
        if (run < 0) continue;
        render.get(c.name)!.push(ms);
        data.get(c.name)!.push(await replay(urls));
        requests.set(c.name, urls.length);
      }
    }
  } finally {
    await browser.close();
  }
  const figures = CASES.map((c) => ({
    name: c.name,
    renderP50: percentile(render.get(c.name)!, 50),
    dataP50: percentile(data.get(c.name)!, 50),
    requests: requests.get(c.name) ?? 0,
    renders: render.get(c.name)!,
  }));
  const floor = figures.find((f) => f.name === FLOOR)!.renderP50;
  for (const f of figures)
    console.log(
      `map ${f.name.padEnd(52)} render ${fmt(f.renderP50).padStart(7)} ms (${(f.renderP50 / floor).toFixed(2)}x floor)   data ${fmt(f.dataP50).padStart(7)} ms`,
    );
  return figures;
}

export function renderMapTable(figures: readonly MapFigure[]): string {
  const floor = figures.find((f) => f.name === FLOOR)?.renderP50 ?? Number.NaN;
  const rows = figures
    .map((f) => {
      const ratio = f.renderP50 / floor;
      const against =
        f.name === FLOOR ? '1 (the floor)' : `${ratio.toFixed(2)}${ratio <= 1.2 ? '' : ' (over 1.2)'}`;
      return `| ${f.name} | ${fmt(f.renderP50)} | ${against} | ${fmt(f.dataP50)} (${f.requests} requests) | ${fmt(f.renderP50 - f.dataP50)} |`;
    })
    .join('\n');
  return `Map tab, first full render in headless Chromium (software WebGL), ${RUNS} rounds after one warm-up
round, each round a cold page load of every map in turn (a new browser context each); from navigation
to the map's first complete picture with every request answered (its \`data-ready\`), p50; against the
floor (the same basemap at the same place with no record to draw, measured in the same rounds: target
≤ 1.2×), and against the same API requests replayed alone one after the other:

| map | first full render ms | × floor | data requests alone ms | the rest (page, MapLibre, drawing) ms |
|---|---|---|---|---|
${rows}
`;
}
