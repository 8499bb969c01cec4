import type { Locator, Page } from '@playwright/test';
import { expect, resultCount, searchParams, test } from './fixtures';

/*
 * Every record of a sorted selection within reach: the records table scrolls, and jumps, past the
 * Explore API's 10,000-record window (keyset paging), and sorts on several columns. Screenshots go to
 * test-results/records/.
 */

const API = '/api/explore/v2.1/catalog/datasets/flights/records';
const rows = (page: Page) => page.locator('table.records tbody tr.record-row');
const region = (page: Page) => page.getByRole('region', { name: /^Records of / });
const row = (page: Page, index: number) =>
  page.locator(`table.records tbody tr.record-row[data-row="${index}"]`);

/** A row's values, its number left out. */
async function values(line: Locator): Promise<string[]> {
  const cells = await line.locator('td').allInnerTexts();
  return cells.slice(1).map((c) => c.trim());
}

// The deep pages of 3 million flights are asked from a shared server: they may take some seconds.
test.describe.configure({ timeout: 90_000 });

test('the last flight by delay, scrolled to with the scrollbar, is the first of the reverse sort', async ({
  page,
}) => {
  await page.goto('/datasets/flights/table?sort=-delay');
  await expect(resultCount(page)).toHaveText('3,000,000 records');
  await expect(rows(page).first()).toBeVisible();
  // Every record is within reach: no window notice.
  await expect(page.locator('.loaded-count')).toHaveCount(0);

  // The scrollbar dragged to its end.
  await region(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  const last = row(page, 2_999_999);
  await expect(last).toBeVisible({ timeout: 60_000 });
  await expect(last.locator('td.row-number')).toHaveText('3,000,000');
  await expect(page.getByText('End of the 3,000,000 records.')).toBeVisible();
  const lastValues = await values(last);
  await page.screenshot({ path: 'test-results/records/flights-end.png' });

  await page.goto('/datasets/flights/table?sort=delay');
  const first = row(page, 0);
  await expect(first).toBeVisible();
  expect(await values(first)).toEqual(lastValues);
});

test('go to record 2,900,000 of the flights by delay: the record with 2,899,999 before it', async ({
  page,
  request,
}) => {
  await page.goto('/datasets/flights/table?sort=-delay');
  await expect(rows(page).first()).toBeVisible();
  await page.getByLabel('Go to record').fill('2,900,000');
  await page.getByLabel('Go to record').press('Enter');
  const target = row(page, 2_899_999);
  await expect(target).toBeVisible({ timeout: 60_000 });
  await expect(target.locator('td.row-number')).toHaveText('2,900,000');
  // The row is brought to the top of the view and focused, for the keyboard to go on from there.
  await expect(target.locator('button.row-open')).toBeFocused();
  await page.screenshot({ path: 'test-results/records/flights-2900000.png' });

  // Its record, opened: the API counts exactly 2,899,999 records before it in this order.
  await target.locator('button.row-open').click();
  await expect.poll(() => searchParams(page).get('record')).not.toBeNull();
  const id = searchParams(page).get('record')!;
  const delay = Number((await values(target))[1]!.replace(/,/g, ''));
  const before = await request.get(API, {
    params: { where: `delay > ${delay} or (delay = ${delay} and recordid < "${id}")`, limit: 0 },
  });
  expect((await before.json()).total_count).toBe(2_899_999);

  // The next rows follow by keys, numbered on.
  await page.keyboard.press('Escape');
  await region(page).evaluate((el) => el.scrollBy({ top: 36 * 10 }));
  // Ten rows down: the row ten below the target is on screen, whatever the screen's height.
  await expect(row(page, 2_900_009)).toBeVisible({ timeout: 30_000 });
  const numbers = (await rows(page).locator('td.row-number').allTextContents()).map((n) =>
    Number(n.replace(/,/g, '')),
  );
  expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
});

test('sort on several columns with Shift+click and Shift+Enter; the link keeps it', async ({ page }) => {
  await page.goto('/datasets/movies/table?sort=-major_genre');
  const genre = page.getByRole('columnheader', { name: /Major genre/ });
  const rating = page.getByRole('columnheader', { name: /IMDB rating/ });
  const title = page.getByRole('columnheader', { name: /^Title/ });
  await expect(genre).toHaveAttribute('aria-sort', 'descending');

  await rating
    .getByRole('button')
    .first()
    .click({ modifiers: ['Shift'] });
  await expect.poll(() => searchParams(page).get('sort')).toBe('-major_genre,imdb_rating');
  await title.getByRole('button').first().focus();
  await page.keyboard.press('Shift+Enter');
  await expect.poll(() => searchParams(page).get('sort')).toBe('-major_genre,imdb_rating,title');
  // Each key shows its rank and direction; aria-sort stays on the first.
  await expect(genre.locator('.sort-rank')).toHaveText('1');
  await expect(rating.locator('.sort-rank')).toHaveText('2');
  await expect(title.locator('.sort-rank')).toHaveText('3');
  await expect(rating).not.toHaveAttribute('aria-sort');
  await expect(rating.getByRole('button').first()).toContainText('sort key 2 of 3, ascending');
  await page.screenshot({ path: 'test-results/records/movies-multi-sort.png' });

  // The link opens the same sort; the API tab and the export follow it.
  const link = page.url();
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByRole('columnheader', { name: /IMDB rating/ }).locator('.sort-rank')).toHaveText('2');
  await page.getByRole('link', { name: 'API', exact: true }).click();
  await expect(
    page.locator('code', { hasText: /^major_genre desc, imdb_rating asc, title asc$/ }).first(),
  ).toBeVisible();

  // Shift+click again turns a key descending, then takes it out, leaving the others.
  await page.getByRole('link', { name: 'Table', exact: true }).click();
  const ratingButton = page
    .getByRole('columnheader', { name: /IMDB rating/ })
    .getByRole('button')
    .first();
  await ratingButton.click({ modifiers: ['Shift'] });
  await expect.poll(() => searchParams(page).get('sort')).toBe('-major_genre,-imdb_rating,title');
  await ratingButton.click({ modifiers: ['Shift'] });
  await expect.poll(() => searchParams(page).get('sort')).toBe('-major_genre,title');
  // A plain click sorts by that column alone.
  await ratingButton.click();
  await expect.poll(() => searchParams(page).get('sort')).toBe('imdb_rating');
});
