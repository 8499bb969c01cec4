/*
 * Screenshots of every page state, for looking at the explorer as a reader would:
 *   npx tsx e2e/screenshots.ts   (with the server on port 8097 and a fresh `vite build`)
 * Writes test-results/screens/*.png.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8097';
const out = 'test-results/screens';

async function shot(page: Page, name: string, path: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(`${base}${path}`);
  await ready(page);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
  console.log(`${out}/${name}.png`);
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch(chromiumLaunch);
  const errors: string[] = [];
  const wide = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  const narrow = await browser.newPage({ viewport: { width: 390, height: 844 } });
  for (const page of [wide, narrow]) {
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
  }
  const cards = (p: Page) => p.locator('.dataset-card').first().waitFor();
  const rows = (p: Page) => p.locator('table.records tbody tr').first().waitFor();
  const alert = (p: Page) => p.getByRole('alert').first().waitFor();

  await shot(wide, '01-catalog', '/', cards);
  await shot(
    wide,
    '02-catalog-filtered',
    '/?q=data&refine=theme:Environment&exclude=keyword:seismology',
    cards,
  );
  await shot(wide, '03-catalog-modified-drill', '/?refine=modified:2025', cards);
  await shot(wide, '04-information', '/datasets/seattle-weather', (p) =>
    p.locator('.fields-table').waitFor(),
  );
  await shot(wide, '05-information-html', '/datasets/earthquakes', (p) =>
    p.locator('.fields-table').waitFor(),
  );
  await shot(wide, '06-table', '/datasets/seattle-weather/table', rows);
  await shot(
    wide,
    '07-table-filtered',
    '/datasets/seattle-weather/table?refine=date:2013/02&exclude=weather:sun&sort=-temp_max',
    rows,
  );
  await shot(wide, '08-table-geo-multivalued', '/datasets/earthquakes/table?size=10', rows);
  await shot(wide, '09-table-shapes', '/datasets/london-boroughs/table?size=10', rows);
  await shot(wide, '10-table-nulls', '/datasets/movies/table?size=10', rows);
  await shot(wide, '11-api', '/datasets/seattle-weather/api?refine=weather:rain&sort=-date&page=2', (p) =>
    p.locator('.url-box').first().waitFor(),
  );
  await shot(wide, '12-error-bad-refine', '/datasets/seattle-weather/table?refine=nofield:x', alert);
  await shot(wide, '13-error-unknown-dataset', '/datasets/nope', alert);
  await shot(wide, '14-error-portal-unreachable', '/?portal=http://127.0.0.1:59999', alert);
  await shot(wide, '15-error-portal-malformed', '/?portal=not%20a%20url', cards);
  await shot(wide, '16-flights-big', '/datasets/flights/table', rows);
  await shot(narrow, '20-narrow-catalog', '/', cards);
  await shot(narrow, '21-narrow-table', '/datasets/seattle-weather/table', rows);
  await wide.goto(`${base}/`);
  await cards(wide);
  await wide.getByRole('button', { name: /Portal/ }).click();
  await wide.getByLabel('Explore API portal address').fill('not a url');
  await wide.getByRole('button', { name: 'Use portal' }).click();
  await wide.screenshot({ path: `${out}/17-portal-settings-invalid.png` });
  await browser.close();
  console.log(errors.length === 0 ? 'No console errors' : `Console errors:\n${errors.join('\n')}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
