import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vegaDatasetsDir } from '../src/server/ingest/builtin/datapackage';
import { writeLondonStreets } from '../src/server/testing/london-streets';
import { type SmallServer, startSmallServer } from '../src/server/testing/small-server';
import { expect, test } from './fixtures';

/*
 * The publisher's street basemap: a server of its own with BASEMAP_PMTILES (a small London archive made
 * here) and the boroughs' centres as a dataset. The map draws land, roads and town names from it, and
 * no request leaves the server: not for tiles, nor for fonts.
 */

test.describe.configure({ timeout: 120_000, mode: 'serial' });

/** Screenshots for a person to look at (SHOTS=/work/shots/maps, say). */
const SHOTS = process.env.SHOTS ?? 'test-results/maps';

let folder: string;
let server: SmallServer;

test.beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'e2e-streets-'));
  const archive = join(folder, 'london.pmtiles');
  await writeLondonStreets(archive);
  const centres = await readFile(join(vegaDatasetsDir(), 'data', 'londonCentroids.json'), 'utf8');
  server = await startSmallServer({ BASEMAP_PMTILES: archive, STATIC_DIR: 'dist' }, Date.now, [
    {
      descriptor: {
        dataset_id: 'london-centres',
        source: 'centres.json',
        metas: { title: 'Centres of the London boroughs' },
        geo_point: { lat: 'cy', lon: 'cx', field: 'centre' },
      },
      file: { name: 'centres.json', content: centres },
    },
  ]);
});

test.afterAll(async () => {
  await server?.close();
  await rm(folder, { recursive: true, force: true });
});

for (const language of ['en', 'fr'] as const) {
  test(`the map draws the street basemap from the server alone (${language})`, async ({ page }) => {
    const outside: string[] = [];
    const tiles: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(server.origin) && !url.startsWith('data:') && !url.startsWith('blob:'))
        outside.push(url);
      if (url.includes('/basemap/tiles/')) tiles.push(url);
    });
    await page.goto(`${server.origin}/datasets/london-centres/map?lang=${language}&location=11,51.51,-0.1`);
    const map = page.getByTestId('map');
    await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
    await expect.poll(async () => Number(await map.getAttribute('data-street-features'))).toBeGreaterThan(10);
    expect(Number(await map.getAttribute('data-records'))).toBeGreaterThan(5);
    expect(tiles.length).toBeGreaterThan(0);
    expect(outside).toEqual([]);
    await expect(
      page.getByRole('combobox', { name: language === 'fr' ? 'Fond de carte' : 'Basemap' }),
    ).toHaveValue('offline');
    await expect(
      page.getByRole('option', { name: language === 'fr' ? 'Rues (hors ligne)' : 'Streets (offline)' }),
    ).toBeAttached();
    await page.screenshot({ path: `${SHOTS}/streets-${language}.png` });
  });
}
