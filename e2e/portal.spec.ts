import { KEYS } from '../src/server/testing/access-fixture';
import { expect, resultCount, test } from './fixtures';

test('an API key is sent as a header, kept in the browser and never put in the address', async ({ page }) => {
  await page.goto('/?q=weather');
  await expect(resultCount(page)).toHaveText(/\d+ datasets?/);
  await page.getByRole('button', { name: /Portal/ }).click();
  // An empty address means this server; only the key changes.
  await page.getByLabel('Explore API portal address').fill('');
  await page.getByLabel('API key (optional)').fill(`  ${KEYS.granted.key} `);
  const keyed = page.waitForRequest(
    (request) =>
      request.url().includes('/api/explore/v2.1/') && request.headers().authorization !== undefined,
  );
  await page.getByRole('button', { name: 'Use portal' }).click();
  const request = await keyed;
  expect(request.headers().authorization).toBe(`Apikey ${KEYS.granted.key}`);
  expect(request.url()).not.toContain(KEYS.granted.key);
  expect(page.url()).not.toContain(KEYS.granted.key);
  // The key opens the restricted dataset, which anonymous readers never see.
  await page.getByRole('searchbox', { name: 'Search datasets' }).fill('payroll');
  await expect(page.getByRole('link', { name: 'Payroll (restricted)' })).toBeVisible();

  // Remembered after a reload, and forgotten when the field is emptied.
  await page.reload();
  await page.getByRole('button', { name: /Portal/ }).click();
  await expect(page.getByLabel('API key (optional)')).toHaveValue(KEYS.granted.key);
  await page.getByLabel('API key (optional)').fill('');
  await page.getByRole('button', { name: 'Use portal' }).click();
  const anonymous = page.waitForRequest((request) => request.url().includes('/api/explore/v2.1/'));
  await page.getByRole('searchbox', { name: 'Search datasets' }).fill('penguins');
  expect((await anonymous).headers().authorization).toBeUndefined();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('apikey')))).toEqual(
    [],
  );
});

test('a wrong API key is refused in words, and the restricted dataset stays hidden without one', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 401/);
  await page.goto('/?q=payroll');
  await expect(resultCount(page)).toHaveText('0 datasets');
  await page.getByRole('button', { name: /Portal/ }).click();
  await page.getByLabel('Explore API portal address').fill('');
  await page.getByLabel('API key (optional)').fill('not-a-key-of-this-portal');
  await page.getByRole('button', { name: 'Use portal' }).click();
  const alert = page.getByRole('alert').first();
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/key/i);
});
