import type { Page } from '@playwright/test';
import { expect, numberIn, resultCount, test } from './fixtures';

/*
 * The map as a user meets it. Where a click must land on a given place, the test opens the map centred
 * on it (`location=zoom,lat,lon`), so the place is in the middle of the map.
 */

const API = '/api/explore/v2.1/catalog/datasets';

// Software WebGL on a shared machine: a map's first render can take seconds.
test.describe.configure({ timeout: 90_000 });

function theMap(page: Page) {
  return page.getByTestId('map');
}

/** The map has drawn everything it asked for. */
async function mapReady(page: Page) {
  await expect(theMap(page)).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
}

async function mapCentre(page: Page) {
  const box = await theMap(page).boundingBox();
  if (!box) throw new Error('the map is not on the page');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

test('airports on the map: points fitted on load, a click shows the record', async ({ page, request }) => {
  await page.goto('/datasets/airports');
  await page.getByRole('link', { name: 'Map', exact: true }).click();
  await expect(page).toHaveURL(/\/datasets\/airports\/map/);
  await mapReady(page);
  await expect(resultCount(page)).toHaveText('3,376 records');
  // Fitted on the records: most airports are in view, each drawn as a point.
  expect(Number(await theMap(page).getAttribute('data-records'))).toBeGreaterThan(2_000);
  await expect(page).toHaveURL(/location=[\d.]+,[\d.-]+,[\d.-]+/);

  const sfo = await request.get(`${API}/airports/records?where=iata="SFO"&select=coordinates`);
  const { lat, lon } = (await sfo.json()).results[0].coordinates;
  await page.goto(`/datasets/airports/map?location=14,${lat},${lon}`);
  await mapReady(page);
  const { x, y } = await mapCentre(page);
  await page.mouse.move(x, y);
  await expect(page.getByRole('tooltip')).toHaveText('San Francisco International');
  await page.mouse.click(x, y);
  const panel = page.getByRole('complementary', { name: 'Records at this place' });
  await expect(panel).toContainText('1 record here');
  await expect(
    panel.getByRole('definition').filter({ hasText: 'San Francisco International' }),
  ).toBeVisible();
  await expect(panel).toContainText('IATA code');
  await expect(panel).toContainText('SFO');
  // The point clicked brings its row into the list under the map.
  const list = page.getByRole('region', { name: 'Records on the map' });
  const chosen = list.locator('tr.is-selected');
  await expect(chosen).toContainText('San Francisco International');
  // Inside the list's scrolling box, not somewhere beyond its scroll.
  await expect
    .poll(() =>
      chosen.evaluate((row) => {
        const box = row.closest('.records-scroll')!.getBoundingClientRect();
        const r = row.getBoundingClientRect();
        return r.top >= box.top && r.bottom <= box.bottom;
      }),
    )
    .toBe(true);
  await page.screenshot({ path: 'test-results/map-airports-record.png' });
  // Hovering a row rings its record on the map.
  // The row in view (the first rendered rows of a scrolled list are the virtualiser's overscan, hidden).
  const row = chosen;
  await row.hover();
  const index = Number(await row.getAttribute('aria-rowindex')) - 2;
  await expect(theMap(page)).toHaveAttribute('data-highlight', String(index));
});

test('on a phone a tapped record shows over the map, which keeps its width', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const sfo = await request.get(`${API}/airports/records?where=iata="SFO"&select=coordinates`);
  const { lat, lon } = (await sfo.json()).results[0].coordinates;
  await page.goto(`/datasets/airports/map?location=14,${lat},${lon}`);
  await mapReady(page);
  const before = await theMap(page).boundingBox();
  const { x, y } = await mapCentre(page);
  await page.mouse.click(x, y);
  const panel = page.getByRole('complementary', { name: 'Records at this place' });
  await expect(panel).toContainText('San Francisco International');
  // Beside the map, the record's 300 pixels left the map a sliver of a phone's width.
  const after = await theMap(page).boundingBox();
  expect(after?.width).toBe(before?.width);
  const box = await panel.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await panel.getByRole('button', { name: 'Close the record' }).click();
  await expect(panel).toBeHidden();
});

