import AxeBuilder from '@axe-core/playwright';
import type { Download, Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { analyzeEn, analyzeFr } from '../src/app/analyze/messages';
import { expect, resultCount, test } from './fixtures';

/*
 * The Analyze tab as a visitor builds a chart, and the Table tab's column statistics. Every number is
 * compared with what the Explore API answers to the same grouped query; the downloads are read back
 * with independent parsers (csv-parse, fast-xml-parser, the PNG signature and header).
 */

const api = '/api/explore/v2.1/catalog/datasets';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const drawn = (page: Page) => page.locator('.chart-canvas[data-drawn="true"]');

// Charts and statistics wait on several grouped queries; the shared test machine can be slow.
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 20_000 });
const slow = expect.configure({ timeout: 20_000 });

function series(page: Page, n: number): Locator {
  return page.getByRole('group', { name: `Series ${n}` });
}

/** The chart's data table as text: header row, then every row. */
async function tableText(page: Page): Promise<string[][]> {
  return page
    .locator('.chart-table table tr')
    .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())));
}

async function saved(download: Download): Promise<Buffer> {
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  return readFile(path);
}

test('a two-series chart of seattle-weather: built, linked, restored, downloaded', async ({
  page,
  request,
}) => {
  await page.goto('/datasets/seattle-weather');
  await page
    .getByRole('navigation', { name: 'Dataset views' })
    .getByRole('link', { name: 'Analyze' })
    .click();
  await slow(page).toHaveURL(/\/datasets\/seattle-weather\/analyze/);
  await slow(drawn(page)).toBeVisible({ timeout: 30_000 });

  // Series 1: the average of temp_max by month, as a line.
  await series(page, 1).getByLabel('Value').selectOption('avg');
  await series(page, 1).getByLabel('Of the field').selectOption('temp_max');
  await series(page, 1).getByLabel('Chart type').selectOption('line');
  // Series 2: the count, broken down by weather, stacked columns.
  await page.getByRole('button', { name: 'Add a series' }).click();
  await series(page, 2).getByLabel('Break down by').selectOption('weather');
  await slow(series(page, 2).getByLabel('Breakdown')).toHaveValue('stack');
  await slow(drawn(page)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('seattle-two-series.png'), fullPage: true });

  const params = new URL(page.url()).searchParams;
  expect(params.get('chart.x')).toBe('date');
  expect(params.get('chart.precision')).toBe('month');
  expect(params.getAll('chart.series')).toEqual([
    expect.stringMatching(/^avg,temp_max,line,left,[0-9a-f]{6}$/),
    expect.stringMatching(/^count,,column,left,[0-9a-f]{6},weather,stack$/),
  ]);

  // The table beside the chart holds the API's numbers.
  const monthly = await request.get(`${api}/seattle-weather/records`, {
    params: { select: 'avg(temp_max) AS y', group_by: "date_format(date, 'yyyy-MM') AS x", limit: 100 },
  });
  const averages = (await monthly.json()).results as { x: string; y: number }[];
  const byWeather = await request.get(`${api}/seattle-weather/records`, {
    params: {
      select: 'count(*) AS n',
      group_by: "date_format(date, 'yyyy-MM') AS x, weather AS w",
      where: "weather = 'rain'",
      limit: 100,
    },
  });
  const rainy = (await byWeather.json()).results as { x: string; n: number }[];
  const table = await tableText(page);
  const header = table[0]!;
  expect(header[0]).toBe('Date');
  expect(header[1]).toBe('Average of Maximum temperature (°C)');
  expect(header.slice(2).sort()).toEqual(
    ['drizzle', 'fog', 'rain', 'snow', 'sun'].map((w) => `Count · ${w}`).sort(),
  );
  expect(table.length - 1).toBe(averages.length);
  const rainColumn = header.indexOf('Count · rain');
  // The table writes each month as a reader says it (Jan 2012); the API's key is 2012-01.
  const month = (x: string) =>
    new Date(`${x}-01T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  for (const { x, y } of averages) {
    const row = table.find((r) => r[0] === month(x))!;
    expect(Number(row[1]!.replace(/,/g, ''))).toBeCloseTo(y, 2);
  }
  for (const { x, n } of rainy) expect(table.find((r) => r[0] === month(x))![rainColumn]).toBe(String(n));

  // The link restores the same chart; Back returns to the chart before the last change.
  const link = page.url();
  await page.reload();
  await slow(drawn(page)).toBeVisible({ timeout: 30_000 });
  expect(page.url()).toBe(link);
  expect(await tableText(page)).toEqual(table);
  await slow(series(page, 1).getByLabel('Chart type')).toHaveValue('line');
  await page.goBack();
  await slow(series(page, 2).getByLabel('Break down by')).toHaveValue('');
  await slow(page.locator('.chart-table th[scope="col"]')).toHaveCount(3);
  await page.goForward();
  await slow(page.locator('.chart-table th[scope="col"]')).toHaveCount(7);
  await slow(drawn(page)).toBeVisible({ timeout: 30_000 });

  // CSV: the table's numbers, read back with csv-parse.
  let downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV data' }).click();
  let download = await downloading;
  expect(download.suggestedFilename()).toBe('seattle-weather-chart.csv');
  const rows = parse((await saved(download)).toString('utf8')) as string[][];
  expect(rows[0]).toEqual(header);
  expect(rows.length - 1).toBe(averages.length);
  for (const { x, y } of averages) expect(Number(rows.find((r) => r[0] === x)![1])).toBeCloseTo(y, 6);
  for (const { x, n } of rainy) expect(rows.find((r) => r[0] === x)![rainColumn]).toBe(String(n));

  // SVG: a well-formed picture with the series' marks and the axis labels.
  downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'SVG picture' }).click();
  download = await downloading;
  expect(download.suggestedFilename()).toBe('seattle-weather-chart.svg');
  const svgText = (await saved(download)).toString('utf8');
  const svg = new XMLParser({ ignoreAttributes: false }).parse(svgText);
  expect(svg.svg).toBeDefined();
  expect(Number(svg.svg['@_width'])).toBeGreaterThan(300);
  expect(svgText).toContain('Jan 2012');
  expect(svgText).toContain('Count · rain');
  expect((svgText.match(/<path/g) ?? []).length).toBeGreaterThan(100);

  // PNG: the signature, and a header twice the chart's size (drawn at 2x).
  downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PNG picture' }).click();
  download = await downloading;
  expect(download.suggestedFilename()).toBe('seattle-weather-chart.png');
  const png = await saved(download);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  expect(png.readUInt32BE(16)).toBe(2 * Number(svg.svg['@_width']));
  expect(png.readUInt32BE(20)).toBe(2 * Number(svg.svg['@_height']));
  expect(png.length).toBeGreaterThan(20_000);
  await slow(page.getByRole('status').filter({ hasText: 'Saved seattle-weather-chart.png' })).toBeVisible();

  // The API tab lists the chart's records calls, each with its group_by.
  await page.getByRole('navigation', { name: 'Dataset views' }).getByRole('link', { name: 'API' }).click();
  const queries = page.getByRole('region', { name: 'Queries of this chart' });
  await slow(queries.locator('a')).toHaveCount(2);
  const first = new URL((await queries.locator('a').first().getAttribute('href'))!);
  expect(first.pathname).toBe(`${api}/seattle-weather/records`);
  expect(first.searchParams.get('group_by')).toBe("date_format(`date`, 'yyyy-MM') AS x");
  expect(first.searchParams.get('select')).toBe('avg(temp_max) AS y');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the chart follows the dataset’s filters, and its tab is clean for axe', async ({ page, request }) => {
  await page.goto('/datasets/seattle-weather/analyze?refine=weather:snow&chart.x=date&chart.precision=year');
  await slow(drawn(page)).toBeVisible({ timeout: 30_000 });
  const answer = await request.get(`${api}/seattle-weather/records`, {
    params: { select: 'count(*) AS y', group_by: "date_format(date, 'yyyy') AS x", refine: 'weather:snow' },
  });
  const years = (await answer.json()).results as { x: string; y: number }[];
  const table = await tableText(page);
  expect(table.slice(1)).toEqual(years.map(({ x, y }) => [x, String(y)]));
  expect(await seriousViolations(page)).toEqual([]);
});

test('a column’s statistics on movies: a bar of its histogram filters the table', async ({
  page,
  request,
}) => {
  await page.goto('/datasets/movies/table');
  await slow(resultCount(page)).toHaveText('3,201 records');
  await page.getByRole('button', { name: 'Statistics of IMDB rating' }).click();
  const panel = page.getByRole('region', { name: 'Statistics of IMDB rating' });
  await slow(panel.getByText('Minimum')).toBeVisible();
  const summary = await request.get(`${api}/movies/records`, {
    params: {
      select: 'min(imdb_rating) AS a, max(imdb_rating) AS b, count(*) AS n, count(imdb_rating) AS f',
    },
  });
  const { a, b, n, f } = (await summary.json()).results[0];
  await slow(panel.locator('dd').nth(0)).toHaveText(String(a));
  await slow(panel.locator('dd').nth(1)).toHaveText(String(b));
  await slow(panel.locator('dd').nth(4)).toHaveText(String(n - f));
  expect(await seriousViolations(page)).toEqual([]);

  // The histogram is drawn by ECharts; its bars also follow as a list of buttons naming range and count.
  const chart = panel.locator('.stats-chart[data-drawn="true"]');
  await slow(chart).toBeVisible();
  const bars = panel.locator('.stats-bar');
  const labels = await bars.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  const counts = labels.map((l) => Number(/\(([\d,]+) records?\)/.exec(l)![1]!.replace(/,/g, '')));
  const tallest = counts.indexOf(Math.max(...counts));
  // The drawn bars, as the visitor sees them: one filled path per range, in order.
  const marks = await chart.locator('svg path').evaluateAll((els) =>
    els
      .filter((e) => /^(#0072b2|rgb\(0,\s*114,\s*178\))$/i.test(e.getAttribute('fill') ?? ''))
      .map((e) => {
        const r = e.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2, height: r.height };
      }),
  );
  expect(marks.length).toBe(counts.length);
  const heights = marks.map((m) => m.height);
  expect(heights.indexOf(Math.max(...heights))).toBe(tallest);
  await panel.screenshot({ path: test.info().outputPath('movies-histogram.png') });
  // Clicking the tallest bar keeps its range: the table then shows that many records.
  await page.mouse.click(marks[tallest]!.x, marks[tallest]!.y);
  await slow(resultCount(page)).toHaveText(`${counts[tallest]!.toLocaleString('en-US')} records`);
  const where = new URL(page.url()).searchParams.get('where') ?? '';
  expect(where).toMatch(/^imdb_rating >= [\d.]+ AND imdb_rating < [\d.]+$/);
  const check = await request.get(`${api}/movies/records`, { params: { where, limit: 0 } });
  expect((await check.json()).total_count).toBe(counts[tallest]);

  // The keyboard's way: the list's button of a bar keeps its range too (added to the where).
  // (once the statistics are those of the new selection: the bars' counts add up to it)
  await expect
    .poll(
      async () =>
        (await panel.locator('.stats-bar').evaluateAll((els) => els.map((e) => e.textContent ?? '')))
          .map((l) => Number(/\(([\d,]+) records?\)/.exec(l)?.[1]?.replace(/,/g, '') ?? 0))
          .reduce((a, b) => a + b, 0),
      { timeout: 20_000 },
    )
    .toBe(counts[tallest]);
  await panel.getByText(/^The \d+ bars as a list$/).click();
  const barButton = panel.locator('.stats-bar').first();
  const first = (await barButton.textContent()) ?? '';
  await barButton.focus();
  await page.keyboard.press('Enter');
  const firstCount = /\(([\d,]+) records?\)/.exec(first)![1]!;
  await slow(resultCount(page)).toHaveText(`${firstCount} records`);

  // A text column: its most frequent value refines the table.
  await page.getByRole('button', { name: 'Statistics of Major genre' }).click();
  const genres = page.getByRole('region', { name: 'Statistics of Major genre' });
  const top = genres.locator('.stats-value').first();
  const label = (await top.getAttribute('aria-label')) ?? '';
  const [, genre, count] = /^Keep (.+) \(([\d,]+) records?\)$/.exec(label)!;
  await top.click();
  await slow(resultCount(page)).toHaveText(`${count} records`);
  expect(new URL(page.url()).searchParams.getAll('refine')).toEqual([`major_genre:${genre}`]);
});

test('in French on a phone, the chart’s axes read as its table: French numbers and months, names clear of labels', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/datasets/flights/analyze?lang=fr&chart.x=date&chart.precision=month');
  const chart = drawn(page);
  await slow(chart).toBeVisible({ timeout: 30_000 });
  const texts = await chart.locator('svg text').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );
  const words = texts.map((t) => t.text);
  // Months in French, as the table writes them; thousands grouped the French way (no comma).
  expect(words).toContain('janv. 2001');
  expect(words.filter((w) => /^\d{1,3}(,\d{3})+$/.test(w))).toEqual([]);
  const ticks = texts.filter((t) => /^\d{1,3}(\u202f\d{3})*$/.test(t.text));
  expect(ticks.map((t) => t.text)).toContain('500\u202f000');
  // The y axis's name is beside its labels, not over them.
  const name = texts.find((t) => t.text === 'Nombre')!;
  for (const tick of ticks) {
    const apart =
      name.right <= tick.left ||
      tick.right <= name.left ||
      name.bottom <= tick.top ||
      tick.bottom <= name.top;
    expect(apart, `“Nombre” over “${tick.text}”`).toBe(true);
  }
  const table = await tableText(page);
  expect(table[1]![0]).toBe('janv. 2001');
  expect(table[1]![1]).toMatch(/^\d{3}\u202f\d{3}$/);
  await page.screenshot({ path: test.info().outputPath('flights-months-fr-phone.png'), fullPage: true });
});

/** The English sentences (two words or more, placeholders cut out) of the tab's text that French changes. */
function englishSentences(): string[] {
  const walk = (en: object, fr: object, out: Set<string>) => {
    for (const [key, value] of Object.entries(en)) {
      const french = (fr as Record<string, unknown>)[key];
      if (typeof value === 'object' && value !== null) walk(value, french as object, out);
      else if (typeof value === 'string' && value !== french) {
        for (const part of value.split(/\{\{[^}]*\}\}/)) {
          const fixed = part.replace(/^[\s:·,.()—]+|[\s:·,.()—]+$/g, '');
          if (fixed.split(/\s+/).length >= 2) out.add(fixed);
        }
      }
    }
    return out;
  };
  return [...walk(analyzeEn, analyzeFr, new Set())];
}

test('the Analyze tab and the column statistics in French leave no English sentence', async ({ page }) => {
  await page.goto('/datasets/seattle-weather/analyze?lang=fr&chart.x=date&chart.precision=year');
  await slow(drawn(page)).toBeVisible({ timeout: 30_000 });
  await slow(
    page.getByRole('navigation', { name: 'Vues du jeu de données' }).getByRole('link', { name: 'Analyser' }),
  ).toHaveAttribute('aria-current', 'page');
  await slow(page.getByRole('button', { name: 'Ajouter une série' })).toBeVisible();
  const text = (await page.locator('.chart-builder, .analyze-result').allInnerTexts()).join('\n');
  const labels = await page
    .locator('.analyze-grid [aria-label]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')).join('\n'));
  for (const sentence of englishSentences()) {
    expect(`${text}\n${labels}`, sentence).not.toContain(sentence);
  }
  await page.goto('/datasets/movies/table?lang=fr');
  // Field labels come in French too.
  await page.getByRole('button', { name: 'Statistiques de Note IMDB' }).click();
  const panel = page.getByRole('region', { name: 'Statistiques de Note IMDB' });
  await slow(panel.getByText('Médiane')).toBeVisible();
  const stats = await panel.innerText();
  for (const sentence of englishSentences()) expect(stats, sentence).not.toContain(sentence);
});

test('airports, a dataset of facets without numbers, has an Analyze tab counting by its first facet', async ({
  page,
  request,
}) => {
  await page.goto('/datasets/airports');
  await page
    .getByRole('navigation', { name: 'Dataset views' })
    .getByRole('link', { name: 'Analyze' })
    .click();
  await slow(drawn(page)).toBeVisible({ timeout: 30_000 });
  // Not by the IATA code, the dataset's key, whose every bar would be 1.
  const answer = await request.get(`${api}/airports/records`, {
    params: { select: 'count(*) AS n', group_by: 'state AS x', order_by: 'n desc', limit: 1 },
  });
  const top = ((await answer.json()).results as { x: string; n: number }[])[0]!;
  const table = await tableText(page);
  expect(table[0]![0]).toBe('State');
  expect(table[1]).toEqual([top.x, String(top.n)]);
  expect(top.n).toBeGreaterThan(1);
});

test('a count of one record has whole numbers on its axis, not 0.2 records', async ({ page }) => {
  // One film of 1928: the default chart counts the films by year of release.
  await page.goto('/datasets/movies/analyze?refine=release_date:1928');
  await slow(drawn(page)).toBeVisible({ timeout: 30_000 });
  const ticks = await drawn(page)
    .locator('svg text')
    .evaluateAll((texts) => texts.map((text) => (text.textContent ?? '').trim()));
  expect(ticks).toContain('1');
  expect(ticks.filter((tick) => /^\d*\.\d+$/.test(tick))).toEqual([]);
});
