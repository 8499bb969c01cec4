import { expect, numberIn, resultCount, searchParams, test } from './fixtures';

const rows = (page: import('@playwright/test').Page) => page.locator('table.records tbody tr.record-row');

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
  await expect(weatherField.locator('td .type-badge')).toHaveText('Text');
  await expect(weatherField.locator('td .badge').first()).toHaveText('Facet');
  await expect(weatherField.locator('td .badge').first()).toHaveAttribute('title', 'facet');
  await expect(page.getByRole('link', { name: 'seattle-weather.csv' })).toHaveAttribute(
    'href',
    /\/api\/explore\/v2\.1\/catalog\/datasets\/seattle-weather\/attachments\//,
  );

  // Table: the count agrees with the metadata; rows load as the table scrolls (see table.spec.ts).
  await page.getByRole('link', { name: 'Table' }).click();
  await expect(page).toHaveURL(/\/datasets\/seattle-weather\/table$/);
  await expect(resultCount(page)).toHaveText(`${recordsCount.toLocaleString('en')} records`);
  await expect(rows(page).first().locator('td').first()).toHaveText('1');

  // Sorting on the server: ascending, descending, then back to the natural order.
  const header = page.getByRole('columnheader', { name: /Maximum temperature/ });
  await header.getByRole('button').first().click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  expect(searchParams(page).get('sort')).toBe('temp_max');
  const ascending = await columnNumbers(page, 2);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  await header.getByRole('button').first().click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  expect(searchParams(page).get('sort')).toBe('-temp_max');
  const descending = await columnNumbers(page, 2);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  expect(descending[0]).toBeGreaterThan(ascending[0]!);
  await header.getByRole('button').first().click();
  await expect(header).not.toHaveAttribute('aria-sort');
  expect(searchParams(page).has('sort')).toBe(false);

  // API: the address of the same records query, which answers the same count.
  await header.getByRole('button').first().click();
  await page.getByRole('link', { name: 'API' }).click();
  const records = page.getByRole('region', { name: 'Records query' });
  const url = (await records.locator('.url-box').textContent()) ?? '';
  expect(url).toMatch(
    /\/api\/explore\/v2\.1\/catalog\/datasets\/seattle-weather\/records\?order_by=temp_max%20asc&limit=100$/,
  );
  const answer = (await (await page.request.get(url)).json()) as { total_count: number; results: unknown[] };
  expect(answer.total_count).toBe(recordsCount);
  expect(answer.results).toHaveLength(100);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await records.getByRole('button', { name: 'Copy the address' }).click();
  await expect(records.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
});
