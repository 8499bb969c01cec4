import type { Page } from '@playwright/test';
import { expect, numberIn, resultCount, test } from './fixtures';

/*
 * The dataset tabs always navigate: from any tab to any other, by mouse or keyboard, with the filters
 * (an area drawn on the map included) carried along. The map once wrote its own address back over the
 * one just clicked, so every step waits a moment and checks that the address stayed.
 */

// Software WebGL on a shared machine: each map render can take seconds.
test.describe.configure({ timeout: 180_000 });

const TAB_NAMES = {
  information: 'Information',
  table: 'Table',
  map: 'Map',
  export: 'Export',
  api: 'API',
} as const;
type Tab = keyof typeof TAB_NAMES;

/** Every ordered pair of the five tabs exactly once (an Eulerian circuit of the complete graph). */
const WALK: readonly Tab[] = [
  'map',
  'api',
  'export',
  'api',
  'map',
  'export',
  'map',
  'table',
  'api',
  'table',
  'export',
  'table',
  'map',
  'information',
  'api',
  'information',
  'export',
  'information',
  'table',
  'information',
  'map',
];

function tabPath(tab: Tab): RegExp {
  return tab === 'information'
    ? /\/datasets\/earthquakes(\?|$)/
    : new RegExp(`/datasets/earthquakes/${tab}(\\?|$)`);
}

async function mapReady(page: Page) {
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
}

test('every tab pair navigates and keeps the drawn area', async ({ page, request }) => {
  await page.goto('/datasets/earthquakes/map?location=2,20,-100');
  await mapReady(page);
  const total = numberIn(await resultCount(page).textContent());

  // An area drawn on the map: the walk below carries it everywhere.
  const box = await page.getByTestId('map').boundingBox();
  if (!box) throw new Error('the map is not on the page');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.getByRole('button', { name: 'Draw a rectangle' }).click();
  await page.mouse.move(x - 150, y - 100);
  await page.mouse.down();
  await page.mouse.move(x + 150, y + 100, { steps: 6 });
  await page.mouse.up();
  await expect(page).toHaveURL(/geo=coordinates:bbox:/);
  const geo = new URL(page.url()).searchParams.get('geo') ?? '';
  const [south, west, north, east] = geo.replace('coordinates:bbox:', '').split(',').map(Number);
  const answer = await request.get(
    `/api/explore/v2.1/catalog/datasets/earthquakes/records?limit=0&where=in_bbox(coordinates, ${south}, ${west}, ${north}, ${east})`,
  );
  const inArea = (await answer.json()).total_count as number;
  expect(inArea).toBeGreaterThan(0);
  expect(inArea).toBeLessThan(total);
  await expect(resultCount(page)).toHaveText(`${inArea.toLocaleString('en-US')} records`);
  await mapReady(page);

  const tabs = page.getByRole('navigation', { name: 'Dataset views' });
  for (let step = 1; step < WALK.length; step++) {
    const to = WALK[step]!;
    const link = tabs.getByRole('link', { name: TAB_NAMES[to], exact: true });
    // Mouse and keyboard in turn.
    if (step % 2 === 0) {
      await link.focus();
      await page.keyboard.press('Enter');
    } else {
      await link.click();
    }
    await expect(page, `step ${step}: ${WALK[step - 1]} → ${to}`).toHaveURL(tabPath(to));
    if (to === 'map') await mapReady(page);
    else await page.waitForTimeout(300);
    // Still there a moment later, and the area still applies.
    await expect(page, `step ${step}: stayed on ${to}`).toHaveURL(tabPath(to));
    expect(new URL(page.url()).searchParams.get('geo')).toBe(geo);
    await expect(link).toHaveAttribute('aria-current', 'page');
    if (to === 'table' || to === 'map') {
      await expect(resultCount(page)).toHaveText(`${inArea.toLocaleString('en-US')} records`);
    }
    if (to === 'export') {
      await expect(page.getByRole('list', { name: 'Filters applied' })).toContainText('Coordinates: in');
      await expect(page.getByText(`${inArea.toLocaleString('en-US')} records`).first()).toBeVisible();
    }
  }
});
