import type { Page } from '@playwright/test';
import { expect, facet, facetCount, facetValue, numberIn, resultCount, searchParams, test } from './fixtures';

/*
 * A new reader's whole visit: catalog, search, a theme, a dataset's table, sort, refine, exclude, a date
 * drill-down, a record, reload, history, and another portal. Screenshots go to the test's output folder.
 */

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

const records = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'record' : 'records'}`;

/** The facet counts of a group, once the facets answer the current filters. */
async function counts(page: Page, label: string): Promise<string[]> {
  await expect(page.getByRole('navigation', { name: 'Facets' })).not.toHaveAttribute('aria-busy', 'true');
  return facet(page, label).locator('.facet-value').allTextContents();
}

test('a new reader explores the catalog and the movies, then another portal', async ({
  page,
  allowConsoleErrors,
}) => {
  // A whole visit over five pages: longer than one page's journey, on a machine that may be busy.
  test.setTimeout(90_000);
  allowConsoleErrors(/Failed to load resource: net::ERR_CONNECTION_REFUSED/);

  // The catalog.
  await page.goto('/');
  const total = numberIn(await resultCount(page).textContent());
  await expect(page.locator('.dataset-card')).toHaveCount(Math.min(total, 10));
  await shot(page, '01-catalog');

  // Search, then refine a theme.
  await page.getByRole('searchbox', { name: 'Search datasets' }).fill('ratings');
  await expect(page).toHaveURL(/[?&]q=ratings/);
  const themes = facet(page, 'Theme');
  const culture = await facetCount(themes, 'Culture');
  await facetValue(themes, 'Culture').click();
  await expect(page).toHaveURL(/refine=theme:Culture/);
  await expect(resultCount(page)).toHaveText(culture === 1 ? '1 dataset' : `${culture} datasets`);
  await shot(page, '02-catalog-search-theme');

  // Open the movies, straight to their table from the card.
  const card = page.locator('.dataset-card').filter({ hasText: 'Movies: box office and ratings' });
  await card.getByRole('link', { name: 'Table', exact: true }).click();
  await expect(page).toHaveURL(/\/datasets\/movies\/table$/);
  await expect(resultCount(page)).toHaveText(/^[\d,]+ records$/);
  const all = numberIn(await resultCount(page).textContent());
  await expect(page.locator('table.records tbody tr').first()).toBeVisible();

  // Sort by a column.
  const header = page.getByRole('columnheader', { name: /Running time/ });
  await header.getByRole('button').first().click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  expect(searchParams(page).get('sort')).toBe('running_time_min');

  // Refine a genre: the count is the facet's.
  const genres = facet(page, 'Major genre');
  const comedy = await facetCount(genres, 'Comedy');
  expect(comedy).toBeLessThan(all);
  await facetValue(genres, 'Comedy').click();
  await expect(resultCount(page)).toHaveText(records(comedy));
  await expect(facetValue(genres, 'Comedy')).toHaveAttribute('aria-pressed', 'true');

  // Exclude a rating: those comedies leave, and the value stays listed, struck through.
  const ratings = facet(page, 'MPAA rating');
  const rated = await facetCount(ratings, 'R');
  await ratings.getByRole('button', { name: 'Exclude R' }).click();
  await expect(resultCount(page)).toHaveText(records(comedy - rated));
  const excluded = ratings.locator('.facet-value.is-excluded');
  await expect(excluded).toHaveCount(1);
  await expect(excluded.locator('.facet-name')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('listitem')).toHaveText([
    /^Major genre: Comedy−[\d,]+removes [\d,]+ records?×$/,
    /^MPAA rating: not R−[\d,]+removes [\d,]+ records?×$/,
  ]);
  expect(searchParams(page).getAll('exclude')).toEqual(['mpaa_rating:R']);
  await shot(page, '03-movies-table-filtered');

  // A record's detail has its own address.
  await page.getByRole('button', { name: 'Open record 1', exact: true }).click();
  const detail = page.getByRole('dialog');
  await expect(detail).toBeVisible();
  await expect(page).toHaveURL(/[?&]record=/);
  const title = await detail.getByRole('heading').first().textContent();
  await shot(page, '04-movies-record');

  // Reload: the same state, the same counts.
  const url = page.url();
  const genreCounts = await counts(page, 'Major genre');
  const ratingCounts = await counts(page, 'MPAA rating');
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(resultCount(page)).toHaveText(records(comedy - rated));
  await expect(page.getByRole('dialog').getByRole('heading').first()).toHaveText(title ?? '');
  await expect(page.getByRole('columnheader', { name: /Running time/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  expect(await counts(page, 'Major genre')).toEqual(genreCounts);
  expect(await counts(page, 'MPAA rating')).toEqual(ratingCounts);

  // Back closes the record, then undoes the exclusion; forward redoes it.
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goBack();
  await expect(resultCount(page)).toHaveText(records(comedy));
  await page.goForward();
  await expect(resultCount(page)).toHaveText(records(comedy - rated));
  await page.goForward();
  await expect(page.getByRole('dialog')).toBeVisible();

  // Drill the Seattle weather dates down to a month.
  await page.goto('/datasets/seattle-weather/table');
  const date = facet(page, 'Date');
  const year = await facetCount(date, '2014');
  await facetValue(date, '2014').click();
  await expect(resultCount(page)).toHaveText(records(year));
  const march = await facetCount(date, 'March');
  await facetValue(date, 'March').click();
  await expect(resultCount(page)).toHaveText(records(march));
  expect(march).toBe(31);
  expect(searchParams(page).getAll('refine')).toEqual(['date:2014/03']);
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Date: March 2014');
  await shot(page, '05-weather-march-2014');

  // Another portal that does not answer: the reader is told so, in words.
  await page.getByRole('button', { name: /Portal/ }).click();
  await page.getByLabel('Explore API portal address').fill('http://127.0.0.1:59999');
  await page.getByRole('button', { name: 'Use portal' }).click();
  await expect(page).toHaveURL(/portal=http/);
  const alert = page.getByRole('alert').filter({ hasText: 'The catalog could not be loaded' });
  await expect(alert).toContainText('Could not reach http://127.0.0.1:59999');
  await expect(alert).toContainText('The portal may be down');
  await shot(page, '06-closed-portal');
  // The choice is remembered: a plain address comes back to that portal until the reader leaves it.
  await page.goto('/');
  await expect(page).toHaveURL(/portal=http/);
  await alert.getByRole('button', { name: 'Go back to this server’s datasets' }).click();
  await expect(resultCount(page)).toHaveText(`${total} datasets`);
});
