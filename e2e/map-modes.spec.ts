import type { Page } from '@playwright/test';
import { expect, numberIn, resultCount, test } from './fixtures';

/*
 * The Map tab's display modes, each on a dataset it suits, opened from its link or chosen in the
 * toolbar: a legend, the data behind it, and the filters followed. Screenshots go to /work/shots/maps/
 * (SHOTS overrides) for a person to look at.
 */

test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.SHOTS ?? 'test-results/maps';

function theMap(page: Page) {
  return page.getByTestId('map');
}

async function mapReady(page: Page) {
  await expect(theMap(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
}

const legend = (page: Page) => page.getByRole('figure', { name: 'Legend' });
const dataBehind = (page: Page) => page.locator('.map-data-behind');

test('heat map of the ZIP codes, with the densest places behind it', async ({ page }) => {
  await page.goto('/datasets/us-zip-codes/map?mapmode=heatmap');
  await mapReady(page);
  await expect(theMap(page)).toHaveAttribute('data-heatmap', 'true');
  await expect(legend(page)).toContainText('Records per area');
  await dataBehind(page).locator('summary').click();
  const rows = dataBehind(page).locator('tbody tr');
  expect(await rows.count()).toBeGreaterThan(10);
  await page.screenshot({ path: `${SHOTS}/heatmap-zip-codes.png` });
});

test('clusters of flights coloured by their average delay', async ({ page }) => {
  await page.goto('/datasets/flights/map?mapmode=clusters&mapagg=avg&mapfield=delay');
  await mapReady(page);
  expect(Number(await theMap(page).getAttribute('data-clusters'))).toBeGreaterThan(5);
  await expect(legend(page)).toContainText('Average Delay (min)');
  expect(await legend(page).locator('li').count()).toBeGreaterThanOrEqual(2);
  await expect(dataBehind(page).locator('summary')).toContainText('Data behind this map');
  await page.screenshot({ path: `${SHOTS}/clusters-avg-delay.png` });
});

test('airports by state: a legend entry refines on its value', async ({ page }) => {
  await page.goto('/datasets/airports/map?mapmode=categories&mapfield=state');
  await mapReady(page);
  const entries = legend(page).getByRole('button');
  await expect(entries).toHaveCount(7);
  await expect(legend(page)).toContainText('Other');
  await page.screenshot({ path: `${SHOTS}/categories-airports-state.png` });
  const first = (await entries.first().textContent())?.trim() ?? '';
  await entries.first().click();
  await expect(page).toHaveURL(new RegExp(`refine=state%3A${first}|refine=state:${first}`));
  await mapReady(page);
  const kept = numberIn(await resultCount(page).textContent());
  expect(kept).toBeLessThan(3_376);
  // The mode stays in the link with the filter.
  await expect(page).toHaveURL(/mapmode=categories/);
});

test('ZIP codes by state: each cluster in the colour of its most frequent state', async ({ page }) => {
  await page.goto('/datasets/us-zip-codes/map?mapmode=categories&mapfield=state');
  await mapReady(page);
  expect(Number(await theMap(page).getAttribute('data-clusters'))).toBeGreaterThan(5);
  await expect(legend(page).getByRole('button')).toHaveCount(7);
  await expect(
    page.getByText('Each group of records takes the colour of its most frequent value.'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/categories-zip-codes-clusters.png` });
});

test('US states filled by their obesity rate', async ({ page }) => {
  await page.goto('/datasets/us-states/map?mapmode=choropleth&mapfield=obesity_rate');
  await mapReady(page);
  expect(Number(await theMap(page).getAttribute('data-records'))).toBeGreaterThan(40);
  await expect(legend(page)).toContainText('Adult obesity rate');
  expect(await legend(page).locator('li').count()).toBe(5);
  await dataBehind(page).locator('summary').click();
  await expect(dataBehind(page).locator('tbody tr')).toHaveCount(53);
  await page.screenshot({ path: `${SHOTS}/choropleth-us-states.png` });
});

test('counting by area where no shapes share a field says so, and the map stays as it was', async ({
  page,
}) => {
  // The flights have no field a shapes dataset of the catalog could be joined on.
  await page.goto('/datasets/flights/map');
  await mapReady(page);
  const showAs = page.getByLabel('Show as');
  await showAs.selectOption('areas');
  await expect(
    page.getByRole('status').filter({ hasText: 'No dataset of shapes shares a field with this one.' }),
  ).toBeVisible();
  await expect(showAs).toHaveValue('clusters');
  await expect(showAs.locator('option[value="areas"]')).toBeDisabled();
  expect(page.url()).not.toContain('mapmode=areas');
});

test('airports counted onto the US states, chosen in the toolbar, following the filters', async ({
  page,
}) => {
  await page.goto('/datasets/airports/map');
  await mapReady(page);
  await page.getByLabel('Show as').selectOption('areas');
  await expect(page).toHaveURL(/mapmode=areas&mapshapes=us-states&mapjoin=state(%3A|:)state/);
  await expect(page.getByLabel('Areas')).toHaveValue('us-states');
  await mapReady(page);
  await expect.poll(async () => Number(await theMap(page).getAttribute('data-areas'))).toBeGreaterThan(20);
  await expect(legend(page)).toContainText('Records');
  await dataBehind(page).locator('summary').click();
  const firstRow = dataBehind(page).locator('tbody tr').first();
  // Alaska has the most airports (the State facet counts 263 too).
  await expect(firstRow).toHaveText('AK263');
  await page.screenshot({ path: `${SHOTS}/areas-airports-by-state.png` });

  // A filter on the airports changes the counts, which come from the server's group_by.
  const search = page.getByPlaceholder('Search in all fields…');
  await search.fill('international');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=international/);
  await mapReady(page);
  const rows = dataBehind(page).locator('tbody tr');
  await expect
    .poll(async () => numberIn(await rows.first().locator('td').nth(1).textContent()))
    .toBeLessThan(50);

  // Count → average of a number field is offered only where the dataset has one: airports have none.
  await expect(page.getByLabel('Value', { exact: true })).toHaveCount(0);
});
