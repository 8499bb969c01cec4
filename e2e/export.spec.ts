import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test } from './fixtures';

/*
 * Exports as a user makes them: from the Export tab, with the table's filters, saved by the browser;
 * the files are then read back and compared with what the API says of the same selection.
 */

const api = '/api/explore/v2.1/catalog/datasets';

test('export the filtered movies as CSV and read the file back', async ({ page, request }) => {
  await page.goto('/datasets/movies/export?refine=major_genre:Comedy&exclude=mpaa_rating:R');
  await expect(page.getByRole('heading', { name: 'Format' })).toBeVisible();
  await expect(page.getByText(/The current selection \([\d,]+ records\)/)).toBeVisible();
  await page.getByRole('radio', { name: /^CSV/ }).check();
  await page.getByLabel('Delimiter').selectOption(',');

  const url = await page.locator('.export-tab .url-box code').textContent();
  expect(url).toContain('/exports/csv?');
  expect(url).toContain('refine=major_genre:Comedy');
  expect(url).toContain('exclude=mpaa_rating:R');
  expect(url).toContain('delimiter=,');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('movies.csv');
  await expect(page.getByRole('status').filter({ hasText: 'Saved movies.csv' })).toBeVisible();

  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const rows = parse(text, { columns: true, delimiter: ',' }) as Record<string, string>[];
  const expected = (await (
    await request.get(`${api}/movies/records?refine=major_genre:Comedy&exclude=mpaa_rating:R&limit=0`)
  ).json()) as { total_count: number };
  expect(rows.length).toBe(expected.total_count);
  expect(rows.length).toBeGreaterThan(100);
  expect(new Set(rows.map((r) => r.major_genre))).toEqual(new Set(['Comedy']));
  expect(rows.some((r) => r.mpaa_rating === 'R')).toBe(false);
});

test('export earthquakes as GeoJSON, reprojection refused when the code is wrong', async ({ page }) => {
  await page.goto('/datasets/earthquakes/export');
  await page.getByRole('radio', { name: /^GeoJSON/ }).check();

  // A code that is not a number is caught before anything is sent.
  const epsg = page.getByLabel('EPSG code of the coordinates');
  await epsg.fill('WGS84');
  await expect(page.getByText('An EPSG code is a number')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeDisabled();
  await epsg.fill('4326');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('earthquakes.geojson');
  const collection = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    type: string;
    features: { geometry: { type: string; coordinates: number[] } }[];
  };
  expect(collection.type).toBe('FeatureCollection');
  expect(collection.features).toHaveLength(1707);
  const [lon, lat] = collection.features[0]!.geometry.coordinates;
  expect(Math.abs(lon!)).toBeLessThanOrEqual(180);
  expect(Math.abs(lat!)).toBeLessThanOrEqual(90);
});

test('a server error is shown in words, and a big export can be cancelled', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400/);
  // An EPSG code the server does not know: its 400 message is shown.
  await page.goto('/datasets/earthquakes/export');
  await page.getByRole('radio', { name: /^Shapefile/ }).check();
  await page.getByLabel('EPSG code of the coordinates').fill('99999');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('The export failed');
  await expect(page.getByRole('alert')).toContainText(/epsg/i);

  // Three million flights: cancelled while it streams, nothing saved.
  await page.goto('/datasets/flights/export');
  await page.getByRole('radio', { name: /^JSON Lines/ }).check();
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByRole('progressbar', { name: 'Download progress' })).toBeVisible();
  await expect(page.getByText(/received · 3,000,000 records/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the download' }).click();
  await expect(page.getByText('Download cancelled: nothing was saved.')).toBeVisible();
});

test('the API tab gives the exports and code to copy', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/datasets/movies/api?refine=major_genre:Drama');
  await expect(page.getByRole('region', { name: 'Exports of the selection' })).toContainText(
    '/exports/parquet?refine=major_genre:Drama',
  );
  const code = page.getByRole('region', { name: 'Code to fetch these records' });
  await code.getByRole('tab', { name: 'Python' }).click();
  await code.getByRole('button', { name: 'Copy the code' }).click();
  await expect(code.getByRole('status')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('import urllib.request');
  expect(copied).toContain('/catalog/datasets/movies/records?');
  expect(copied).toContain('refine=major_genre:Drama');
});

test('every format card has its purpose right under its name, whatever the height of its row', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/datasets/flights/export');
  const cards = page.locator('.format-choice');
  await expect(cards.first()).toBeVisible();
  // A card taller than its text (its row's tallest neighbour) used to spread the spare height between
  // its lines: the purpose drifted down under the name, by a different amount from card to card.
  const layout = await cards.evaluateAll((labels) =>
    labels.map((label) => {
      const purpose = label.querySelector('.format-purpose')?.getBoundingClientRect().top ?? 0;
      return `${label.querySelector('.format-name')?.textContent}: ${Math.round(purpose - label.getBoundingClientRect().top)}`;
    }),
  );
  const offsets = new Set(layout.map((line) => line.replace(/^.*: /, '')));
  expect(offsets.size, layout.join(', ')).toBe(1);
});
