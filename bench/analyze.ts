import { chromium, type Page } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config';
import { writeResultsSection } from './results-file';
import { fmt, percentile } from './stats';

/*
 * The Analyze tab's first chart in headless Chromium (issue 18), two ways:
 * - opening the tab: the dataset's Table tab is loaded and idle, the visitor clicks "Analyze"; from the
 *   click to the drawn chart (its `data-drawn` mark, set on the frame after ECharts drew the answered
 *   data), against the chart's grouped records calls replayed alone from Node in the same run;
 * - following a link to the tab (a cold page load): from navigation to the drawn chart, against the
 *   requests it waits for (the dataset's metadata, then its grouped records calls) replayed alone.
 * Target (the figure is opening the tab): at most twice the requests alone.
 * Each page is a new browser context (nothing cached), after one warm-up load per case. The server must
 * run with its result cache off (`RESULT_CACHE_MB=0`, as `npm run bench` starts it): otherwise the page's
 * call and its replay are lookups of the answer the warm-up computed, and the figure compares drawing
 * with a cache hit instead of with the query.
 */

const RUNS = Number(process.env.BENCH_ANALYZE_RUNS ?? 7);
export const ANALYZE_TARGET_RATIO = 2;

const FLIGHTS_CHART =
  'chart.x=date&chart.precision=month&chart.series=count,,column,left,0072b2&chart.sort=x&chart.max=200';

type Mode = 'tab' | 'link';

const CASES: readonly { name: string; mode: Mode; path: string }[] = [
  {
    name: 'flights (3,000,000 records), counts by month: opening the tab',
    mode: 'tab',
    path: '/datasets/flights/table',
  },
  {
    name: 'flights, counts by month: a link to the chart (cold page load)',
    mode: 'link',
    path: `/datasets/flights/analyze?${FLIGHTS_CHART}`,
  },
];

export interface AnalyzeFigure {
  readonly name: string;
  readonly mode: Mode;
  readonly drawnP50: number;
  /** The same requests replayed alone from Node, one after the other. */
  readonly dataP50: number;
  /** The same requests as the page saw them (first start to last end), for reference. */
  readonly inPageP50: number;
  readonly requests: number;
}

async function replay(urls: readonly string[]): Promise<number> {
  const start = performance.now();
  for (const url of urls) {
    const res = await fetch(url);
    await res.arrayBuffer();
  }
  return performance.now() - start;
}

/** The requests on the chart's path: the dataset itself and the grouped records calls (not the facets). */
function chartRequest(url: string, mode: Mode): boolean {
  const { pathname, searchParams } = new URL(url);
  if (pathname.endsWith('/records') && searchParams.has('group_by')) return true;
  return mode === 'link' && /\/catalog\/datasets\/[^/]+$/.test(pathname);
}

/** From the first request's start to the last one's end, as the page's resource timing saw them. */
async function inPage(page: Page, urls: readonly string[]): Promise<number> {
  return page.evaluate((wanted) => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((e) => wanted.includes(e.name)) as PerformanceResourceTiming[];
    if (entries.length === 0) return Number.NaN;
    return Math.max(...entries.map((e) => e.responseEnd)) - Math.min(...entries.map((e) => e.startTime));
  }, urls);
}

const waitDrawn = (page: Page) =>
  page.waitForFunction(
    () => (document.querySelector('.chart-canvas[data-drawn="true"]') !== null ? performance.now() : false),
    null,
    { polling: 'raf', timeout: 120_000 },
  );

/** Resolves once no request has been running for `quietMs` (the page's own follow-up requests included). */
async function settled(page: Page, quietMs: number): Promise<void> {
  let running = 0;
  let last = performance.now();
  const start = () => {
    running++;
    last = performance.now();
  };
  const end = () => {
    running--;
    last = performance.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline && (running > 0 || performance.now() - last < quietMs)) {
    await new Promise((r) => setTimeout(r, 50));
  }
  page.off('request', start);
  page.off('requestfinished', end);
  page.off('requestfailed', end);
}

