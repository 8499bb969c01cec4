import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, FrameLocator, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Sharing and embedding: the Share dialog of a view, and its embedded views shown by a page of another
 * origin (a small server of this test, on another port), drawn and answering the pointer there.
 */

const SHOTS = '/work/shots/embed';
// Software WebGL on a shared machine: a map's first render can take seconds, and this page has two.
test.describe.configure({ timeout: 120_000 });

const CHART =
  'chart.x=date&chart.precision=month&chart.series=avg,temp_max,line,left,0072b2&chart.sort=x&chart.max=200';

interface Host {
  readonly url: string;
  readonly close: () => Promise<void>;
}

/** A plain page on another port of 127.0.0.1, alive for one test. */
async function hostPage(html: string): Promise<Host> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', connection: 'close' });
    res.end(html);
  });
  // Bounded: a test that ends early must not leave a server waiting on a connection.
  server.requestTimeout = 10_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function frameOf(page: Page, id: string): Frame {
  const frame = page.frames().find((f) => f.name() === id);
  if (!frame) throw new Error(`no frame named ${id}`);
  return frame;
}

const mapOf = (frame: FrameLocator): Locator => frame.getByTestId('map');
const locationOf = (frame: Frame) =>
  frame.evaluate(() => new URLSearchParams(location.search).get('location'));

