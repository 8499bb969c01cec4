import type { Locator, Page } from '@playwright/test';
import { expect, numberIn, resultCount, searchParams, test } from './fixtures';

/*
 * The records table as a reader uses it: scrolling loads more rows, headers sort, the columns menu hides
 * and reorders columns, and a record's detail has a link of its own. Screenshots go to test-results/table/.
 */

const rows = (page: Page) => page.locator('table.records tbody tr.record-row');
const region = (page: Page) => page.getByRole('region', { name: /^Records of / });
const headerNames = (page: Page) =>
  page.locator('table.records thead :is(.header-text, .header-label)').allTextContents();

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/table/${name}.png` });
}

/** The cell of a row under the column whose header starts with `label`. */
async function cellOf(page: Page, row: Locator, label: string): Promise<Locator> {
  await expect(row).toBeVisible();
  const names = await headerNames(page);
  const index = names.findIndex((n) => n.startsWith(label));
  expect(index, `a column “${label}” among ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
  return row.locator('td').nth(index + 1);
}

/** Numbers of one column in the rendered rows, blanks left out, once the table shows its own query. */
async function columnNumbers(page: Page, label: string): Promise<number[]> {
  await expect(page.locator('table.records.is-busy')).toHaveCount(0);
  const names = await headerNames(page);
  const index = names.findIndex((n) => n.startsWith(label));
  const texts = await rows(page)
    .locator(`td:nth-child(${index + 2})`)
    .allTextContents();
  return texts.filter((t) => t.trim() !== '').map((t) => Number(t.replace(/,/g, '')));
}

test('the flights in their own order: rows load where the reader scrolls, up to the API window', async ({
  page,
}) => {
  await page.goto('/datasets/flights/table');
  await expect(resultCount(page)).toHaveText('3,000,000 records');
  // The portal's own order cannot be continued past the window by keys: the table says so.
  await expect(page.locator('.loaded-count')).toContainText('reaches the first 9,999 records');
  // Only the rows in view are in the page, whatever has been loaded.
  expect(await rows(page).count()).toBeLessThan(60);

  const scroller = region(page);
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }));
  const rowNumbers = async () =>
    (await rows(page).locator('td.row-number').allTextContents()).map((n) => Number(n.replace(/,/g, '')));
  // The rows there are loaded by offset and numbered on from the first.
  await expect.poll(async () => Math.min(...(await rowNumbers()))).toBeGreaterThan(4000);
  const numbers = await rowNumbers();
  expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
  expect(await rows(page).count()).toBeLessThan(60);
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', '3000001');
  await shot(page, '01-flights-scrolled');

  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(page.getByText('The table stops at record 9,999 of 3,000,000.')).toBeVisible();
  await expect.poll(async () => Math.max(...(await rowNumbers()))).toBe(9999);

  // A filter is a new query: the table is back at its first row.
  await page.getByRole('searchbox', { name: 'Search records' }).fill('SEA');
  await page.keyboard.press('Enter');
  await expect(resultCount(page)).not.toHaveText('3,000,000 records');
  await expect(rows(page).first().locator('td.row-number')).toHaveText('1');
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(0);
});