/** One page load (or tab opening): the time to the drawn chart and the chart's request URLs. */
async function measure(page: Page, origin: string, mode: Mode, path: string) {
  const urls: string[] = [];
  let listening = mode === 'link';
  page.on('request', (r) => {
    if (listening && r.url().includes('/api/explore/') && chartRequest(r.url(), mode)) urls.push(r.url());
  });
  let start = 0;
  if (mode === 'link') {
    await page.goto(`${origin}${path}`);
  } else {
    await page.goto(`${origin}${path}`);
    await page.locator('.records-scroll tbody tr').first().waitFor({ timeout: 60_000 });
    // The page is idle: the table's rows, facets and range widget are in, nothing asked for a second.
    await page.waitForLoadState('networkidle');
    await settled(page, 1000);
    await page.evaluate(() => {
      addEventListener('pointerdown', () => Object.assign(window, { benchStart: performance.now() }), {
        capture: true,
        once: true,
      });
    });
    listening = true;
    await page
      .getByRole('navigation', { name: 'Dataset views' })
      .getByRole('link', { name: 'Analyze' })
      .click();
  }
  const drawn = Number(await (await waitDrawn(page)).jsonValue());
  if (mode === 'tab')
    start = Number(await page.evaluate(() => (window as { benchStart?: number }).benchStart));
  return { ms: drawn - start, urls, inPage: await inPage(page, urls) };
}

export async function analyzeRenderFigures(origin: string): Promise<AnalyzeFigure[]> {
  const browser = await chromium.launch(chromiumLaunch);
  const figures: AnalyzeFigure[] = [];
  try {
    for (const c of CASES) {
      const drawn: number[] = [];
      const data: number[] = [];
      const seen: number[] = [];
      let requests = 0;
      for (let run = -1; run < RUNS; run++) {
        const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
        const m = await measure(page, origin, c.mode, c.path);
        await page.close();
        if (run < 0) continue;
        drawn.push(m.ms);
        seen.push(m.inPage);
        data.push(await replay(m.urls));
        requests = m.urls.length;
      }
      const figure = {
        name: c.name,
        mode: c.mode,
        drawnP50: percentile(drawn, 50),
        dataP50: percentile(data, 50),
        inPageP50: percentile(seen, 50),
        requests,
      };
      console.log(
        `analyze ${c.name.padEnd(64)} drawn ${fmt(figure.drawnP50).padStart(7)} ms   data ${fmt(figure.dataP50).padStart(7)} ms   in page ${fmt(figure.inPageP50).padStart(7)} ms   (drawn ${drawn.map(fmt).join(', ')})`,
      );
      figures.push(figure);
    }
  } finally {
    await browser.close();
  }
  return figures;
}

export const ANALYZE_HEADING = '## Analyze (issue 18)';

export function renderAnalyzeTable(figures: readonly AnalyzeFigure[], note = ''): string {
  const rows = figures
    .map((f) => {
      const ratio = f.drawnP50 / f.dataP50;
      const verdict =
        f.mode === 'tab' ? (ratio <= ANALYZE_TARGET_RATIO ? 'met' : '**missed**') : '(reference)';
      return `| ${f.name} | ${fmt(f.drawnP50)} | ${fmt(f.dataP50)} (${f.requests} requests) | ${fmt(f.inPageP50)} | ${ratio.toFixed(2)} | ${verdict} |`;
    })
    .join('\n');
  return `
${ANALYZE_HEADING}

Analyze tab, first chart in headless Chromium, ${RUNS} runs per figure after one warm-up, each in a new
browser context (p50). "Opening the tab": the Table tab of flights is loaded and idle, then the visitor
clicks Analyze; from pressing the link (pointerdown) to the drawn chart. "A link": from navigation to the drawn chart (the
app's own start included). Both against the chart's requests replayed alone from Node one after the
other (for the link, the dataset's metadata and then the grouped records call); "in page" is the same
requests as the page's resource timing saw them. Target: opening the tab at most ${ANALYZE_TARGET_RATIO}× the requests alone.
${note}
| chart | drawn ms | data requests alone ms | in page ms | ratio | target |
|---|---|---|---|---|---|
${rows}
`;
}

/** Replaces (or adds, before the explorer's) the Analyze section of bench/RESULTS.md. */
function writeAnalyzeSection(section: string): void {
  writeResultsSection(ANALYZE_HEADING, section, '\n## Explorer');
}

// `npx tsx bench/analyze.ts http://127.0.0.1:8097 [--write]` measures a running server (with a fresh
// build) alone; `--write` puts the figures into the Analyze section of bench/RESULTS.md.
if (import.meta.url === `file://${process.argv[1]}`) {
  const origin = process.argv[2] ?? 'http://127.0.0.1:8097';
  const { execSync } = await import('node:child_process');
  const figures = await analyzeRenderFigures(origin);
  const load = execSync('uptime').toString().trim();
  const section = renderAnalyzeTable(
    figures,
    `\nMeasured alone (\`npx tsx bench/analyze.ts <origin> --write\`) on ${new Date().toISOString().slice(0, 10)}; \`uptime\` at the end: \`${load.replace(/^.*load average/, 'load average')}\`.\n`,
  );
  console.log(section);
  if (process.argv.includes('--write')) writeAnalyzeSection(section);
}
