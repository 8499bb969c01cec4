import type { Page } from '@playwright/test';
import { expect, resultCount, test } from './fixtures';

/** The portal's refusal is in one alert only; the facet sidebar, refused alike, says it waits. */
async function expectSaidOnce(page: Page, message: string): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: message })).toHaveCount(1);
  await expect(
    page.getByText('The facets return once the filter the portal refused is removed.'),
  ).toBeVisible();
}

test('a portal that does not answer shows why, and the reader can go back', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource: net::ERR_CONNECTION_REFUSED/);
  await page.goto('/?portal=http://127.0.0.1:59999');
  await expect(page.getByRole('button', { name: /Portal/ })).toContainText('127.0.0.1:59999');
  const alert = page.getByRole('alert').filter({ hasText: 'The catalog could not be loaded' });
  await expect(alert).toContainText('Could not reach http://127.0.0.1:59999');
  await alert.getByRole('button', { name: 'Go back to this server’s datasets' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(resultCount(page)).toHaveText(/\d+ datasets/);
  await expect(page.getByRole('button', { name: /Portal/ })).toContainText('This server');
});

test('a malformed portal address is refused where it is typed', async ({ page }) => {
  await page.goto('/');
  await expect(resultCount(page)).toHaveText(/\d+ datasets/);
  await page.getByRole('button', { name: /Portal/ }).click();
  const address = page.getByLabel('Explore API portal address');
  await address.fill('not a url');
  await page.getByRole('button', { name: 'Use portal' }).click();
  await expect(page.getByRole('alert')).toHaveText('“not a url” is not a web address.');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');
  await expect(address).toBeHidden();
  expect(new URL(page.url()).searchParams.has('portal')).toBe(false);
  // The page still works.
  await page.getByRole('searchbox', { name: 'Search datasets' }).fill('penguins');
  await expect(resultCount(page)).toHaveText('1 dataset');
});

test('a malformed value in the address names the error and the filter can be removed', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource: the server responded with a status of 400/);
  await page.goto('/?portal=not%20a%20url');
  await expect(page.getByRole('alert').first()).toContainText('The portal address “not a url” was not used.');
  await expect(resultCount(page)).toHaveText(/\d+ datasets/);

  await page.goto('/datasets/seattle-weather/table?refine=nofield:x&sort=&columns=,');
  // The page shows the server's own message and code.
  const answer = await page.request.get(
    '/api/explore/v2.1/catalog/datasets/seattle-weather/records?refine=nofield:x',
  );
  const body = (await answer.json()) as { error_code: string; message: string };
  expect(answer.status()).toBe(400);
  const alert = page.getByRole('alert').filter({ hasText: 'Records could not be loaded' });
  await expect(alert).toContainText(body.message);
  await expect(alert).toContainText(`${body.error_code} · HTTP 400`);
  // Said once: the facets, refused for the same filter, do not repeat the message.
  await expectSaidOnce(page, body.message);
  await page.getByRole('button', { name: 'Remove filter nofield: x' }).click();
  await expect(resultCount(page)).toHaveText(/^[\d,]+ records$/);
  await expect(page.locator('table.records tbody tr.record-row').first()).toBeVisible();

  // The Analyze tab's chart, refused for the same filter, is the one place that says so.
  await page.goto('/datasets/seattle-weather/analyze?refine=nofield:x');
  await expectSaidOnce(page, body.message);
});

test('an unknown dataset says so and leads back to the catalog', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource: the server responded with a status of 404/);
  await page.goto('/datasets/no-such-dataset/table');
  const answer = await page.request.get('/api/explore/v2.1/catalog/datasets/no-such-dataset');
  const { message } = (await answer.json()) as { message: string };
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(message);
  await expect(alert).toContainText('no-such-dataset');
  await alert.getByRole('link', { name: 'Back to the catalog' }).click();
  await expect(resultCount(page)).toHaveText(/\d+ datasets/);
});

test('a map whose records cannot be counted says why once, and not that it is counting', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource: the server responded with a status of 400/);
  await page.goto('/datasets/us-zip-codes/map?refine=nofield:x');
  const alert = page.getByRole('alert').filter({ hasText: 'The map’s records could not be loaded' });
  await expect(alert).toBeVisible();
  await expectSaidOnce(page, 'nofield is not a facet');
  await expect(resultCount(page)).not.toContainText('Counting records');
  await expect(page.getByText('Counting records…')).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove filter nofield: x' }).click();
  await expect(resultCount(page)).toContainText('42,049 records');
  await expect(alert).toHaveCount(0);

  // The Export tab's selection, with the same filter, is not counted either, and not offered: the
  // portal's reason is shown instead; the whole dataset can still be downloaded.
  await page.goto('/datasets/us-zip-codes/export?refine=nofield:x');
  await expect(page.getByText('The current selection (not counted)')).toBeVisible();
  const refusal = page.getByRole('alert').filter({ hasText: 'The portal refused the current selection' });
  await expect(refusal).toContainText('nofield is not a facet');
  const download = page.getByRole('button', { name: 'Download', exact: true });
  await expect(download).toBeDisabled();
  await expect(
    page.getByRole('note').filter({ hasText: 'remove the filter, or download the whole dataset' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the URL' })).toHaveCount(0);
  await page.getByLabel(/The whole dataset, without filters/).check();
  await expect(download).toBeEnabled();
});
