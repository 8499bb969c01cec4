import { expect, facet, facetCount, facetValue, numberIn, resultCount, searchParams, test } from './fixtures';

test('search the catalog, then refine and exclude facet values', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
  const total = numberIn(await resultCount(page).textContent());
  expect(total).toBeGreaterThan(1);
  await expect(page.locator('.dataset-card')).toHaveCount(Math.min(total, 10));

  // Full-text search: typing is enough, the explorer searches after a pause.
  const search = page.getByRole('searchbox', { name: 'Search datasets' });
  await search.fill('seattle weather');
  await expect(page).toHaveURL(/[?&]q=seattle\+weather/);
  await expect(resultCount(page)).toHaveText('1 dataset');
  await expect(page.getByRole('link', { name: 'Seattle daily weather 2012–2015' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Search: “seattle weather”' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(resultCount(page)).toHaveText(`${total} datasets`);
  await expect(search).toBeFocused();
  expect(searchParams(page).has('q')).toBe(false);

  // Refine on a theme: the count of the value is the number of datasets listed.
  const themes = facet(page, 'Theme');
  const environment = await facetCount(themes, 'Environment');
  await facetValue(themes, 'Environment').click();
  await expect(page).toHaveURL(/refine=theme:Environment/);
  await expect(resultCount(page)).toHaveText(`${environment} datasets`);
  await expect(facetValue(themes, 'Environment')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.dataset-card .theme').filter({ hasNotText: 'Environment' })).toHaveCount(0);

  // Exclude a keyword: that dataset leaves the list and the value is marked excluded.
  const keywords = facet(page, 'Keyword');
  // Past six values a facet folds; unfold it as a reader would.
  const more = keywords.getByRole('button', { name: /^Show \d+ more$/ });
  if (await more.isVisible()) await more.click();
  const seismology = await facetCount(keywords, 'seismology');
  await keywords.getByRole('button', { name: 'Exclude seismology' }).click();
  await expect(page).toHaveURL(/exclude=keyword:seismology/);
  await expect(resultCount(page)).toHaveText(`${environment - seismology} datasets`);
  await expect(page.getByRole('link', { name: /Earthquakes/ })).toHaveCount(0);
  await expect(keywords.getByRole('button', { name: 'Include seismology again' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const chips = page.getByRole('list', { name: 'Active filters' });
  // Each chip also says how many datasets it keeps out.
  await expect(chips.getByRole('listitem')).toHaveText([
    /^Theme: Environment−\d+removes \d+ datasets?×$/,
    /^Keyword: not seismology−\d+removes \d+ datasets?×$/,
  ]);

  // Remove one chip, go back in history, then clear everything.
  await page.getByRole('button', { name: 'Remove filter Theme: Environment' }).click();
  await expect(resultCount(page)).toHaveText(`${total - seismology} datasets`);
  await page.goBack();
  await expect(resultCount(page)).toHaveText(`${environment - seismology} datasets`);
  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(resultCount(page)).toHaveText(`${total} datasets`);
  expect([...searchParams(page).keys()]).toEqual([]);
});

test('a keyword of a dataset card lists the datasets with that keyword', async ({ page }) => {
  await page.goto('/');
  const card = page.locator('.dataset-card').filter({ hasText: 'Seattle daily weather' });
  await card.getByRole('link', { name: 'NOAA' }).click();
  await expect(page).toHaveURL(/refine=keyword:NOAA/);
  await expect(facetValue(facet(page, 'Keyword'), 'NOAA')).toHaveAttribute('aria-pressed', 'true');
  const count = await facetCount(facet(page, 'Keyword'), 'NOAA');
  await expect(resultCount(page)).toHaveText(count === 1 ? '1 dataset' : `${count} datasets`);
});

test('A to Z as people read: titles and keywords whatever their case', async ({ page }) => {
  await page.goto('/?sort=title');
  const titles = page.locator('.dataset-card-title');
  await expect(titles.first()).toBeVisible();
  const listed = await titles.allTextContents();
  // "US airports" before "US states" and "US ZIP codes": a capital letter does not sort first.
  expect(listed.indexOf('US airports')).toBeGreaterThanOrEqual(0);
  expect(listed.indexOf('US airports')).toBeLessThan(listed.indexOf('US states'));
  expect(listed).toEqual([...listed].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

  const keywords = facet(page, 'Keyword');
  const more = keywords.getByRole('button', { name: /^Show \d+ more$/ });
  if (await more.isVisible()) await more.click();
  const values = await keywords.locator('.facet-name').allTextContents();
  expect(values.indexOf('aviation')).toBeGreaterThanOrEqual(0);
  expect(values.indexOf('aviation')).toBeLessThan(values.indexOf('United States'));
});
