import type { Locator, Page } from '@playwright/test';
import { expect, facet, facetValue, resultCount, searchParams, test } from './fixtures';

const API = '/api/explore/v2.1/catalog/datasets/penguins/records';
/** A first page load, or the editor's chunk (CodeMirror and the ODSQL compiler): slow on a busy machine. */
const CHUNK_LOAD = { timeout: 20_000 };

// These journeys type like a user, key by key: give them room on shared machines.
test.describe.configure({ timeout: 60_000 });

/** The CodeMirror editor of one clause (its content is a textbox named after the clause). */
function clause(page: Page, name: 'where' | 'select' | 'group_by' | 'order_by'): Locator {
  return page.getByRole('region', { name: 'Query' }).getByRole('textbox', { name, exact: true });
}

function problems(page: Page): Locator {
  return page.getByRole('list', { name: 'Query problems' }).getByRole('listitem');
}

async function openQuery(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Query with ODSQL' }).click();
  await expect(clause(page, 'where')).toBeVisible(CHUNK_LOAD);
}

/** Replaces a clause: typed key by key when `keys`, else entered at once (as a paste would). */
async function typeIn(page: Page, editor: Locator, text: string, keys = false): Promise<void> {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  if (text === '') return;
  if (keys) await page.keyboard.type(text);
  else await page.keyboard.insertText(text);
}