test('us-zip-codes come as clusters that split as one zooms in', async ({ page, request }) => {
  // The largest cluster at the zoom the map asks for at map zoom 6 (geo_cluster counts one level up).
  const groups = await request.get(
    `${API}/us-zip-codes/records?select=count(*) as count&group_by=geo_cluster(coordinates, 7, 40) as cluster&order_by=count desc&limit=1`,
  );
  const largest = (await groups.json()).results[0];
  const { lat, lon } = largest.cluster.cluster_centroid;
  await page.goto(`/datasets/us-zip-codes/map?location=6,${lat},${lon}`);
  await mapReady(page);
  await expect(resultCount(page)).toContainText('42,049 records');
  const before = Number(await theMap(page).getAttribute('data-clusters'));
  expect(before).toBeGreaterThan(5);
  await page.screenshot({ path: 'test-results/map-zip-clusters.png' });

  const { x, y } = await mapCentre(page);
  await page.mouse.move(x, y);
  // The cluster there counts the largest one's records, and those of any neighbour close enough to be
  // drawn over it, merged into it.
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toHaveText(/^[\d,]+ records — click to zoom in$/);
  expect(numberIn(await tooltip.textContent())).toBeGreaterThanOrEqual(largest.count);
  await page.mouse.click(x, y);
  // Zoomed two levels in on the cluster, which split into smaller ones.
  await expect(page).toHaveURL(/location=8(\.0+)?,/);
  await mapReady(page);
  const after = Number(await theMap(page).getAttribute('data-clusters'));
  expect(after).toBeGreaterThan(1);
  await page.screenshot({ path: 'test-results/map-zip-zoomed.png' });
});

test('drawing a rectangle filters the map, the count and the table', async ({ page, request }) => {
  await page.goto('/datasets/airports/map?location=5,39,-98');
  await mapReady(page);
  const total = numberIn(await resultCount(page).textContent());
  const { x, y } = await mapCentre(page);

  await page.getByRole('button', { name: 'Draw a rectangle' }).click();
  await expect(page.getByRole('status')).toContainText('Press and drag');
  await page.mouse.move(x - 120, y - 80);
  await page.mouse.down();
  await page.mouse.move(x, y, { steps: 4 });
  await page.mouse.move(x + 120, y + 80, { steps: 4 });
  await page.mouse.up();

  await expect(page).toHaveURL(/geo=coordinates:bbox:/);
  const geo = new URL(page.url()).searchParams.get('geo') ?? '';
  const [south, west, north, east] = geo.replace('coordinates:bbox:', '').split(',').map(Number);
  const expected = await request.get(
    `${API}/airports/records?limit=0&where=in_bbox(coordinates, ${south}, ${west}, ${north}, ${east})`,
  );
  const count = (await expected.json()).total_count as number;
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(total);
  await expect(resultCount(page)).toHaveText(`${count.toLocaleString('en-US')} records`);
  const chip = page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
  await expect(chip).toContainText(/Coordinates: in [\d.]+°N to [\d.]+°N/);
  await mapReady(page);
  await page.screenshot({ path: 'test-results/map-rectangle.png' });

  // The table follows the same filter.
  await page.getByRole('link', { name: 'Table', exact: true }).click();
  await expect(resultCount(page)).toHaveText(`${count.toLocaleString('en-US')} records`);
  await expect(chip).toContainText('Coordinates: in');
  await page.getByRole('button', { name: /^Remove filter Coordinates/ }).click();
  await expect(resultCount(page)).toHaveText(`${total.toLocaleString('en-US')} records`);
});