async function drag(page: Page, map: Locator, dx: number, dy: number): Promise<void> {
  const box = await map.boundingBox();
  if (!box) throw new Error('the map is not on the page');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

test('a page of another site shows an embedded map and chart, which draw and answer', async ({
  page,
  baseURL,
  allowConsoleErrors,
}) => {
  // The explorer's own page refuses the frame: Chromium says so in the host page's console.
  allowConsoleErrors(
    /Framing '.*' violates the following Content Security Policy directive: "frame-ancestors 'none'"/,
  );
  const explorer = baseURL ?? '';
  const frames = {
    zip: `${explorer}/embed/us-zip-codes/map?location=4,39,-97&wheel=1`,
    locked: `${explorer}/embed/airports/map?location=4,39,-97&lock=1&card=0`,
    chart: `${explorer}/embed/seattle-weather/analyze?${CHART}`,
    table: `${explorer}/embed/seattle-weather/table?sort=-temp_max&refine=weather:rain`,
    explorer: `${explorer}/datasets/airports/table`,
  };
  const host = await hostPage(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
    <style>body{font-family:sans-serif;margin:16px}main{display:grid;grid-template-columns:repeat(2,640px);gap:16px}</style>
    </head><body><h1>A page of another site</h1><main>
    ${Object.entries(frames)
      .map(
        ([name, src]) =>
          `<iframe name="${name}" src="${src}" width="640" height="${name === 'explorer' ? 120 : 400}" title="${name}" style="border:1px solid #ccc"></iframe>`,
      )
      .join('\n')}
    </main></body></html>`);
  try {
    await page.goto(host.url);
    const zip = page.frameLocator('iframe[name="zip"]');
    const locked = page.frameLocator('iframe[name="locked"]');
    const chart = page.frameLocator('iframe[name="chart"]');
    const table = page.frameLocator('iframe[name="table"]');

    // Both maps draw their data: clusters of ZIP codes, the airports themselves.
    await expect(mapOf(zip)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
    await expect(mapOf(locked)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
    expect(Number(await mapOf(zip).getAttribute('data-clusters'))).toBeGreaterThan(5);
    expect(Number(await mapOf(locked).getAttribute('data-records'))).toBeGreaterThan(500);
    // The card: title, count and the way to the explorer, in a new tab; none on the bare map.
    await expect(zip.getByRole('heading', { name: 'US ZIP codes' })).toBeVisible();
    await expect(zip.getByText('42,049 records')).toBeVisible();
    const open = zip.getByRole('link', { name: /Open in the explorer/ });
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('href', `${explorer}/datasets/us-zip-codes/map?location=4,39,-97`);
    await expect(locked.getByRole('heading')).toHaveCount(0);
    await expect(locked.getByRole('link', { name: /Open in the explorer/ })).toBeVisible();

    // The chart draws, and hovering it shows a month's value.
    const canvas = chart.locator('.chart-canvas[data-drawn="true"]');
    await expect(canvas).toBeVisible({ timeout: 30_000 });
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no chart');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(
      canvas
        .locator('div')
        .filter({ hasText: /^[A-Z][a-z]{2} \d{4}Average of Maximum temperature/ })
        .last(),
    ).toBeVisible();

    // The table shows the link's state (rainy days, warmest first) and scrolls.
    const rows = table.locator('tr.record-row');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    await expect(table.getByRole('columnheader', { name: /Maximum temperature/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const scroller = table.locator('.records-scroll');
    await scroller.evaluate((e) => e.scrollBy(0, 2_000));
    await expect.poll(() => scroller.evaluate((e) => e.scrollTop)).toBeGreaterThan(1_000);
    await expect(table.locator('tr.record-row[aria-rowindex="60"]')).toBeAttached();

    await page.screenshot({ path: `${SHOTS}/host-page.png`, fullPage: true });

    // The unlocked map pans, and zooms with the wheel as its options ask; its own address follows.
    const zipFrame = frameOf(page, 'zip');
    await drag(page, mapOf(zip), -160, 60);
    await expect.poll(() => locationOf(zipFrame)).not.toBe('4,39,-97');
    const panned = await locationOf(zipFrame);
    const zipBox = await mapOf(zip).boundingBox();
    if (!zipBox) throw new Error('no map');
    await page.mouse.move(zipBox.x + zipBox.width / 2, zipBox.y + zipBox.height / 2);
    await page.mouse.wheel(0, -600);
    await expect.poll(async () => Number((await locationOf(zipFrame))?.split(',')[0])).toBeGreaterThan(4.2);
    expect(await locationOf(zipFrame)).not.toBe(panned);

    // The locked map stays where its link puts it, and has no zoom buttons.
    const lockedFrame = frameOf(page, 'locked');
    await expect(mapOf(locked)).toHaveAttribute('data-locked', 'true');
    await expect(locked.getByRole('button', { name: 'Zoom in' })).toHaveCount(0);
    await drag(page, mapOf(locked), -160, 60);
    const lockedBox = await mapOf(locked).boundingBox();
    if (!lockedBox) throw new Error('no map');
    await page.mouse.move(lockedBox.x + lockedBox.width / 2, lockedBox.y + lockedBox.height / 2);
    await page.mouse.wheel(0, -600);
    await page.mouse.dblclick(lockedBox.x + 40, lockedBox.y + 40);
    await page.waitForTimeout(800);
    expect(await locationOf(lockedFrame)).toBe('4,39,-97');

    // The explorer's own pages are not shown in another site's frame.
    const refused = frameOf(page, 'explorer');
    await expect.poll(() => refused.evaluate(() => document.getElementById('root') !== null)).toBe(false);
  } finally {
    await host.close();
  }
});

test('the Share dialog gives the view’s link and an embed code with the options chosen', async ({
  page,
  context,
  baseURL,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/datasets/seattle-weather/table?refine=weather:rain&sort=-temp_max');
  await expect(page.locator('tr.record-row').first()).toBeVisible();
  const share = page.getByRole('button', { name: 'Share' });
  await share.click();
  const dialog = page.getByRole('dialog', { name: 'Share this view' });
  await expect(dialog).toBeVisible();

  // The link: the view as it is, copied as it reads.
  const link = `${baseURL}/datasets/seattle-weather/table?refine=weather:rain&sort=-temp_max`;
  await expect(dialog.getByLabel('Link to this view')).toHaveValue(link);
  await dialog.getByRole('button', { name: 'Copy the link' }).click();
  await expect(dialog.getByRole('status').first()).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The embed code follows its options as they change, by keyboard too.
  const code = dialog.getByLabel('Embed code');
  const embed = `${baseURL}/embed/seattle-weather/table?refine=weather:rain&amp;sort=-temp_max`;
  await expect(code).toHaveValue(
    `<iframe src="${embed}" width="640" height="480" title="Seattle daily weather 2012–2015: table" style="border: 0" loading="lazy" allowfullscreen></iframe>`,
  );
  await dialog.getByLabel('Size').selectOption('custom');
  await dialog.getByLabel('Width (pixels)').fill('720');
  await dialog.getByLabel('Height (pixels)').fill('360');
  await dialog.getByLabel(/Show the dataset card/).focus();
  await page.keyboard.press('Space');
  await expect.poll(() => code.inputValue()).toContain(`src="${embed}&amp;card=0" width="720" height="360"`);
  await dialog.getByRole('button', { name: 'Copy the code' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    `/embed/seattle-weather/table?refine=weather:rain&amp;sort=-temp_max&amp;card=0" width="720"`,
  );
  // The map's options are the map's only.
  await expect(dialog.getByLabel(/Lock the map position/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/share-dialog-en.png` });

  // Escape closes it, and focus goes back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(share).toBeFocused();
});

test('on a map, the Share dialog locks the position or lets the wheel zoom; in French on a phone', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/datasets/airports/map?location=4,39,-97&lang=fr');
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Partager' }).click();
  const dialog = page.getByRole('dialog', { name: 'Partager cette vue' });
  await expect(dialog).toBeVisible();
  const code = dialog.getByLabel('Code d’intégration');
  const wheel = dialog.getByLabel('Zoomer avec la molette');
  await wheel.check();
  await expect(code).toHaveValue(/\/embed\/airports\/map\?location=4,39,-97&amp;lang=fr&amp;wheel=1"/);
  // Locking makes the wheel's option moot.
  await dialog.getByLabel(/Figer la position de la carte/).check();
  await expect(wheel).toBeDisabled();
  await expect(code).toHaveValue(/\/embed\/airports\/map\?location=4,39,-97&amp;lang=fr&amp;lock=1"/);
  await expect(code).toHaveValue(/title="Aéroports des États-Unis : carte"/);
  await dialog.getByLabel('Taille').selectOption('small');
  await expect(code).toHaveValue(/width="400" height="300"/);
  await expect(dialog.getByRole('link', { name: /Ouvrir la vue intégrée/ })).toHaveAttribute(
    'href',
    `${baseURL}/embed/airports/map?location=4,39,-97&lang=fr&lock=1`,
  );
  await page.screenshot({ path: `${SHOTS}/share-dialog-fr-phone.png` });
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();
});
