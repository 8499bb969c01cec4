import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, facet, facetValue, searchParams, test } from './fixtures';

/*
 * What the explorer remembers in the browser: the undo and redo of a selection, named views saved and
 * restored after the browser is opened again, and a dataset changed since the last visit (its source
 * file rewritten while the server runs: the test server re-ingests what changes in its data folder,
 * `E2E_DATA_DIR` as in playwright.config.ts). Screenshots go to test-results/memory/.
 */

const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e';
const DATASET = 'e2e-visits';

const undo = (page: Page) => page.getByRole('button', { name: 'Undo', exact: true });
const redo = (page: Page) => page.getByRole('button', { name: 'Redo', exact: true });

test('build a selection, undo and redo it, save it, and restore it after the browser is opened again', async ({
  page,
  context,
}) => {
  await page.goto('/datasets/seattle-weather/table');
  await expect(undo(page)).toBeDisabled();
  const start = page.url();

  await facetValue(facet(page, 'Weather'), 'rain').click();
  await expect.poll(() => searchParams(page).getAll('refine')).toEqual(['weather:rain']);
  await page
    .getByRole('columnheader', { name: /Maximum temperature/ })
    .getByRole('button')
    .first()
    .click();
  await expect.poll(() => searchParams(page).get('sort')).toBe('temp_max');
  const built = page.url();

  // Ctrl+Z twice: the sort, then the refine, are undone; Shift+Ctrl+Z and the button redo them.
  await page.locator('body').press('Control+z');
  await expect.poll(() => searchParams(page).get('sort')).toBeNull();
  expect(searchParams(page).getAll('refine')).toEqual(['weather:rain']);
  await page.locator('body').press('Control+z');
  await expect.poll(() => page.url()).toBe(start);
  await expect(undo(page)).toBeDisabled();
  await page.locator('body').press('Control+Shift+z');
  await expect.poll(() => searchParams(page).getAll('refine')).toEqual(['weather:rain']);
  await redo(page).click();
  await expect.poll(() => page.url()).toBe(built);
  await expect(redo(page)).toBeDisabled();
  await undo(page).click();
  await expect.poll(() => searchParams(page).get('sort')).toBeNull();
  await redo(page).click();
  await expect.poll(() => page.url()).toBe(built);

  // Typing in a field undoes the text, not the selection.
  const search = page.getByRole('searchbox', { name: 'Search records' });
  await search.fill('drizzle');
  await search.press('Control+z');
  expect(page.url()).toBe(built);

  await page.getByRole('button', { name: 'Save this view' }).click();
  await page.getByLabel('Name of the view').fill('Rainy days, coolest first');
  await page.getByLabel('Name of the view').press('Enter');
  await expect(page.getByText('View “Rainy days, coolest first” saved in this browser.')).toHaveCount(1);
  await page.getByText(/^Saved views \(1\)$/).click();
  await expect(page.getByRole('link', { name: 'Rainy days, coolest first' })).toBeVisible();
  await page.screenshot({ path: 'test-results/memory/saved-views.png' });

  // The browser opened again: a new page of the same profile, on the catalog.
  await page.close();
  const again = await context.newPage();
  await again.goto('/');
  const saved = again.getByRole('region', { name: 'Your saved views' });
  await expect(saved).toBeVisible();
  await again.screenshot({ path: 'test-results/memory/catalog-saved-views.png' });
  await saved.getByRole('link', { name: /Rainy days, coolest first/ }).click();
  await expect.poll(() => new URL(again.url()).pathname).toBe('/datasets/seattle-weather/table');
  expect(searchParams(again).getAll('refine')).toEqual(['weather:rain']);
  expect(searchParams(again).get('sort')).toBe('temp_max');
  await expect(again.getByRole('columnheader', { name: /Maximum temperature/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
});

/** Writes the test dataset's source with these rows, and waits until the server serves that many. */
async function writeDataset(request: APIRequestContext, rows: number): Promise<void> {
  const folder = join(DATA_DIR, 'datasets');
  mkdirSync(folder, { recursive: true });
  const csv = ['city,visitors', ...Array.from({ length: rows }, (_, i) => `City ${i + 1},${(i + 1) * 10}`)];
  writeFileSync(join(folder, `${DATASET}.csv`), `${csv.join('\n')}\n`);
  writeFileSync(
    join(folder, `${DATASET}.json`),
    JSON.stringify({ dataset_id: DATASET, source: `${DATASET}.csv`, metas: { title: 'Visits (e2e)' } }),
  );
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/explore/v2.1/catalog/datasets/${DATASET}`);
        return answer.ok() ? (await answer.json()).metas?.default?.records_count : undefined;
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe(rows);
}

test('a dataset whose file changed while the server runs is marked changed since the last visit', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await writeDataset(request, 3);
  await page.goto(`/datasets/${DATASET}`);
  await expect(page.getByRole('heading', { name: 'Visits (e2e)' })).toBeVisible();
  await expect(page.getByText('Changed since your last visit')).toHaveCount(0);
  // Another visit, nothing changed: no mark.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Visits (e2e)' })).toBeVisible();
  await expect(page.getByText('Changed since your last visit')).toHaveCount(0);

  await writeDataset(request, 5);
  // The catalog's card says it first (the dataset page then remembers this visit).
  await page.goto(`/?q=${encodeURIComponent('Visits (e2e)')}`);
  const card = page.locator('.dataset-card', { hasText: 'Visits (e2e)' });
  await expect(card.getByText('Changed since your last visit')).toBeVisible();
  await page.screenshot({ path: 'test-results/memory/catalog-changed.png' });

  await card.getByRole('link', { name: 'Visits (e2e)' }).click();
  const badge = page.getByText('Changed since your last visit');
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(page.getByText('Records: 3 then, 5 now.')).toBeVisible();
  await page.screenshot({ path: 'test-results/memory/dataset-changed.png' });

  // Seen: the next visit has nothing new to say.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Visits (e2e)' })).toBeVisible();
  await expect(page.getByText('Changed since your last visit')).toHaveCount(0);
});
