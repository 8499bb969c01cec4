import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, resultCount, test } from './fixtures';

/*
 * The map beside the Table tab of a geo dataset: hovering a row rings its point, clicking a point marks
 * its row and brings it into view in the virtualised table. On a phone the map is above the table,
 * closed until asked for, and the page never scrolls sideways.
 */

// Software WebGL on a shared machine: a map's first render can take seconds.
test.describe.configure({ timeout: 90_000 });

function theMap(page: Page) {
  return page.getByRole('region', { name: 'Map of the rows in the table' }).getByTestId('map');
}

async function mapReady(page: Page) {
  await expect(theMap(page)).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
}

function row(page: Page, index: number) {
  return page.locator(`table.records tr.record-row[data-row="${index}"]`);
}

/** Whether a row is inside the table's scrolling box (not merely rendered in its overscan). */
function inView(page: Page, index: number): Promise<boolean> {
  return row(page, index).evaluate((tr) => {
    const box = tr.closest('.records-scroll')!.getBoundingClientRect();
    const r = tr.getBoundingClientRect();
    return r.top >= box.top && r.bottom <= box.bottom;
  });
}

test('a row hovered rings its point; a point clicked brings its row into the table', async ({ page }) => {
  // 63 records, all in one page, spread over Los Angeles. A screen wide enough for the map beside the
  // table (below 1600 px it opens above it, closed: map-walk.spec.ts).
  await page.setViewportSize({ width: 1680, height: 1000 });
  await page.goto('/datasets/la-riots/table?sort=age');
  await expect(resultCount(page)).toHaveText('63 records');
  // Wide screen: the map is open beside the table, with every row of the table on it.
  await expect(page.getByRole('button', { name: 'Hide the map' })).toHaveAttribute('aria-expanded', 'true');
  await mapReady(page);
  await expect(page.getByText('All 63 rows of the table are on the map.')).toBeVisible();
  expect(Number(await theMap(page).getAttribute('data-records'))).toBeGreaterThan(40);
  const mapBox = await theMap(page).boundingBox();
  const tableBox = await page.locator('.records-scroll').boundingBox();
  expect(mapBox!.x).toBeGreaterThan(tableBox!.x + tableBox!.width - 1);

  // Row → point: a row far down the table, scrolled to, then hovered.
  const far = 55;
  await page.locator('.records-scroll').evaluate((box, n) => {
    box.scrollTop = n * 36 - 100;
  }, far);
  await expect.poll(() => inView(page, far)).toBe(true);
  await row(page, far).hover();
  await expect(theMap(page)).toHaveAttribute('data-highlight', String(far));
  const at = await theMap(page).getAttribute('data-highlight-at');
  const [x, y] = (at ?? '').split(',').map(Number);
  expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
  await page.mouse.move(0, 0);
  await expect(theMap(page)).not.toHaveAttribute('data-highlight', String(far));

  // Point → row: back at the top of the table, click that point on the map.
  await page.locator('.records-scroll').evaluate((box) => {
    box.scrollTop = 0;
  });
  await expect(row(page, far)).toHaveCount(0);
  await page.mouse.move(mapBox!.x + x!, mapBox!.y + y!);
  await expect(page.getByRole('tooltip')).toContainText(`Row ${far + 1}`);
  await page.mouse.click(mapBox!.x + x!, mapBox!.y + y!);
  const marked = page.locator('tr.record-row.is-marked');
  await expect(marked).toHaveAttribute('data-row', String(far));
  await expect.poll(() => inView(page, far)).toBe(true);
  await expect(page.getByText(`Row ${far + 1} is marked in the table.`)).toBeVisible();
  // The marked row stays ringed on the map once the pointer leaves it.
  await page.mouse.move(0, 0);
  await expect(theMap(page)).toHaveAttribute('data-highlight', String(far));
  await page.screenshot({ path: 'test-results/table-map-marked.png' });

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  // The choice is remembered: hidden, it stays hidden on the next visit.
  await page.getByRole('button', { name: 'Hide the map' }).click();
  await expect(theMap(page)).toHaveCount(0);
  await page.reload();
  await expect(resultCount(page)).toHaveText('63 records');
  await expect(page.getByRole('button', { name: 'Show the map' })).toHaveAttribute('aria-expanded', 'false');
});

test('on a phone the map is above the table, closed until asked for, and nothing scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/datasets/earthquakes/table');
  await expect(resultCount(page)).toHaveText('1,707 records');
  const show = page.getByRole('button', { name: 'Show the map' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await expect(theMap(page)).toHaveCount(0);
  await show.click();
  await mapReady(page);
  await expect(
    page.getByText('100 rows loaded in the table are on the map; scroll the table for more.'),
  ).toBeVisible();
  const mapBox = await theMap(page).boundingBox();
  const tableBox = await page.locator('.records-scroll').boundingBox();
  expect(mapBox!.y + mapBox!.height).toBeLessThanOrEqual(tableBox!.y);
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
  // Focusing a row (the keyboard's hover) rings its point too.
  await page.mouse.move(0, 0);
  await row(page, 2).locator('td').nth(1).focus();
  await expect(theMap(page)).toHaveAttribute('data-highlight', '2');
  await page.screenshot({ path: 'test-results/table-map-phone.png' });
});
