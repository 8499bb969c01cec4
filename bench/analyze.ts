import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config';
import { fmt, percentile } from './stats';

/*
 * The Analyze tab's first chart in headless Chromium: from navigation to the drawn chart (its
 * `data-drawn` mark, set on the frame after ECharts drew the answered data), against the time of the
 * requests the chart waits for (the dataset's metadata, then its grouped records calls) replayed alone,
 * one after the other, from Node. Target: at most twice the requests alone.
 */

const RUNS = Number(process.env.BENCH_ANALYZE_RUNS ?? 5);
export const ANALYZE_TARGET_RATIO = 2;

const CASES = [
  {
    name: 'flights (3,000,000 records), counts by month',
    path: '/datasets/flights/analyze?chart.x=date&chart.precision=month&chart.series=count,,column,left,0072b2&chart.sort=x&chart.max=200',
  },
] as const;

export interface AnalyzeFigure {
  readonly name: string;
  readonly drawnP50: number;
  readonly dataP50: number;
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
function chartRequest(url: string): boolean {
  const { pathname, searchParams } = new URL(url);
  return (
    /\/catalog\/datasets\/[^/]+$/.test(pathname) ||
    (pathname.endsWith('/records') && searchParams.has('group_by'))
  );
}

export async function analyzeRenderFigures(origin: string): Promise<AnalyzeFigure[]> {
  const browser = await chromium.launch(chromiumLaunch);
  const figures: AnalyzeFigure[] = [];
  try {
    for (const c of CASES) {
      const drawn: number[] = [];
      const data: number[] = [];
      let requests = 0;
      // One warm-up load: assets in the browser cache, statements prepared on the server.
      for (let run = -1; run < RUNS; run++) {
        const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
        const urls: string[] = [];
        page.on('request', (r) => {
          if (r.url().includes('/api/explore/') && chartRequest(r.url())) urls.push(r.url());
        });
        await page.goto(`${origin}${c.path}`);
        const ready = await page.waitForFunction(
          () =>
            document.querySelector('.chart-canvas[data-drawn="true"]') !== null ? performance.now() : false,
          null,
          { polling: 'raf', timeout: 120_000 },
        );
        const ms = Number(await ready.jsonValue());
        await page.close();
        if (run < 0) continue;
        drawn.push(ms);
        data.push(await replay(urls));
        requests = urls.length;
      }
      const figure = {
        name: c.name,
        drawnP50: percentile(drawn, 50),
        dataP50: percentile(data, 50),
        requests,
      };
      console.log(
        `analyze ${c.name.padEnd(48)} drawn ${fmt(figure.drawnP50).padStart(7)} ms   data ${fmt(figure.dataP50).padStart(7)} ms`,
      );
      figures.push(figure);
    }
  } finally {
    await browser.close();
  }
  return figures;
}

export function renderAnalyzeTable(figures: readonly AnalyzeFigure[]): string {
  const rows = figures
    .map((f) => {
      const ratio = f.drawnP50 / f.dataP50;
      return `| ${f.name} | ${fmt(f.drawnP50)} | ${fmt(f.dataP50)} (${f.requests} requests) | ${ratio.toFixed(2)} | ${ratio <= ANALYZE_TARGET_RATIO ? 'met' : '**missed**'} |`;
    })
    .join('\n');
  return `
Analyze tab, first chart in headless Chromium, ${RUNS} page loads per figure after one warm-up; from
navigation to the drawn chart, against the requests it waits for (the dataset, then its grouped records
calls) replayed alone one after the other (p50). Target: at most ${ANALYZE_TARGET_RATIO}× the requests alone.

| chart | drawn ms | data requests alone ms | ratio | target |
|---|---|---|---|---|
${rows}
`;
}

// `npx tsx bench/analyze.ts http://127.0.0.1:8097` measures a running server (with a fresh build) alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const origin = process.argv[2] ?? 'http://127.0.0.1:8097';
  console.log(renderAnalyzeTable(await analyzeRenderFigures(origin)));
}
