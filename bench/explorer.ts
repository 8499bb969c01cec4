import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config';
import { startServer, stopServer, waitForLog } from './server';
import { percentile } from './stats';

/*
 * The explorer's figures (issue 7): the JavaScript a reader downloads before the catalog shows, gzip
 * bytes, from the production build; and the time from navigation to the first rows of the `flights`
 * table in headless Chromium, against the getRecords call the table makes, timed alone.
 */

export interface ExplorerFigures {
  /** Scripts loaded before the first dataset card shows: file name and gzip bytes. */
  readonly catalogScripts: readonly { readonly name: string; readonly gzip: number; readonly raw: number }[];
  readonly catalogGzip: number;
  /** Scripts that load only later (a dataset tab), gzip bytes. */
  readonly deferredGzip: number;
  /** Script names on the catalog that belong to the map or the editor (must be none). */
  readonly tabCodeOnCatalog: readonly string[];
  readonly firstRowsP50: number;
  readonly firstRowsRuns: readonly number[];
  readonly getRecordsP50: number;
  readonly runs: number;
  /** The machine's 1-minute load average at the end, since other work on it slows every figure. */
  readonly loadAverage: number;
}

/** The table's first page of flights (later records calls are the range histogram's and the like). */
const RECORDS_REQUEST = /\/api\/explore\/v2\.1\/catalog\/datasets\/flights\/records\?limit=100&offset=0&/;
/**
 * Chunks of the map (MapLibre's chunk is `map-*.js`, shared by the Map tab and the table's map) or of the
 * query editor, by their base name: `map-view-*.js` is the address's `location=` parser, which the
 * catalog's routes need, not map code.
 */
const TAB_CODE = /^(map|maplibre.*|MapTab|TableMap|MapCanvas|QueryPanel|editor|codemirror.*)$/i;
const chunkBase = (path: string): string => (path.split('/').pop() ?? '').replace(/-[\w-]{8}\.m?js$/, '');

/** Records, relative to navigation start, when the first real row (not a placeholder) is in the page. */
const MARK_FIRST_ROWS = `
  const observer = new MutationObserver(() => {
    if (document.querySelector('tr.record-row')) {
      window.firstRows = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
`;

/** The API requests a page carries the answers of (`data-explorer-url`), as absolute addresses. */
export function inlineRequests(html: string, pageUrl: string): string[] {
  return [...html.matchAll(/<script type="application\/json" data-explorer-url="([^"]+)">/g)].map(
    (m) => new URL((m[1] ?? '').replace(/&amp;/g, '&'), pageUrl).href,
  );
}

function build(outDir: string): void {
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('vite build failed');
}