test('flights at one airport are paged through one record at a time', async ({ page, request }) => {
  const sfo = await request.get(`${API}/airports/records?where=iata="SFO"&select=coordinates`);
  const { lat, lon } = (await sfo.json()).results[0].coordinates;
  const counted = await request.get(`${API}/flights/records?limit=0&where=origin="SFO"`);
  const flights = ((await counted.json()).total_count as number).toLocaleString('en-US');
  // Close in, every flight from SFO is one cluster at the airport: a click lists them.
  await page.goto(`/datasets/flights/map?location=14,${lat},${lon}`);
  await mapReady(page);
  const { x, y } = await mapCentre(page);
  await page.mouse.move(x, y);
  await expect(page.getByRole('tooltip')).toHaveText(`${flights} records — click to see them`);
  await page.mouse.click(x, y);
  const panel = page.getByRole('complementary', { name: 'Records at this place' });
  await expect(panel).toContainText(`Record 1 of ${flights} here`);
  await expect(panel).toContainText('Origin airport');
  await expect(panel.getByRole('definition').filter({ hasText: /^SFO$/ }).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Next ›' }).click();
  await expect(panel).toContainText(`Record 2 of ${flights} here`);
  await page.screenshot({ path: 'test-results/map-flights-paging.png' });
});

test('the offline basemap draws its land from tiles: 1:110m for a continent, 1:50m for a city', async ({
  page,
}) => {
  const tiles: { zoom: number; status: number }[] = [];
  page.on('response', (response) => {
    const tile = /\/basemap-[^/]+\/(\d+)\/\d+\/\d+\.pbf$/.exec(response.url());
    if (tile) tiles.push({ zoom: Number(tile[1]), status: response.status() });
  });
  await page.goto('/datasets/us-zip-codes/map');
  await mapReady(page);
  expect(Number(await theMap(page).getAttribute('data-basemap-land'))).toBeGreaterThan(0);
  // The continent's view is drawn from the coarse tiles (zooms 0-3), each one there.
  expect(tiles.length).toBeGreaterThan(0);
  expect(tiles.every((t) => t.zoom <= 3 && t.status === 200)).toBe(true);

  tiles.length = 0;
  await page.goto('/datasets/london-boroughs/map');
  await mapReady(page);
  expect(Number(await theMap(page).getAttribute('data-basemap-land'))).toBeGreaterThan(0);
  // A city: the fine tiles of the last zoom, scaled up (once the map is fitted on the shapes).
  expect(tiles.some((t) => t.zoom === 6)).toBe(true);
  expect(tiles.every((t) => t.status === 200)).toBe(true);
  await expect(page.getByText(/basemap could not be loaded/i)).toHaveCount(0);
});

test('london-boroughs: the list under the map shows shapes as the table does; a row hovered or chosen is drawn as its area', async ({
  page,
}) => {
  await page.goto('/datasets/london-boroughs/map');
  await mapReady(page);
  const list = page.getByRole('region', { name: 'Records on the map' });
  const croydon = list.locator('tr.record-row').filter({ hasText: 'Croydon' });
  await expect(croydon).toHaveCount(1);
  // The geometry and the centroid, as the Table tab writes them, not empty cells.
  await expect(croydon).toContainText(/(Multi)?Polygon \(\d+ points\)/);
  await expect(croydon).toContainText(/51\.\d+, -0\.\d+/);
  await expect(croydon.locator('td.is-empty')).toHaveCount(0);
  const index = await croydon.getAttribute('data-row');

  // Hovered: filled and outlined, not a dot at every vertex.
  await croydon.hover();
  await expect(theMap(page)).toHaveAttribute('data-highlight', index!);
  await expect(theMap(page)).toHaveAttribute('data-marks', 'records-highlight-fill records-highlight-line');

  // Chosen from the list: marked once the pointer has left.
  await croydon.click();
  await page.mouse.move(0, 0);
  await expect(theMap(page)).toHaveAttribute('data-selected', index!);
  await expect(theMap(page)).toHaveAttribute('data-marks', 'records-selected-fill records-selected-line');
  await page.screenshot({ path: test.info().outputPath('borough-chosen.png') });

  // Chosen on the map: another borough, clicked where it lies, is marked instead.
  const barnet = list.locator('tr.record-row').filter({ hasText: 'Barnet' });
  const barnetIndex = await barnet.getAttribute('data-row');
  await barnet.hover();
  const at = (await theMap(page).getAttribute('data-highlight-at'))!.split(',').map(Number);
  const box = (await theMap(page).boundingBox())!;
  await page.mouse.move(0, 0);
  await page.mouse.click(box.x + at[0]!, box.y + at[1]!);
  await expect(theMap(page)).toHaveAttribute('data-selected', barnetIndex!);
});
