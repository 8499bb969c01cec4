import { expect, facet, facetCount, facetValue, numberIn, resultCount, searchParams, test } from './fixtures';

test('refine and exclude weather values, then drill down the date facet', async ({ page }) => {
  await page.goto('/datasets/seattle-weather/table');
  const total = numberIn(await resultCount(page).textContent());
  const weather = facet(page, 'Weather');
  const date = facet(page, 'Date');

  // Refine: only rainy days, as many as the facet counted.
  const rain = await facetCount(weather, 'rain');
  await facetValue(weather, 'rain').click();
  await expect(resultCount(page)).toHaveText(`${rain.toLocaleString('en')} records`);
  expect(searchParams(page).getAll('refine')).toEqual(['weather:rain']);
  await expect(facetValue(weather, 'rain')).toHaveAttribute('aria-pressed', 'true');
  const weatherColumn = page.locator('table.records tbody td:nth-child(7)');
  await expect(weatherColumn.first()).toHaveText('rain');
  expect(new Set(await weatherColumn.allTextContents())).toEqual(new Set(['rain']));

  // Refining again removes the filter; the keyboard works as well as the mouse.
  await facetValue(weather, 'rain').focus();
  await page.keyboard.press('Enter');
  await expect(resultCount(page)).toHaveText(`${total.toLocaleString('en')} records`);

  // Exclude: sunny days leave, the value stays listed as excluded, without a count.
  const sun = await facetCount(weather, 'sun');
  await weather.getByRole('button', { name: 'Exclude sun' }).click();
  await expect(resultCount(page)).toHaveText(`${(total - sun).toLocaleString('en')} records`);
  expect(searchParams(page).getAll('exclude')).toEqual(['weather:sun']);
  await expect(weather.getByRole('button', { name: 'Include sun again' }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(facetValue(weather, 'sun')).toHaveAccessibleName('sun');
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Weather: not sun');

  // Date drill-down: a year, then one of its months; counts agree with the facet at each level.
  const year = await facetCount(date, '2013');
  await facetValue(date, '2013').click();
  await expect(resultCount(page)).toHaveText(`${year.toLocaleString('en')} records`);
  await expect(facetValue(date, '2013')).toHaveAttribute('aria-pressed', 'true');
  const february = facetValue(date, 'February');
  await expect(february).toBeVisible();
  const februaryCount = await facetCount(date, 'February');
  await february.click();
  await expect(resultCount(page)).toHaveText(`${februaryCount.toLocaleString('en')} records`);
  expect(searchParams(page).getAll('refine')).toEqual(['date:2013/02']);
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Date: February 2013');
  const dates = await page.locator('table.records tbody td:nth-child(2)').allTextContents();
  expect(dates.every((d) => /^Feb \d{1,2}, 2013$/.test(d))).toBe(true);
  // The days of the month appear below it, and add up to the month.
  const days = date.locator('.facet-children .facet-children');
  await expect(days.locator('.facet-value').first()).toBeVisible();
  await date.getByRole('button', { name: /^Show \d+ more$/ }).click();
  const dayCounts = await days.locator('.facet-count').allTextContents();
  expect(dayCounts.map(numberIn).reduce((a, b) => a + b, 0)).toBe(februaryCount);

  // Un-refining the month goes back up to its year; clearing drops everything.
  await facetValue(date, 'February').click();
  await expect(resultCount(page)).toHaveText(`${year.toLocaleString('en')} records`);
  expect(searchParams(page).getAll('refine')).toEqual(['date:2013']);
  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(resultCount(page)).toHaveText(`${total.toLocaleString('en')} records`);
});

test('a search narrows the records and shows as a chip', async ({ page }) => {
  await page.goto('/datasets/seattle-weather/table');
  await page.getByRole('searchbox', { name: 'Search records' }).fill('snow');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/q=snow/);
  const snow = await facetCount(facet(page, 'Weather'), 'snow');
  await expect(resultCount(page)).toHaveText(`${snow} records`);
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Search: “snow”');
});
