import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * A chart's text on a phone: every label of every chart kind inside the chart's box, in English and in
 * French, whose month names are longer. ECharts fits its grid to the labels it estimates it will show;
 * when it then shows another one last (fewer fit once the grid shrinks), that one stuck out of the box.
 */

test.describe.configure({ timeout: 120_000 });
const slow = expect.configure({ timeout: 30_000 });

interface Overflow {
  readonly text: string;
  readonly left: number;
  readonly right: number;
}

/** The chart's texts that reach out of its box, and its x axis's texts. */
async function chartTexts(page: Page): Promise<{ out: Overflow[]; all: string[] }> {
  const chart = page.locator('.chart-canvas[data-drawn="true"]');
  await slow(chart).toBeVisible();
  return chart.evaluate((box) => {
    const frame = box.getBoundingClientRect();
    const texts = [...box.querySelectorAll('svg text')].map((t) => {
      const r = t.getBoundingClientRect();
      return { text: t.textContent ?? '', left: Math.round(r.left), right: Math.round(r.right) };
    });
    return {
      out: texts.filter((t) => t.left < frame.left - 0.5 || t.right > frame.right + 0.5),
      all: texts.map((t) => t.text),
    };
  });
}

for (const lang of ['en', 'fr'] as const) {
  test(`on a phone in ${lang === 'en' ? 'English' : 'French'}, every chart kind keeps its labels inside the chart`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: lang === 'en' ? 'en-US' : 'fr-FR',
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const last = lang === 'en' ? 'Dec 2015' : 'déc. 2015';
    for (const kind of ['column', 'line', 'area', 'scatter', 'bar']) {
      await page.goto(
        `/datasets/seattle-weather/analyze?lang=${lang}&chart.x=date&chart.precision=month&chart.series=count,,${kind},left,0072b2`,
      );
      const { out, all } = await chartTexts(page);
      expect(out, `${kind}: labels out of the chart`).toEqual([]);
      // The axis says where it ends: its last month is written.
      expect(all, `${kind}: the last month`).toContain(last);
      if (kind === 'column') {
        await page.screenshot({ path: test.info().outputPath(`seattle-${kind}-${lang}-phone.png`) });
      }
    }
    await context.close();
  });
}
