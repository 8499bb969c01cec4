import { expect, numberIn, resultCount, searchParams, test } from './fixtures';

const rows = (page: import('@playwright/test').Page) => page.locator('table.records tbody tr');

/** Values of one column on the current page, as numbers, once the page shown is the one asked for. */
async function columnNumbers(page: import('@playwright/test').Page, column: number): Promise<number[]> {
  await expect(page.locator('table.records.is-busy')).toHaveCount(0);
  const texts = await rows(page)
    .locator(`td:nth-child(${column + 2})`)
    .allTextContents();
  return texts.map((t) => Number(t.replace(/,/g, '')));
}

test('open a dataset, read its information, then page and sort its table', async ({ page, context }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Seattle daily weather 2012–2015' }).click();
  await expect(page).toHaveURL(/\/datasets\/seattle-weather$/);
  await expect(
    page.getByRole('heading', { name: 'Seattle daily weather 2012–2015', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Information' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('Seattle daily weather 2012–2015 (Information) · Open data explorer');

  // Information: metadata, fields and attachments.
  const metadata = page.locator('.meta-table');
  await expect(metadata.getByRole('row', { name: /Publisher/ })).toContainText(
    'NOAA National Climatic Data Center',
  );
  await expect(metadata.getByRole('link', { name: 'U.S. Government Dataset' })).toHaveAttribute(
    'href',
    'https://www.usa.gov/government-works',
  );
  const recordsCount = numberIn(await metadata.getByRole('row', { name: /Records/ }).textContent());
  const weatherField = page.locator('.fields-table').getByRole('row', { name: /^Weather/ });
  await expect(weatherField).toContainText('weather');
  await expect(weatherField).toContainText('text');
  await expect(weatherField).toContainText('facet');
  await expect(page.getByRole('link', { name: 'seattle-weather.csv' })).toHaveAttribute(
    'href',
    /\/api\/explore\/v2\.1\/catalog\/datasets\/seattle-weather\/attachments\//,
  );

  // Table: the count agrees with the metadata, 20 rows per page.
  await page.getByRole('link', { name: 'Table' }).click();
  await expect(page).toHaveURL(/\/datasets\/seattle-weather\/table$/);
  await expect(resultCount(page)).toHaveText(`${recordsCount.toLocaleString('en')} records`);
  await expect(rows(page)).toHaveCount(20);
  const pageCount = Math.ceil(recordsCount / 20);
  const pager = page.getByRole('navigation', { name: 'Records pages' });
  await expect(pager).toContainText(`Page 1 of ${pageCount}`);
  await pager.getByRole('button', { name: 'Next ›' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pager).toContainText(`Page 2 of ${pageCount}`);
  await expect(rows(page).first().locator('td').first()).toHaveText('21');

  // A bigger page starts again from the first record.
  await page.getByLabel('Rows per page').selectOption('50');
  await expect(rows(page)).toHaveCount(50);
  expect(searchParams(page).get('size')).toBe('50');
  expect(searchParams(page).has('page')).toBe(false);

  // Sorting on the server: ascending, descending, then back to the natural order.
  const header = page.getByRole('columnheader', { name: /Maximum temperature/ });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  expect(searchParams(page).get('sort')).toBe('temp_max');
  const ascending = await columnNumbers(page, 2);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  expect(searchParams(page).get('sort')).toBe('-temp_max');
  const descending = await columnNumbers(page, 2);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  expect(descending[0]).toBeGreaterThan(ascending[0]!);
  await header.getByRole('button').click();
  await expect(header).not.toHaveAttribute('aria-sort');
  expect(searchParams(page).has('sort')).toBe(false);

  // API: the address of the same records query, which answers the same count.
  await header.getByRole('button').click();
  await page.getByRole('link', { name: 'API' }).click();
  const records = page.getByRole('region', { name: 'Records query' });
  const url = (await records.locator('.url-box').textContent()) ?? '';
  expect(url).toMatch(
    /\/api\/explore\/v2\.1\/catalog\/datasets\/seattle-weather\/records\?order_by=temp_max%20asc&limit=50&offset=0$/,
  );
  const answer = (await (await page.request.get(url)).json()) as { total_count: number; results: unknown[] };
  expect(answer.total_count).toBe(recordsCount);
  expect(answer.results).toHaveLength(50);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await records.getByRole('button', { name: 'Copy the address' }).click();
  await expect(records.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
});

test('table cells follow the field types', async ({ page }) => {
  await page.goto('/datasets/earthquakes/table?size=10&sort=-mag');
  const first = rows(page).first();
  await expect(first).toBeVisible();
  const header = page.locator('table.records thead th');
  const names = await header.allTextContents();
  const cell = (label: RegExp) => first.locator('td').nth(names.findIndex((n) => label.test(n)));
  await expect(cell(/^Magnitude[^ ]/)).toHaveClass(/num/);
  await expect(cell(/^Magnitude[^ ]/)).toHaveText(/^\d+\.\d{2}$/);
  await expect(cell(/^Coordinates/)).toHaveText(/^-?\d+(\.\d+)?, -?\d+(\.\d+)?$/);
  await expect(cell(/^Time/)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2}$/);
  await expect(
    cell(/^Product types/)
      .getByRole('listitem')
      .first(),
  ).toBeVisible();

  await page.goto('/datasets/london-boroughs/table?size=10');
  await expect(rows(page).first().locator('td').nth(2)).toHaveText(/^(Multi)?Polygon \(\d+ points\)$/);

  await page.goto('/datasets/movies/table?size=10');
  await expect(page.locator('table.records td.is-empty').first()).toBeVisible();
  await expect(page.locator('table.records td.is-empty').first()).toHaveText('');
});
