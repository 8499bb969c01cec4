import { expect, resultCount, test } from './fixtures';

test('an API key is sent as a header, kept in the browser and never put in the address', async ({ page }) => {
  await page.goto('/?q=weather');
  await expect(resultCount(page)).toHaveText(/\d+ datasets?/);
  await page.getByRole('button', { name: /Portal/ }).click();
  // An empty address means this server; only the key changes.
  await page.getByLabel('Explore API portal address').fill('');
  await page.getByLabel('API key (optional)').fill('  reader-key-123 ');
  const keyed = page.waitForRequest(
    (request) =>
      request.url().includes('/api/explore/v2.1/') && request.headers().authorization !== undefined,
  );
  await page.getByRole('button', { name: 'Use portal' }).click();
  const request = await keyed;
  expect(request.headers().authorization).toBe('Apikey reader-key-123');
  expect(request.url()).not.toContain('reader-key-123');
  expect(page.url()).not.toContain('reader-key-123');
  await expect(resultCount(page)).toHaveText(/\d+ datasets?/);

  // Remembered after a reload, and forgotten when the field is emptied.
  await page.reload();
  await page.getByRole('button', { name: /Portal/ }).click();
  await expect(page.getByLabel('API key (optional)')).toHaveValue('reader-key-123');
  await page.getByLabel('API key (optional)').fill('');
  await page.getByRole('button', { name: 'Use portal' }).click();
  const anonymous = page.waitForRequest((request) => request.url().includes('/api/explore/v2.1/'));
  await page.getByRole('searchbox', { name: 'Search datasets' }).fill('penguins');
  expect((await anonymous).headers().authorization).toBeUndefined();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('apikey')))).toEqual(
    [],
  );
});
