import { expect, test } from './fixtures';

/*
 * What the Map tab's first picture waits for (issue 35: within 1.2× the basemap alone, `npm run bench --
 * map`): the map's data, not the rest of the tab.
 */

// Software WebGL on a shared machine: a map's first render can take seconds.
test.describe.configure({ timeout: 90_000 });

test('the list under the map comes once the map has drawn its records', async ({ page }) => {
  // When the list first shows, and when the map first tells it has drawn every answer it waited for.
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { firstSeen: Record<string, number> }).firstSeen = seen;
    new MutationObserver(() => {
      if (seen.list === undefined && document.querySelector('.map-records')) seen.list = performance.now();
      const map = document.querySelector<HTMLElement>('[data-testid="map"]');
      if (seen.ready === undefined && map?.dataset.ready === 'true') seen.ready = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto('/datasets/airports/map?location=3,38,-97');
  await expect(page.getByRole('heading', { name: 'Records on the map' })).toBeVisible({ timeout: 45_000 });
  const seen = await page.evaluate(
    () => (window as unknown as { firstSeen: Record<string, number> }).firstSeen,
  );
  expect(seen.ready).toBeDefined();
  expect(seen.list).toBeGreaterThanOrEqual(seen.ready!);
});
