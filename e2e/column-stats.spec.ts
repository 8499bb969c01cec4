import { expect, resultCount, test } from './fixtures';

/*
 * The Table tab's column statistics on integer and date fields: an integer column has its histogram
 * (bars on whole numbers, as the API counts them), and dates read as the table writes them.
 */

const api = '/api/explore/v2.1/catalog/datasets';

test.describe.configure({ timeout: 90_000 });
const slow = expect.configure({ timeout: 20_000 });

test('an integer column has a histogram whose bar keeps its whole numbers', async ({ page, request }) => {
  await page.goto('/datasets/movies/table');
  await slow(resultCount(page)).toHaveText('3,201 records');
  await page.getByRole('button', { name: 'Statistics of Running time (min)' }).click();
  const panel = page.getByRole('region', { name: 'Statistics of Running time (min)' });
  await slow(panel.locator('.stats-chart[data-drawn="true"]')).toBeVisible();
  await panel.getByText(/^The \d+ bars as a list$/).click();
  const bars = panel.locator('.stats-bar');
  // Integer bars hold whole numbers, both bounds in the bar: "Keep 40 to 49 (1 record)".
  const labels = await bars.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  expect(labels.length).toBeGreaterThan(5);
  for (const label of labels) expect(label).toMatch(/^Keep \d+ to \d+ \([\d,]+ records?\)$/);
  const ranges = labels.map((label) => {
    const [, from, to, n] = /^Keep (\d+) to (\d+) \(([\d,]+) records?\)$/.exec(label)!;
    return { from: Number(from), to: Number(to), n: Number(n!.replace(/,/g, '')) };
  });
  // Every bar holds as many whole numbers as the others.
  expect(new Set(ranges.map((r) => r.to + 1 - r.from)).size).toBe(1);
  const tallest = ranges.reduce((a, b) => (b.n > a.n ? b : a));
  await bars.filter({ hasText: `Keep ${tallest.from} to ${tallest.to} ` }).click();
  await slow(resultCount(page)).toHaveText(`${tallest.n.toLocaleString('en-US')} records`);
  const where = new URL(page.url()).searchParams.get('where');
  expect(where).toBe(`running_time_min >= ${tallest.from} AND running_time_min <= ${tallest.to}`);
  const check = await request.get(`${api}/movies/records`, { params: { where: where!, limit: 0 } });
  expect((await check.json()).total_count).toBe(tallest.n);
});

test('in French, a date column’s statistics read as the table’s dates, its bars as months', async ({
  page,
}) => {
  await page.goto('/datasets/flights/table?lang=fr');
  // The first flight leaves at the earliest time: its cell is how the table writes the minimum.
  const cell = page.locator('table.records time[datetime="2001-01-01T00:01:00+00:00"]').first();
  await slow(cell).toBeVisible();
  const written = (await cell.textContent()) ?? '';
  expect(written).toMatch(/janv\. 2001/);
  await page.getByRole('button', { name: 'Statistiques de Départ' }).click();
  const panel = page.getByRole('region', { name: 'Statistiques de Départ' });
  const minimum = panel.locator('.stats-summary > div').filter({ hasText: 'Minimum' }).locator('dd');
  await slow(minimum).toHaveText(written);
  await expect(panel.locator('.stats-summary')).not.toContainText('+00:00');
  await slow(panel.locator('.stats-chart[data-drawn="true"]')).toBeVisible();
  await expect(panel.locator('.stats-bar').first()).toHaveText(
    /^Garder janv\. 2001 \([\d\u202f ]+ enregistrements\)$/,
    {
      useInnerText: false,
    },
  );
  await panel.screenshot({ path: test.info().outputPath('flights-departure-fr.png') });
});

test('Escape closes a column’s statistics and gives the focus back to the header that opened them', async ({
  page,
}) => {
  await page.goto('/datasets/movies/table');
  await slow(resultCount(page)).toHaveText('3,201 records');
  const open = page.getByRole('button', { name: 'Statistics of Running time (min)' });
  await open.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Statistics of Running time (min)' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Close the statistics' }).focus();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(open).toBeFocused();
});

test('the statistics of a single record say so in words, in English and in French', async ({ page }) => {
  // One film was released in 1928.
  await page.goto('/datasets/movies/table?refine=release_date:1928');
  await page.getByRole('button', { name: 'Statistics of IMDB rating' }).click();
  await expect(page.getByText('Of the one record of the current selection.')).toBeVisible();
  await page.goto('/datasets/movies/table?refine=release_date:1928&lang=fr');
  await page.getByRole('button', { name: 'Statistiques de Note IMDB' }).click();
  await expect(page.getByText('Sur l’unique enregistrement de la sélection.')).toBeVisible();
});
