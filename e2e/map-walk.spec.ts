import type { Page } from '@playwright/test';
import { expect, numberIn, test } from './fixtures';

/*
 * What a visitor met on the maps after the display modes came: an embedded map in its link's mode, the
 * first fit that is no step to undo and holds every record, the table's width beside its map, and the
 * areas of another dataset named on hover or tap. Screenshots (desktop 1366×768, phone 390×844, English
 * and French) go to SHOTS for a person to look at.
 */

test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.SHOTS ?? 'test-results/map-walk';
const API = '/api/explore/v2.1/catalog/datasets';
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const AREAS = 'mapmode=areas&mapshapes=us-states&mapjoin=state:state';

const theMap = (page: Page) => page.getByTestId('map');
const legend = (page: Page, name = 'Legend') => page.getByRole('figure', { name });

async function mapReady(page: Page) {
  await expect(theMap(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
}

async function mapCentre(page: Page) {
  const box = await theMap(page).boundingBox();
  if (!box) throw new Error('the map is not on the page');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Whether a place is inside the map's view, from its `location` (zoom, lat, lon) and its size. */
async function inView(page: Page, lon: number, lat: number): Promise<boolean> {
  const [zoom, clat, clon] = (new URL(page.url()).searchParams.get('location') ?? '').split(',').map(Number);
  const box = await theMap(page).boundingBox();
  if (zoom === undefined || clat === undefined || clon === undefined || !box) return false;
  const world = 512 * 2 ** zoom;
  const y = (l: number) =>
    ((1 - Math.log(Math.tan(Math.PI / 4 + (l * Math.PI) / 360)) / Math.PI) / 2) * world;
  // Longitudes the shorter way round from the centre: the map shows the world's copies side by side.
  const dLon = ((((lon - clon) % 360) + 540) % 360) - 180;
  return Math.abs((dLon / 360) * world) <= box.width / 2 && Math.abs(y(lat) - y(clat)) <= box.height / 2;
}

test('an embedded map draws the display mode of its link, with its legend', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/embed/airports/map?mapmode=categories&mapfield=state');
  await mapReady(page);
  await expect(legend(page)).toContainText('State');
  await expect(legend(page).locator('li')).toHaveCount(8);
  await page.screenshot({ path: `${SHOTS}/embed-categories-desktop-en.png` });

  await page.setViewportSize(PHONE);
  await page.goto(`/embed/airports/map?${AREAS}&lang=fr`);
  await mapReady(page);
  await expect.poll(async () => Number(await theMap(page).getAttribute('data-areas'))).toBeGreaterThan(20);
  await expect(legend(page, 'Légende')).toContainText('Enregistrements');
  await page.screenshot({ path: `${SHOTS}/embed-areas-phone-fr.png` });

  await page.goto('/embed/us-zip-codes/map?mapmode=heatmap');
  await mapReady(page);
  await expect(theMap(page)).toHaveAttribute('data-heatmap', 'true');
});

test('the map fitted on load is no step to undo; a move of the visitor is', async ({ page }) => {
  await page.goto('/datasets/airports/map');
  await mapReady(page);
  await expect(page).toHaveURL(/location=/);
  const fitted = new URL(page.url()).searchParams.get('location');
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  await expect(undo).toBeDisabled();

  const { x, y } = await mapCentre(page);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 100, y - 60, { steps: 6 });
  await page.mouse.up();
  await expect.poll(() => new URL(page.url()).searchParams.get('location')).not.toBe(fitted);
  await expect(undo).toBeEnabled();
  await undo.click();
  await expect.poll(() => new URL(page.url()).searchParams.get('location')).toBe(fitted);
});

test('the flights map first shows every airport flown from, Alaska, Hawaii and Puerto Rico included', async ({
  page,
  request,
}) => {
  const answer = await request.get(
    `${API}/flights/records?select=origin, origin_coordinates&group_by=origin, origin_coordinates&where=origin in ("BRW","DUT","ITO","SJU")`,
  );
  const far: { origin: string; origin_coordinates: { lon: number; lat: number } }[] = (await answer.json())
    .results;
  expect(far).toHaveLength(4);
  for (const [viewport, name] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/datasets/flights/map');
    await mapReady(page);
    await expect(page).toHaveURL(/location=/);
    for (const { origin, origin_coordinates: at } of far) {
      expect(await inView(page, at.lon, at.lat), `${origin} in the first view (${name})`).toBe(true);
    }
    await page.screenshot({ path: `${SHOTS}/flights-first-view-${name}-en.png` });
  }
});

test('records all round the globe show it once across the map, not side by side copies', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/datasets/earthquakes/map');
  await mapReady(page);
  await expect(page).toHaveURL(/location=/);
  const zoom = Number((new URL(page.url()).searchParams.get('location') ?? '').split(',')[0]);
  const width = (await theMap(page).boundingBox())!.width;
  // The world is 512 px across at zoom 0.
  expect(512 * 2 ** zoom).toBeGreaterThanOrEqual(width - 2);
  await page.screenshot({ path: `${SHOTS}/earthquakes-first-view-desktop-en.png` });
});

