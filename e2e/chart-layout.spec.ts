import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * A chart's text on a phone: every label of every chart kind inside the chart's box, in English and in
 * French, whose month names are longer. ECharts fits its grid to the labels it estimates it will show;
 * when it then shows another one last (fewer fit once the grid shrinks), that one stuck out of the box.
 */

test.describe.configure({ timeout: 120_000 });
const slow = expect.configure({ timeout: 30_000 });

interface Overflow {
  readonly text: string;
  readonly left: number;
  readonly right: number;
}

/** The chart's texts that reach out of its box, and its x axis's texts. */
async function chartTexts(page: Page): Promise<{ out: Overflow[]; all: string[] }> {
  const chart = page.locator('.chart-canvas[data-drawn="true"]');
  await slow(chart).toBeVisible();
  return chart.evaluate((box) => {
    const frame = box.getBoundingClientRect();
    const texts = [...box.querySelectorAll('svg text')].map((t) => {
      const r = t.getBoundingClientRect();
      return { text: t.textContent ?? '', left: Math.round(r.left), right: Math.round(r.right) };
    });
    return {
      out: texts.filter((t) => t.left < frame.left - 0.5 || t.right > frame.right + 0.5),
      all: texts.map((t) => t.text),
    };
  });
}

for (const lang of ['en', 'fr'] as const) {
  test(`on a phone in ${lang === 'en' ? 'English' : 'French'}, every chart kind keeps its labels inside the chart`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: lang === 'en' ? 'en-US' : 'fr-FR',
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const last = lang === 'en' ? 'Dec 2015' : 'déc. 2015';
    for (const kind of ['column', 'line', 'area', 'scatter', 'bar']) {
      await page.goto(
        `/datasets/seattle-weather/analyze?lang=${lang}&chart.x=date&chart.precision=month&chart.series=count,,${kind},left,0072b2`,
      );
      const { out, all } = await chartTexts(page);
      expect(out, `${kind}: labels out of the chart`).toEqual([]);
      // The axis says where it ends: its last month is written.
      expect(all, `${kind}: the last month`).toContain(last);
      if (kind === 'column') {
        await page.screenshot({ path: test.info().outputPath(`seattle-${kind}-${lang}-phone.png`) });
      }
    }
    await context.close();
  });
}

test('the default chart of a date shows its span in readable points: movies by year, earthquakes by day', async ({
  page,
  request,
}) => {
  // By month, a century of movies is more months than the chart's 200 points: it stopped in 1985.
  await page.goto('/datasets/movies/analyze');
  await slow(page).toHaveURL(/chart\.precision=year/);
  await slow(page.locator('.chart-canvas[data-drawn="true"]')).toBeVisible();
  const years = await request.get('/api/explore/v2.1/catalog/datasets/movies/records', {
    params: { select: 'count(*) AS n', group_by: "date_format(release_date, 'yyyy') AS x", limit: 1000 },
  });
  const answered = ((await years.json()).results as { x: string | null }[]).filter((r) => r.x !== null);
  await expect(page.locator('.chart-table tbody tr')).toHaveCount(answered.length);
  await expect(page.locator('.chart-table tbody tr').last().locator('th, td').first()).toHaveText(
    answered
      .map((r) => r.x!)
      .sort()
      .at(-1)!,
  );
  // The visitor changed nothing: Undo has no month chart to return to (it would move on again).
  expect(new URL(page.url()).searchParams.get('chart.x')).toBe('release_date');
  await expect(page.getByRole('button', { name: /Undo/ })).toBeDisabled();

  // A week of earthquakes (January 31 to February 7) by day, not two bars for two months.
  await page.goto('/datasets/earthquakes/analyze');
  await slow(page).toHaveURL(/chart\.precision=day/);
  const days = await request.get('/api/explore/v2.1/catalog/datasets/earthquakes/records', {
    params: { select: 'count(*) AS n', group_by: "date_format(time, 'yyyy-MM-dd') AS x", limit: 1000 },
  });
  await slow(page.locator('.chart-table tbody tr')).toHaveCount((await days.json()).results.length);

  // A date chart already of a readable size stays by month (seattle-weather: 48 months).
  await page.goto('/datasets/seattle-weather/analyze');
  await slow(page.locator('.chart-canvas[data-drawn="true"]')).toBeVisible();
  await expect(page.locator('.chart-table tbody tr')).toHaveCount(48);
  expect(page.url()).not.toMatch(/chart\.precision/);
});

test('a pie of many slices on a phone draws no labels over each other and its legend', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'fr-FR',
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const pie = 'chart.series=count,,pie,left,0072b2';
  // 48 months: the slices are named by the legend alone.
  await page.goto(`/datasets/seattle-weather/analyze?lang=fr&chart.x=date&chart.precision=month&${pie}`);
  const chart = page.locator('.chart-canvas[data-drawn="true"]');
  await slow(chart).toBeVisible();
  const texts = async () =>
    chart.evaluate((box) => {
      const legendTop = Math.min(
        ...[...box.querySelectorAll('svg text')]
          .map((t) => t.getBoundingClientRect())
          .filter((r) => r.top > box.getBoundingClientRect().bottom - 40)
          .map((r) => r.top),
      );
      return [...box.querySelectorAll('svg text')]
        .map((t) => ({ text: t.textContent ?? '', r: t.getBoundingClientRect() }))
        .filter(({ text, r }) => /%/.test(text) && r.bottom > legendTop)
        .map(({ text }) => text);
    });
  expect(await chart.locator('svg text').filter({ hasText: '%' }).count()).toBe(0);
  await page.screenshot({ path: test.info().outputPath('pie-48-fr-phone.png') });
  // Four years: each slice says its share beside it, clear of the legend.
  await page.goto(`/datasets/seattle-weather/analyze?lang=fr&chart.x=date&chart.precision=year&${pie}`);
  await slow(chart).toBeVisible();
  await expect(chart.locator('svg text').filter({ hasText: '%' })).toHaveCount(4);
  expect(await texts()).toEqual([]);
  await context.close();
});