/** `dataDir` holds an ingested catalog (the run's own). */
export async function explorerFigures(dataDir: string, runs: number): Promise<ExplorerFigures> {
  const outDir = mkdtempSync(join(tmpdir(), 'odexplorer-dist-'));
  build(outDir);
  // Cache off: every request of a cold page is computed, as the API calls timed alone beside it are.
  const server = await startServer(dataDir, { STATIC_DIR: outDir, RESULT_CACHE_MB: '0' });
  // Its catalog is ingested again after it listens when the folder comes from another checkout (the
  // sources' paths differ): nothing is timed meanwhile.
  await waitForLog(server, /catalog up to date/);
  const browser = await chromium.launch(chromiumLaunch);
  try {
    // 1. What the catalog needs: every script fetched until the first card is on screen.
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map<string, Promise<Buffer>>();
    let rendered = false;
    const early = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || response.status() !== 200) return;
      const body = response.body();
      body.catch(() => undefined);
      scripts.set(response.url(), body);
      if (!rendered) early.add(response.url());
    });
    await page.goto(`${server.origin}/`);
    await page.locator('.dataset-card').first().waitFor();
    rendered = true;
    // Then every tab, so the deferred chunks are counted too.
    await page.goto(`${server.origin}/datasets/flights/table`);
    await page.locator('tr.record-row').first().waitFor();
    // The table's map (wide screens) loads its code after the first rows: read every body before closing.
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(
      [...scripts].map(async ([url, body]) => {
        const bytes = await body;
        return { url, name: new URL(url).pathname, raw: bytes.length, gzip: gzipSync(bytes).length };
      }),
    );
    await context.close();
    const catalogScripts = sizes.filter((s) => early.has(s.url));
    const catalogGzip = catalogScripts.reduce((sum, s) => sum + s.gzip, 0);
    const deferredGzip = sizes.filter((s) => !early.has(s.url)).reduce((sum, s) => sum + s.gzip, 0);

    // 2. Navigation to first rows, each run in a new context (cold browser cache, warm server), against
    // the same getRecords call made from Node, alternating so that drift weighs on both.
    const firstRows: number[] = [];
    const getRecords: number[] = [];
    let recordsUrl: string | undefined;
    for (let i = 0; i < runs + 2; i++) {
      const ctx = await browser.newContext();
      // A string, not a function: tsx would wrap named functions in a helper the page does not have.
      await ctx.addInitScript(MARK_FIRST_ROWS);
      const tab = await ctx.newPage();
      tab.on('request', (request) => {
        if (recordsUrl === undefined && RECORDS_REQUEST.test(request.url())) recordsUrl = request.url();
      });
      // The server may answer it inside the page instead: the same call, timed alone below all the same.
      tab.on('response', (response) => {
        if (response.request().resourceType() !== 'document') return;
        response.text().then(
          (html) => {
            for (const url of inlineRequests(html, response.url())) {
              if (recordsUrl === undefined && RECORDS_REQUEST.test(url)) recordsUrl = url;
            }
          },
          () => undefined,
        );
      });
      await tab.goto(`${server.origin}/datasets/flights/table`);
      await tab.waitForFunction(() => (window as unknown as { firstRows?: number }).firstRows !== undefined);
      const ms = await tab.evaluate(() => (window as unknown as { firstRows: number }).firstRows);
      await ctx.close();
      if (!recordsUrl) throw new Error('the table made no getRecords call on flights');
      const started = performance.now();
      const response = await fetch(recordsUrl);
      await response.json();
      const callMs = performance.now() - started;
      // The first two runs warm the server's statement cache and the browser.
      if (i >= 2) {
        firstRows.push(ms);
        getRecords.push(callMs);
      }
    }
    return {
      catalogScripts: catalogScripts.map(({ name, gzip, raw }) => ({ name, gzip, raw })),
      catalogGzip,
      deferredGzip,
      tabCodeOnCatalog: catalogScripts.filter((s) => TAB_CODE.test(chunkBase(s.name))).map((s) => s.name),
      firstRowsP50: percentile(firstRows, 50),
      firstRowsRuns: firstRows,
      getRecordsP50: percentile(getRecords, 50),
      runs,
      loadAverage: loadavg()[0] ?? Number.NaN,
    };
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(outDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

export function renderExplorerFigures(f: ExplorerFigures): string {
  const scripts = f.catalogScripts.map((s) => `\`${s.name}\` ${kb(s.gzip)}`).join(', ');
  return `
## Explorer (issue 7)

Production build (\`vite build\`), served by the real server, loaded in headless Chromium. Load average of
the machine at the end of these runs: ${f.loadAverage.toFixed(1)} (the times grow with it; the bytes do not).

| figure | value | target |
|---|---|---|
| JavaScript loaded before the catalog renders, gzip | ${kb(f.catalogGzip)} (${scripts}) | ≤ 200 KB: ${f.catalogGzip <= 200 * 1024 ? 'met' : '**missed**'} |
| JavaScript loaded later, by the dataset tabs, gzip | ${kb(f.deferredGzip)} | |
| map or editor code loaded by the catalog | ${f.tabCodeOnCatalog.length === 0 ? 'none' : f.tabCodeOnCatalog.join(', ')} | none |
| navigation to the first rows of \`flights\` (3,000,000 records), p50 of ${f.runs} cold page loads | ${f.firstRowsP50.toFixed(0)} ms | |
| the table's getRecords call alone (Node fetch, JSON parsed), p50 | ${f.getRecordsP50.toFixed(1)} ms | |
`;
}
