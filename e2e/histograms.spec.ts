import type { APIRequestContext } from '@playwright/test';
import { expect, resultCount, test } from './fixtures';

/*
 * Histograms as a visitor reads them: every bin of the range, the empty ones as zero, so that the axis
 * is even. The API answers only the bins holding records (movies have no running time from 50 to 69
 * minutes): both the column statistics and the Analyze tab fill the rest.
 */

test.describe.configure({ timeout: 120_000 });
const slow = expect.configure({ timeout: 30_000 });
const api = '/api/explore/v2.1/catalog/datasets/movies/records';

/** The running-time bins of ten minutes the API answers, as `[from, count]`. */
async function answeredBins(request: APIRequestContext): Promise<Map<number, number>> {
  const answer = await request.get(api, {
    params: { select: 'count(*) AS n', group_by: 'range(running_time_min, 10) AS r', limit: 100 },
  });
  const rows = (await answer.json()).results as { r: string; n: number }[];
  return new Map(rows.map((row) => [Number(/^\[(\d+),/.exec(row.r)![1]), row.n]));
}

test('the column statistics draw every bar of the range, the empty ones as zero', async ({
  page,
  request,
}) => {
  const answered = await answeredBins(request);
  const starts = [...answered.keys()].sort((a, b) => a - b);
  const first = starts[0]!;
  const last = starts.at(-1)!;
  // The movies' running times leave bins without a record.
  expect(answered.size).toBeLessThan((last - first) / 10 + 1);

  await page.goto('/datasets/movies/table');
  await slow(resultCount(page)).toHaveText('3,201 records');
  await page.getByRole('button', { name: 'Statistics of Running time (min)' }).click();
  const panel = page.getByRole('region', { name: 'Statistics of Running time (min)' });
  await slow(panel.locator('.stats-chart[data-drawn="true"]')).toBeVisible();
  await panel.getByText(/^The \d+ bars as a list$/).click();
  const bars = panel.locator('.stats-bar');
  await expect(bars).toHaveCount((last - first) / 10 + 1);
  const texts = await bars.allTextContents();
  for (const [i, text] of texts.entries()) {
    const from = first + 10 * i;
    const count = answered.get(from) ?? 0;
    const words = count === 1 ? '1 record' : `${count.toLocaleString('en-US')} records`;
    expect(text).toBe(`Keep ${from} to ${from + 9} (${words})`);
    // An empty bar is there for the axis; keeping it would empty the table.
    if (count === 0) await expect(bars.nth(i)).toBeDisabled();
    else await expect(bars.nth(i)).toBeEnabled();
  }
  await panel.screenshot({ path: test.info().outputPath('running-time-histogram.png') });
});

test('an Analyze histogram has every bin of its range, an empty one counting 0', async ({
  page,
  request,
}) => {
  const answered = await answeredBins(request);
  const starts = [...answered.keys()].sort((a, b) => a - b);
  await page.goto('/datasets/movies/analyze?chart.x=running_time_min&chart.width=10');
  await slow(page.locator('.chart-canvas[data-drawn="true"]')).toBeVisible();
  const rows = await page
    .locator('.chart-table tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
  const bins = rows.filter(([x]) => x?.startsWith('['));
  expect(bins.map(([x]) => Number(/^\[(\d+),/.exec(x!)![1]))).toEqual(
    Array.from({ length: (starts.at(-1)! - starts[0]!) / 10 + 1 }, (_, i) => starts[0]! + 10 * i),
  );
  for (const [x, count] of bins) {
    expect(count, x).toBe(String(answered.get(Number(/^\[(\d+),/.exec(x!)![1])) ?? 0));
  }
  expect(bins.some(([, count]) => count === '0')).toBe(true);
});