test('a rectangle drawn on the first view of the ZIP codes, centred on the Pacific, filters to it', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/datasets/us-zip-codes/map');
  await mapReady(page);
  await expect(page).toHaveURL(/location=/);
  // From Palau and Guam to the Virgin Islands: the view is centred past the antimeridian.
  const centreLon = Number((new URL(page.url()).searchParams.get('location') ?? '').split(',')[2]);
  expect(Math.abs(centreLon)).toBeGreaterThan(120);
  await page.getByRole('button', { name: 'Draw a rectangle' }).click();
  await theMap(page).scrollIntoViewIfNeeded();
  const box = (await theMap(page).boundingBox())!;
  // Over the right half of the map: the contiguous states.
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.95, box.y + box.height * 0.8, { steps: 6 });
  await page.mouse.up();
  await expect(page).toHaveURL(/geo=coordinates(%3A|:)bbox/);
  const geo = new URL(page.url()).searchParams.get('geo') ?? '';
  // Longitudes of the world the server knows, not of its copy beside it.
  for (const n of geo.split(':').slice(2).join(',').split(',').map(Number)) {
    expect(Math.abs(n)).toBeLessThanOrEqual(180);
  }
  await mapReady(page);
  const count = numberIn(await page.locator('.result-count').textContent());
  expect(count).toBeGreaterThan(10_000);
  expect(count).toBeLessThan(42_049);
});

test('on a 1366 px screen the table keeps its width: the map opens above it, not beside', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/datasets/airports/table');
  const show = page.getByRole('button', { name: 'Show the map' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  const scroll = page.locator('.records-scroll');
  await expect(page.locator('table.records tr.record-row').first()).toBeVisible();
  // The table takes the content's whole width (the search box's): beside the map it had 60 % of it and
  // showed three of its six columns.
  const content = (await page.getByPlaceholder('Search in all fields…').boundingBox())!.width;
  expect((await scroll.boundingBox())!.width).toBeGreaterThan(content * 0.95);
  await show.click();
  const tableMap = page.getByRole('region', { name: 'Map of the rows in the table' }).getByTestId('map');
  await expect(tableMap).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  const mapBox = await tableMap.boundingBox();
  const tableBox = await scroll.boundingBox();
  expect(mapBox!.y + mapBox!.height).toBeLessThanOrEqual(tableBox!.y);
  expect(tableBox!.width).toBeGreaterThan(content * 0.95);
  await page.screenshot({ path: `${SHOTS}/table-and-map-desktop-en.png`, fullPage: true });
});

test('an area counted from another dataset is named with its value on hover and on a tap', async ({
  page,
  request,
}) => {
  const kansas = await request.get(`${API}/airports/records?limit=0&refine=state:KS`);
  const count = (await kansas.json()).total_count as number;
  await page.setViewportSize(DESKTOP);
  await page.goto(`/datasets/airports/map?${AREAS}&location=5,38.5,-98.4`);
  await mapReady(page);
  await expect.poll(async () => Number(await theMap(page).getAttribute('data-areas'))).toBeGreaterThan(20);
  const { x, y } = await mapCentre(page);
  await page.mouse.move(x, y);
  await expect(page.getByRole('tooltip')).toHaveText(`KS — Records: ${count}`);
  await page.screenshot({ path: `${SHOTS}/areas-tooltip-desktop-en.png` });

  // A phone has no hover: a tap names the area, in the visitor's language.
  await page.setViewportSize(PHONE);
  await page.goto(`/datasets/airports/map?${AREAS}&location=4,38.5,-98.4&lang=fr`);
  await mapReady(page);
  await expect.poll(async () => Number(await theMap(page).getAttribute('data-areas'))).toBeGreaterThan(5);
  await theMap(page).scrollIntoViewIfNeeded();
  const centre = await mapCentre(page);
  await page.mouse.click(centre.x, centre.y);
  await expect(page.getByRole('tooltip')).toHaveText(`KS — Enregistrements : ${count}`);
  // Whole, on the side of the tap with room for it.
  const tip = (await page.getByRole('tooltip').boundingBox())!;
  const map = (await theMap(page).boundingBox())!;
  expect(tip.x).toBeGreaterThanOrEqual(map.x);
  expect(tip.x + tip.width).toBeLessThanOrEqual(map.x + map.width);
  await page.screenshot({ path: `${SHOTS}/areas-tooltip-phone-fr.png` });
});
