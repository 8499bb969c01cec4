import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Map defects of the third visitor walk (issue 29): the first view of US airports, whose one stray
 * record in Thailand made it the whole world; cluster labels wider than their circles; a tap on a small
 * borough picking its neighbours too. Screenshots go to SHOTS for a person to look at.
 */

test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.SHOTS ?? 'test-results/map-walk3';
const DESKTOP = { width: 1366, height: 768 };

const theMap = (page: Page) => page.getByTestId('map');

async function mapReady(page: Page) {
  await expect(theMap(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
}

/** The map's `location` from the address: zoom, latitude, longitude. */
function location(page: Page): [number, number, number] {
  const [zoom, lat, lon] = (new URL(page.url()).searchParams.get('location') ?? '').split(',').map(Number);
  return [zoom ?? Number.NaN, lat ?? Number.NaN, lon ?? Number.NaN];
}

test('US airports open on the United States, not on the world a stray record in Thailand spans', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/datasets/airports/map');
  await mapReady(page);
  await expect(page).toHaveURL(/location=/);
  const [zoom, , lon] = location(page);
  const width = (await theMap(page).boundingBox())!.width;
  // The world (512 px across at zoom 0) is well wider than the map: a part of it is shown, not all.
  expect(512 * 2 ** zoom).toBeGreaterThan(width * 1.3);
  // Centred on the Pacific side of the Americas, from the Aleutians to Puerto Rico.
  expect(lon).toBeGreaterThan(-170);
  expect(lon).toBeLessThan(-90);
  await page.screenshot({ path: `${SHOTS}/airports-first-view-desktop-en.png` });
});

test('every cluster holds its count, in English and in French', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  for (const [lang, query] of [
    ['en', ''],
    ['fr', ''],
    ['en', '&refine=origin:ORD'],
    ['fr', '&refine=origin:ORD'],
  ] as const) {
    await page.goto(`/datasets/flights/map?lang=${lang}${query}`);
    await mapReady(page);
    await expect(page).toHaveURL(/location=/);
    await expect
      .poll(async () => Number(await theMap(page).getAttribute('data-clusters')))
      .toBeGreaterThan(0);
    await expect(theMap(page), `${lang}${query}`).toHaveAttribute('data-counts-outside', '0');
    await page.screenshot({ path: `${SHOTS}/flights-clusters${query ? '-ord' : ''}-desktop-${lang}.png` });
  }
});

test('a tap on a small borough picks that borough alone, and its hover label goes as it opens', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    locale: 'fr-FR',
  });
  const page = await context.newPage();
  // The City of London, a few pixels wide at this zoom, in the middle of the map among its neighbours.
  await page.goto('/datasets/london-boroughs/map?lang=fr&location=7,51.5155,-0.0922');
  await mapReady(page);
  await theMap(page).scrollIntoViewIfNeeded();
  const box = (await theMap(page).boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByText('1 enregistrement ici')).toBeVisible();
  await expect(page.getByText('City of London').first()).toBeVisible();
  await expect(page.locator('.map-hover')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/london-city-tap-phone-fr.png` });
  await context.close();
});