async function apiCount(page: Page, where: string): Promise<number> {
  const response = await page.request.get(`${API}?limit=0&where=${encodeURIComponent(where)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { total_count: number }).total_count;
}

test('a wrong field is flagged before running; the fixed query filters the table and lives in the URL', async ({
  page,
}) => {
  await page.goto('/datasets/penguins/table');
  await expect(resultCount(page)).toHaveText('344 records', CHUNK_LOAD);
  await openQuery(page);

  // Completion offers the dataset's fields with their type.
  await typeIn(page, clause(page, 'where'), 'body_m', true);
  const completion = page.locator('.cm-tooltip-autocomplete');
  await expect(completion.getByRole('option', { name: /body_mass_g/ })).toContainText('int');
  await page.keyboard.press('Escape');

  // A field that does not exist: the diagnostic shows while typing, nothing is sent.
  await typeIn(page, clause(page, 'where'), 'body_mas > 4000', true);
  await expect(problems(page)).toHaveText(['where Unknown field: body_mas']);
  await expect(clause(page, 'where').locator('.cm-lintRange-error')).toHaveText('body_mas');
  await page.screenshot({ path: 'test-results/editor-diagnostic.png' });
  expect(searchParams(page).has('where')).toBe(false);
  await expect(resultCount(page)).toHaveText('344 records');

  // Fixed and run with Ctrl+Enter: count, table and address follow.
  await typeIn(page, clause(page, 'where'), 'body_mass_g > 4000 and island = "Biscoe"');
  await expect(problems(page)).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+Enter');
  const expected = await apiCount(page, 'body_mass_g > 4000 and island = "Biscoe"');
  expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThan(344);
  await expect(resultCount(page)).toHaveText(`${expected} records`);
  expect(searchParams(page).get('where')).toBe('body_mass_g > 4000 and island = "Biscoe"');
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(
    'Query: where body_mass_g > 4000 and island = "Biscoe"',
  );
  const islands = await page.locator('table.records tbody tr td:nth-child(3)').allTextContents();
  expect(new Set(islands)).toEqual(new Set(['Biscoe']));

  // A facet click refines on top of the query, and the query view lists it.
  const species = facet(page, 'Species');
  await facetValue(species, 'Gentoo').click();
  await expect(page).toHaveURL(/refine=species:Gentoo/);
  await expect(page.getByRole('list', { name: 'Filters applied with the query' })).toHaveText(
    'refine=species:Gentoo',
  );
  const refined = Number(
    (
      (await (
        await page.request.get(
          `${API}?limit=0&where=${encodeURIComponent('body_mass_g > 4000 and island = "Biscoe"')}&refine=species:Gentoo`,
        )
      ).json()) as { total_count: number }
    ).total_count,
  );
  await expect(resultCount(page)).toHaveText(`${refined} records`);
  await page.screenshot({ path: 'test-results/editor-refined.png' });

  // The link restores the query: a new page on the same address shows the editor filled in.
  const link = page.url();
  const other = await page.context().newPage();
  await other.goto(link);
  await expect(resultCount(other)).toHaveText(`${refined} records`, CHUNK_LOAD);
  await expect(clause(other, 'where')).toHaveText('body_mass_g > 4000 and island = "Biscoe"', CHUNK_LOAD);
  await other.close();

  // Removing the query chip clears the query and the editor.
  await page.getByRole('button', { name: /^Remove filter Query:/ }).click();
  await expect(resultCount(page)).toHaveText('124 records');
  await expect(clause(page, 'where')).not.toContainText('body_mass_g');
  expect(searchParams(page).has('where')).toBe(false);
});

test('group_by shows a table of groups; an aggregate in where is refused', async ({ page }) => {
  await page.goto('/datasets/penguins/table');
  await openQuery(page);

  await typeIn(page, clause(page, 'where'), 'avg(body_mass_g) > 1');
  await expect(problems(page)).toHaveCount(1);
  await expect(problems(page).first()).toContainText(/^where .*avg/);

  await typeIn(page, clause(page, 'where'), '');
  await typeIn(page, clause(page, 'select'), 'species, count(*) as n, avg(body_mass_g) as mass');
  // Without group_by the plain field is refused; adding the group fixes select.
  await expect(problems(page).first()).toContainText(/^select .*group_by/);
  await expect(clause(page, 'select').locator('.cm-lintRange-error')).toHaveText('species');
  await typeIn(page, clause(page, 'group_by'), 'species');
  await typeIn(page, clause(page, 'order_by'), 'n desc');
  await expect(problems(page)).toHaveCount(0);
  // The select editor is checked again when group_by changes, not only when its own text does.
  await expect(clause(page, 'select').locator('.cm-lintRange-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Run', exact: true }).click();

  await expect(resultCount(page)).toHaveText('3 groups');
  const table = page.locator('table.query-results');
  await expect(table.locator('thead th')).toHaveText(['Row#', 'Species', 'n', 'mass']);
  await expect(table.locator('tbody tr td:nth-child(2)')).toHaveText(['Adelie', 'Gentoo', 'Chinstrap']);
  await expect(table.locator('tbody tr td:nth-child(3)')).toHaveText(['152', '124', '68']);
  const params = searchParams(page);
  expect(params.get('group_by')).toBe('species');
  expect(params.get('order_by')).toBe('n desc');
  await expect(page.getByRole('button', { name: 'Copy a link to this query' })).toBeVisible();
  await page.screenshot({ path: 'test-results/editor-groups.png' });
});

test('a refused query in a pasted link is shown at its clause', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 400/);
  await page.goto(`/datasets/penguins/table?order_by=${encodeURIComponent('species, nope desc')}`);
  // The panel opens on a link holding a query; the problem sits on the word.
  await expect(clause(page, 'order_by')).toHaveText('species, nope desc', CHUNK_LOAD);
  await expect(problems(page)).toHaveText(['order_by Unknown field: nope']);
  await expect(clause(page, 'order_by').locator('.cm-lintRange-error')).toHaveText('nope');
  // Said once, at its clause: the table and the facets point to the editor instead of repeating it.
  await expect(
    page.getByRole('status').filter({ hasText: 'its error is shown in the query editor' }),
  ).toBeVisible();
  const times = await page.evaluate(() => document.body.innerText.split('Unknown field: nope').length - 1);
  expect(times).toBe(1);
});

test('Enter on a clause the editor marks invalid sends nothing and keeps the last valid query', async ({
  page,
}) => {
  await page.goto('/datasets/penguins/table?where=island%20%3D%20%22Biscoe%22');
  await expect(resultCount(page)).toHaveText('168 records', CHUNK_LOAD);
  await expect(clause(page, 'where')).toHaveText('island = "Biscoe"', CHUNK_LOAD);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) sent.push(request.url());
  });

  // Entered at once and run before the pause the checks wait for: Enter must check all the same.
  await typeIn(page, clause(page, 'where'), 'body_mass_g >');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Not run' })).toBeVisible();
  await expect(problems(page)).toHaveCount(1);
  await expect(problems(page).first()).toContainText(/^where /);
  // Marked at once (an end of input is a point, not a range), without the pause typing waits for.
  await expect(clause(page, 'where').locator('.cm-lintRange-error, .cm-lintPoint-error')).toHaveCount(1);
  // The caret is at the problem, in the clause that holds it.
  await expect(clause(page, 'where')).toBeFocused();
  await page.getByRole('button', { name: 'Run', exact: true }).click();

  // Nothing of the invalid clause was sent (the range histogram of the current filters may still come).
  expect(sent.filter((url) => decodeURIComponent(url).includes('body_mass_g'))).toEqual([]);
  expect(searchParams(page).get('where')).toBe('island = "Biscoe"');
  await expect(resultCount(page)).toHaveText('168 records');
  await expect(page.locator('table.records tbody tr').first()).toBeVisible();

  // Corrected, the message goes and the query runs.
  await page.keyboard.press('End');
  await page.keyboard.type(' 6000');
  await expect(page.getByRole('status').filter({ hasText: 'Not run' })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/where=body_mass_g/);
});