test('a short result ends with its last record', async ({ page }) => {
  await page.goto('/datasets/la-riots/table');
  await expect(resultCount(page)).toHaveText('63 records');
  await region(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(page.getByText('End of the 63 records.')).toBeVisible();
  await expect(rows(page).last().locator('td.row-number')).toHaveText('63');
  await expect(page.locator('.loaded-count')).toHaveCount(0);
});

test('sort the movies by a header, both ways, from the mouse and the keyboard', async ({ page }) => {
  await page.goto('/datasets/movies/table');
  const header = page.getByRole('columnheader', { name: /IMDB rating/ });
  await header.getByRole('button').first().click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  expect(searchParams(page).get('sort')).toBe('imdb_rating');
  const ascending = await columnNumbers(page, 'IMDB rating');
  expect(ascending.length).toBeGreaterThan(5);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await header.getByRole('button').first().focus();
  await page.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  expect(searchParams(page).get('sort')).toBe('-imdb_rating');
  const descending = await columnNumbers(page, 'IMDB rating');
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  expect(descending[0]).toBeGreaterThan(ascending[0]!);
  await shot(page, '02-movies-sorted');

  await page.keyboard.press('Space');
  await expect(header).not.toHaveAttribute('aria-sort');
  expect(searchParams(page).has('sort')).toBe(false);
});

test('hide and reorder columns, and find them so after a reload', async ({ page }) => {
  await page.goto('/datasets/movies/table');
  await expect(rows(page).first()).toBeVisible();
  const before = await headerNames(page);
  expect(before[0]).toBe('Title');
  expect(before).toContain('Director');

  const menuButton = page.getByRole('button', { name: /^Columns \(16 of 16\)/ });
  await menuButton.click();
  const menu = page.getByRole('group', { name: 'Columns' });
  await menu.getByRole('checkbox', { name: 'Director' }).uncheck();
  await expect(page.getByRole('columnheader', { name: /^Director/ })).toHaveCount(0);
  // The keyboard moves a column: IMDB rating two places towards the start.
  const up = menu.getByRole('button', { name: 'Move IMDB rating up' });
  await up.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await shot(page, '03-movies-columns-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Columns \(15 of 16\)/ })).toBeFocused();

  const after = await headerNames(page);
  expect(after).not.toContain('Director');
  const expected = before.filter((n) => n !== 'Director');
  const from = expected.findIndex((n) => n.startsWith('IMDB rating'));
  expected.splice(from - 2, 0, ...expected.splice(from, 1));
  expect(after).toEqual(expected);
  const columns = searchParams(page).get('columns')?.split(',') ?? [];
  expect(columns).not.toContain('director');
  expect(columns).toHaveLength(15);

  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  expect(await headerNames(page)).toEqual(after);
  // The cells follow their headers.
  const rating = await cellOf(page, rows(page).first(), 'IMDB rating');
  await expect(rating).toHaveText(/^(\d+(\.\d+)?)?$/);

  // Back to every column, in dataset order: the address no longer lists them.
  await page.getByRole('button', { name: /^Columns/ }).click();
  await page.getByRole('button', { name: 'Show every column in dataset order' }).click();
  expect(await headerNames(page)).toEqual(before);
  expect(searchParams(page).has('columns')).toBe(false);
});

test('a record detail opens from its row, closes with Escape and reopens from its link', async ({ page }) => {
  await page.goto('/datasets/movies/table?sort=-worldwide_gross');
  const row = rows(page).nth(1);
  const title = (await (await cellOf(page, row, 'Title')).textContent()) ?? '';
  expect(title).not.toBe('');
  const opener = page.getByRole('button', { name: 'Open record 2', exact: true });
  await opener.click();
  const detail = page.getByRole('dialog', { name: 'Record 2' });
  await expect(detail).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Record 2' })).toBeFocused();
  const id = searchParams(page).get('record') ?? '';
  expect(id).toMatch(/^\w+$/);
  await expect(
    detail
      .locator('.record-field')
      .filter({ hasText: /^Titletitle/ })
      .locator('dd'),
  ).toHaveText(title);
  await expect(
    detail
      .locator('.record-field')
      .filter({ hasText: /^Worldwide gross/ })
      .locator('dd'),
  ).toHaveText(/^[\d,]+$/);
  await expect(row).toHaveAttribute('aria-current', 'true');
  await shot(page, '04-movies-record');

  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  expect(searchParams(page).has('record')).toBe(false);
  await expect(opener).toBeFocused();

  // The record's own link, reloaded: the same record, read from the API.
  await opener.click();
  await expect(detail).toBeVisible();
  await page.reload();
  await expect(page.getByRole('dialog')).toContainText(title);
  await expect(page.getByRole('dialog')).toContainText(id);
});

test('a pasted record link opens a record far beyond the loaded rows; an unknown one says so', async ({
  page,
  allowConsoleErrors,
}) => {
  const answer = await page.request.get(
    '/api/explore/v2.1/catalog/datasets/movies/records?order_by=title&offset=3000&limit=1&include_links=true',
  );
  const far = ((await answer.json()) as { results: { _id: string; title: string }[] }).results[0]!;
  await page.goto(`/datasets/movies/table?record=${far._id}`);
  const detail = page.getByRole('dialog', { name: 'Record' });
  await expect(detail).toContainText(far.title);
  await expect(detail.getByRole('link', { name: 'This record in the API' })).toHaveAttribute(
    'href',
    `/api/explore/v2.1/catalog/datasets/movies/records/${far._id}`,
  );
  await page.getByRole('button', { name: 'Close the record' }).click();
  await expect(detail).toHaveCount(0);
  await expect(region(page).locator('table [tabindex="0"]')).toBeFocused();

  allowConsoleErrors(/Failed to load resource: the server responded with a status of 404/);
  await page.goto('/datasets/movies/table?record=no-such-record');
  const alert = page.getByRole('dialog').getByRole('alert');
  await expect(alert).toContainText('This record could not be loaded');
  await expect(alert).toContainText('The requested record no-such-record does not exist in dataset movies.');
});

test('cells follow the field types', async ({ page }) => {
  await page.goto('/datasets/earthquakes/table?sort=-mag');
  const first = rows(page).first();
  await expect(first).toBeVisible();
  await expect(await cellOf(page, first, 'Magnitude')).toHaveClass(/num/);
  await expect(await cellOf(page, first, 'Magnitude')).toHaveText(/^\d+\.\d{2}$/);
  await expect(await cellOf(page, first, 'Coordinates')).toHaveText(/^-?\d+(\.\d+)?, -?\d+(\.\d+)?$/);
  // en-US, the browser's locale here, on the dataset's clock (UTC).
  await expect(await cellOf(page, first, 'Time')).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M$/,
  );
  await expect((await cellOf(page, first, 'Product types')).getByRole('listitem').first()).toBeVisible();
  await expect((await cellOf(page, first, 'Event page')).getByRole('link')).toHaveAttribute(
    'href',
    /^https:\/\//,
  );
  await shot(page, '05-earthquakes-cells');

  await page.goto('/datasets/london-boroughs/table');
  await expect(rows(page).first()).toBeVisible();
  await expect(rows(page).first().locator('td').nth(2)).toHaveText(/^(Multi)?Polygon \(\d+ points\)$/);

  await page.goto('/datasets/movies/table');
  await expect(page.locator('table.records td.is-empty').first()).toBeVisible();
  await expect(page.locator('table.records td.is-empty').first()).toHaveText('');

  // Seattle's clock is Los Angeles: dates are calendar days, shown as written.
  await page.goto('/datasets/seattle-weather/table');
  await expect(await cellOf(page, rows(page).first(), 'Date')).toHaveText('Jan 1, 2012');
  expect(numberIn(await resultCount(page).textContent())).toBe(1461);
});

test('the table is a grid: one Tab stop, arrow keys move, Enter opens the record', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/datasets/movies/table');
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
  const grid = page.getByRole('grid');
  // Exactly one element of the table is reachable with Tab, however many rows are loaded.
  const stops = () =>
    grid.evaluate(
      (table) =>
        [...table.querySelectorAll<HTMLElement>('a, button, td, th')].filter((e) => e.tabIndex >= 0).length,
    );
  expect(await stops()).toBe(1);
  await page.getByRole('button', { name: /^Columns/ }).focus();
  await page.keyboard.press('Tab');
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement;
      const row = element?.closest('tr');
      const cell = element?.closest('td, th') as HTMLTableCellElement | null;
      return {
        row: row?.getAttribute('aria-rowindex'),
        cell: cell?.cellIndex,
        text: cell?.textContent ?? '',
      };
    });
  expect(await focused()).toMatchObject({ row: '1', cell: 0 });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect(await focused()).toMatchObject({ row: '3', cell: 0, text: '2' });
  await page.keyboard.press('ArrowRight');
  expect(await focused()).toMatchObject({ row: '3', cell: 1 });
  // Far down: the rows come into the page as the focus moves.
  for (let i = 0; i < 5; i++) await page.keyboard.press('PageDown');
  expect(await focused()).toMatchObject({ row: '53', cell: 1 });
  expect(await stops()).toBe(1);
  const title = (await focused()).text;
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toContainText(title);
  await page.keyboard.press('Escape');
  // Tab leaves the grid at once.
  await grid.locator('[tabindex="0"]').focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('table.records'))).toBe(false);
  await shot(page, '09-grid-keys');
});

