import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, resultCount, test } from './fixtures';

/*
 * The dataset's tabs and views as a phone shows them (390 × 844, in French) and as a keyboard reaches
 * them on a desktop: every tab in reach and seen to be, the map within the first screen, a focus ring
 * drawn whole, and a way past the filters to the records.
 */

const phone = { width: 390, height: 844 };

function tabStrip(page: Page): Locator {
  return page.locator('nav.tabs');
}

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

test.describe('on a phone, in French', () => {
  test.use({ viewport: phone, locale: 'fr-FR' });

  test('six tabs: the current one is scrolled into the strip, and the hidden ones are signalled', async ({
    page,
  }) => {
    await page.goto('/datasets/flights/api?lang=fr');
    const strip = tabStrip(page);
    const api = strip.getByRole('link', { name: 'API', exact: true });
    await expect(api).toHaveAttribute('aria-current', 'page');
    const stripBox = await box(strip);
    const apiBox = await box(api);
    expect(apiBox.x).toBeGreaterThanOrEqual(stripBox.x);
    expect(apiBox.x + apiBox.width).toBeLessThanOrEqual(stripBox.x + stripBox.width + 0.5);
    // The strip is wider than the screen: it scrolls, and its edges shade what lies beyond them.
    const overflow = await strip.evaluate((el) => ({
      scrolls: el.scrollWidth > el.clientWidth,
      shades: getComputedStyle(el).backgroundImage.split('gradient').length - 1,
    }));
    expect(overflow.scrolls).toBe(true);
    expect(overflow.shades).toBeGreaterThanOrEqual(2);
    // Every tab is a link in it.
    await expect(strip.getByRole('link')).toHaveText([
      'Informations',
      'Tableau',
      'Carte',
      'Analyser',
      'Export',
      'API',
    ]);
  });

  test('the map starts on the first screen', async ({ page }) => {
    await page.goto('/datasets/flights/map?lang=fr');
    const map = page.locator('.map-canvas-wrap');
    await expect(map).toBeVisible();
    await expect(resultCount(page)).toHaveText(/enregistrements/);
    const mapBox = await box(map);
    // Seen without scrolling: most of it, not a strip at the bottom of the screen.
    expect(Math.min(mapBox.y + mapBox.height, phone.height) - mapBox.y).toBeGreaterThanOrEqual(300);
    await expect(page.getByRole('button', { name: 'Dessiner un rectangle' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('phone-map.png') });
  });
});

test('a tab’s focus ring is drawn whole, and one link leads past the filters to the records', async ({
  page,
}) => {
  await page.goto('/datasets/flights/table');
  await expect(page.locator('table.records tbody tr').first()).toBeVisible();
  const strip = tabStrip(page);
  await strip.getByRole('link', { name: 'Export', exact: true }).focus();
  await page.keyboard.press('Tab');
  const api = strip.getByRole('link', { name: 'API', exact: true });
  await expect(api).toBeFocused();
  // The ring (outline past the border box by its offset) lies inside the strip, which clips what overflows.
  const ring = await api.evaluate((el) => {
    const style = getComputedStyle(el);
    const reach = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth);
    const tab = el.getBoundingClientRect();
    const clip = (el.parentElement as HTMLElement).getBoundingClientRect();
    return {
      style: style.outlineStyle,
      top: tab.top - reach - clip.top,
      bottom: clip.bottom - (tab.bottom + reach),
    };
  });
  expect(ring.style).not.toBe('none');
  expect(ring.top).toBeGreaterThanOrEqual(0);
  expect(ring.bottom).toBeGreaterThanOrEqual(0);

  // Next: the way past the facets, shown as it is reached.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip the filters, go to the records' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.keyboard.press('Enter');
  let presses = 0;
  while (presses < 10) {
    await page.keyboard.press('Tab');
    presses += 1;
    if (await page.evaluate(() => document.activeElement?.closest('table.records') !== null)) break;
  }
  // The records' own controls come first (sort options, "Go to record"): a handful, not the 53 of before.
  expect(presses).toBeLessThanOrEqual(8);
});
