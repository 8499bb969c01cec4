import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, resultCount, test } from './fixtures';

/** Serious and critical axe-core violations of the page as it is now, WCAG 2.1 A and AA rules. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the catalog, with filters and its portal menu open, has no serious accessibility violation', async ({
  page,
}) => {
  await page.goto('/?q=weather&refine=theme:Environment&sort=-records_count');
  await expect(resultCount(page)).toHaveText(/\d+ datasets?/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /Portal/ }).click();
  await expect(page.getByLabel('API key (optional)')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a dataset’s information has no serious accessibility violation', async ({ page }) => {
  await page.goto('/datasets/seattle-weather');
  await expect(page.locator('.fields-table')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Attachments' })).toBeVisible();
  await expect(page.locator('.attachments, .muted').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a filtered table with a record open has no serious accessibility violation', async ({ page }) => {
  // axe walks every cell of the grid twice; on a loaded 2-core machine that nears the default 30 s.
  test.setTimeout(90_000);
  await page.goto(
    '/datasets/movies/table?refine=major_genre:Comedy&exclude=mpaa_rating:R&sort=running_time_min',
  );
  await expect(resultCount(page)).toHaveText(/^[\d,]+ records$/);
  await expect(page.locator('table.records tbody tr').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Open record 1', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the catalog can be used with the keyboard alone, with a visible focus', async ({ page }) => {
  await page.goto('/');
  await expect(resultCount(page)).toHaveText(/\d+ datasets/);
  // The first stop is the skip link, which leads to the results.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  // Tab to the first facet value and refine it with the keyboard.
  const first = page.getByRole('navigation', { name: 'Facets' }).locator('.facet-refine').first();
  for (let i = 0; i < 10 && !(await first.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(first).toBeFocused();
  const outline = await first.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/refine=theme:/);
  await expect(first).toHaveAttribute('aria-pressed', 'true');
});

test('the query editor, the export and API tabs and the map have no serious accessibility violation', async ({
  page,
}) => {
  test.slow();
  await page.goto('/datasets/penguins/table?where=body_mass_g > 4000');
  await expect(page.getByRole('region', { name: 'Query' })).toBeVisible();
  await expect(page.locator('.cm-editor').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/datasets/earthquakes/export');
  await page.getByRole('radio', { name: /^GPX/ }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/datasets/movies/api');
  await expect(page.getByRole('region', { name: 'Exports of the selection' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/datasets/airports/map');
  await expect(page.locator('.maplibregl-canvas')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the calendar, a month with an event open and a day, has no serious accessibility violation', async ({
  page,
}) => {
  await page.goto('/datasets/movies/calendar?calendar.date=2006-04-15');
  const grid = page.getByRole('grid', { name: 'Calendar, April 2006' });
  await expect(grid.locator('.calendar-event').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await grid.locator('.calendar-event').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/datasets/earthquakes/calendar?calendar.view=day&calendar.date=2014-01-03');
  await expect(page.getByRole('grid', { name: /Calendar, Friday, January 3, 2014/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