test('a table opened from a link shows the rows the page came with, in the language of the link', async ({
  page,
}) => {
  // The dataset's metadata and the table's first page, in any language.
  const firstPage = /\/catalog\/datasets\/movies(\/records\?limit=100&offset=0&|\?lang=)/;
  const asked: string[] = [];
  page.on('request', (request) => {
    if (firstPage.test(request.url())) asked.push(request.url());
  });
  await page.goto('/datasets/movies/table');
  await expect(rows(page).first()).toBeVisible();
  await page.goto('/datasets/movies/table?lang=fr');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // Both pages carried them: neither was asked for.
  expect(asked).toEqual([]);
});

test('Ctrl+End reaches the last cell and leaves the column headers in sight', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/datasets/movies/table?sort=-imdb_rating');
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /^Columns/ }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+End');
  // The last film of the order: no IMDB rating, so the focus lands on its last (empty) cell.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('tr')?.getAttribute('aria-rowindex')))
    .toBe('3202');
  // Focusing the cell used to scroll the page to centre it, which slid the headers under the site's
  // sticky header: what is drawn at a header's centre must be that header.
  const header = page.getByRole('columnheader', { name: /^Director/ });
  const covered = await header.evaluate((th) => {
    const box = th.getBoundingClientRect();
    const there = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !th.contains(there);
  });
  expect(covered).toBe(false);
});
