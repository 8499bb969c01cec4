import type { Page } from '@playwright/test';
import { en } from '../src/app/i18n/en';
import { fr } from '../src/app/i18n/fr';
import { DIAGNOSTIC_MESSAGES } from '../src/odsql/messages';
import { expect, test } from './fixtures';

/*
 * The visit the explorer is built for, in French and in English, on a desktop and on a 390 px phone:
 * catalog → dataset → table → map (an area drawn) → table → export with the area applied. The page
 * never scrolls sideways, and in French no English sentence of the interface is left on the way.
 */

test.describe.configure({ timeout: 150_000 });

type Catalog = { readonly [key: string]: string | Catalog };

/** Every text of a catalog by key path. */
function texts(catalog: Catalog, prefix = ''): Map<string, string> {
  const all = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') all.set(`${prefix}${key}`, value);
    else for (const [k, v] of texts(value, `${prefix}${key}.`)) all.set(k, v);
  }
  return all;
}

/**
 * The English interface sentences French must not show: the fixed parts (between placeholders) of two
 * words or more whose French differs. Single words ("Export", "API", "Format") are the same in both.
 * The query editor's diagnostics (the ODSQL parser's English templates, `{name}` placeholders) too.
 */
function englishSentences(): string[] {
  const french = texts(fr as Catalog);
  const found = new Set<string>();
  const diagnostics = Object.entries(DIAGNOSTIC_MESSAGES).map(([code, text]) => [`odsql:${code}`, text]);
  for (const [key, text] of [...texts(en as Catalog), ...diagnostics] as [string, string][]) {
    if (french.get(key) === text) continue;
    for (const part of text.split(/\{\{[^}]*\}\}|\{\w+\}/)) {
      const fixed = part.replace(/^[\s:·,.()“”—]+|[\s:·,.()“”—]+$/g, '');
      if (fixed.split(/\s+/).length >= 2) found.add(fixed);
    }
  }
  return [...found];
}

/** The interface's own text: the page without the publisher's content (titles, descriptions, values). */
async function interfaceText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    const content = [
      '.dataset-card-title',
      '.dataset-card-description',
      '.dataset-card-facts dd',
      '.page-title',
      '.breadcrumb [aria-current]',
      '.dataset-subtitle',
      '.facet-title',
      '.facet-name',
      '.themes',
      '.keywords',
      'table.records thead',
      'table.records tbody',
      '.chip-label',
      '.url-box',
      '.map-canvas',
      'code',
      '.description',
      '.meta-table td',
      '.fields-table tbody',
      '.attachments',
      '.record-field-label',
      '.record-fields dd',
      '.cm-content',
    ].join(',');
    for (const node of copy.querySelectorAll(content)) node.remove();
    const labelled = [...document.querySelectorAll('[aria-label]')]
      .map((e) => e.getAttribute('aria-label') ?? '')
      .filter((label) => !/^(Open|Ouvrir) /.test(label));
    return `${copy.innerText}\n${labelled.join('\n')}`;
  });
}

async function noSidewaysScroll(page: Page, where: string) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(client);
}

const VIEWPORTS = {
  desktop: { width: 1400, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

const WORDS = {
  fr: {
    table: 'Tableau',
    map: 'Carte',
    export: 'Export',
    rectangle: 'Dessiner un rectangle',
    show: 'Afficher les filtres',
    applied: 'Filtres appliqués',
    records: /enregistrements?/,
  },
  en: {
    table: 'Table',
    map: 'Map',
    export: 'Export',
    rectangle: 'Draw a rectangle',
    show: 'Show filters',
    applied: 'Filters applied',
    records: /records?/,
  },
} as const;

for (const language of ['fr', 'en'] as const) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${language} on ${device}`, () => {
      // French comes from the browser's language; English from the address.
      test.use({ viewport, locale: language === 'fr' ? 'fr-FR' : 'en-US' });

      test(`catalog → table → map area → table → export (${language}, ${device})`, async ({ page }) => {
        const words = WORDS[language];
        const english = language === 'fr' ? englishSentences() : [];
        const check = async (where: string) => {
          await noSidewaysScroll(page, where);
          if (language !== 'fr') return;
          const text = await interfaceText(page);
          const left = english.filter((sentence) => text.includes(sentence));
          expect(left, `${where}: English left in French`).toEqual([]);
        };

        await page.goto(language === 'en' ? '/?lang=en' : '/');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        // The publisher's metadata comes in the reader's language too.
        const title = language === 'fr' ? "Séismes d'une semaine" : 'Earthquakes of one week';
        const card = page.locator('.dataset-card').filter({ hasText: title });
        await expect(card).toBeVisible();
        await check('catalog');

        await card.getByRole('link', { name: words.table, exact: true }).click();
        await expect(page).toHaveURL(/\/datasets\/earthquakes\/table/);
        if (language === 'en') await expect(page).toHaveURL(/lang=en/);
        const count = page.locator('.result-count');
        await expect(count).toHaveText(words.records);
        await expect(page.locator('table.records tbody tr').first()).toBeVisible();
        await check('table');

        const tabs = page.locator('nav.tabs');
        await tabs.getByRole('link', { name: words.map, exact: true }).click();
        const map = page.getByTestId('map');
        await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
        await check('map');
        const total = await count.textContent();

        // An area over the middle of the map.
        await page.getByRole('button', { name: words.rectangle }).click();
        await map.scrollIntoViewIfNeeded();
        const box = await map.boundingBox();
        if (!box) throw new Error('no map');
        const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
        const [dx, dy] = [box.width / 3, box.height / 3];
        await page.mouse.move(cx - dx, cy - dy);
        await page.mouse.down();
        await page.mouse.move(cx + dx, cy + dy, { steps: 6 });
        await page.mouse.up();
        await expect(page).toHaveURL(/geo=coordinates:bbox:/);
        await expect(count).not.toHaveText(total ?? '');
        const inArea = await count.textContent();
        await page.screenshot({ path: test.info().outputPath(`map-${language}-${device}.png`) });

        await tabs.getByRole('link', { name: words.table, exact: true }).click();
        await expect(page).toHaveURL(/\/datasets\/earthquakes\/table\?.*geo=coordinates:bbox:/);
        await expect(count).toHaveText(inArea ?? '');
        await page.screenshot({ path: test.info().outputPath(`table-${language}-${device}.png`) });

        await tabs.getByRole('link', { name: words.export, exact: true }).click();
        await expect(page).toHaveURL(/\/datasets\/earthquakes\/export\?.*geo=coordinates:bbox:/);
        await expect(page.getByRole('list', { name: words.applied })).toBeVisible();
        await expect(page.locator('.url-box')).toContainText('in_bbox(coordinates');
        await check('export');
        await page.screenshot({
          path: test.info().outputPath(`export-${language}-${device}.png`),
          fullPage: true,
        });
      });
    });
  }
}

test('in French, the other views have no English left either', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 400/);
  await page.goto('/datasets/seattle-weather?lang=fr');
  const english = englishSentences();
  const check = async (where: string) => {
    const text = await interfaceText(page);
    expect(
      english.filter((sentence) => text.includes(sentence)),
      `${where}: English left in French`,
    ).toEqual([]);
  };
  // Information: labels of the metadata and of the fields' table.
  await expect(page.locator('.fields-table')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pièces jointes' })).toBeVisible();
  await check('information');

  await page.getByRole('link', { name: 'API', exact: true }).click();
  await expect(page.locator('.url-box').first()).toBeVisible();
  await check('API');

  // The query editor with a refused query, then a record open.
  await page.goto(`/datasets/penguins/table?lang=fr&where=${encodeURIComponent('nope > 1')}`);
  const problems = page.getByRole('list', { name: 'Problèmes de la requête' });
  await expect(problems).toContainText('Champ inconnu : nope', { timeout: 20_000 });
  await check('query editor');
  // A diagnostic of a clause being typed, underlined in the editor and listed, in French too.
  const where = page.locator('.query-clause').filter({ hasText: 'where' }).locator('.cm-content');
  await where.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('body_mass_g > ');
  await expect(problems).toContainText('fin de la requête inattendue à la position 14', { timeout: 20_000 });
  await check('query editor, typing');
  await page.goto('/datasets/movies/table?lang=fr');
  await page.locator('table.records tbody tr.record-row').first().click();
  await expect(page.getByRole('dialog')).toContainText('Enregistrement 1');
  await check('record');

  await page.goto('/no/such/page?lang=fr');
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  await check('not found');
});

test('in French, coordinates have decimal commas in the table, a record and the map’s record panel', async ({
  page,
  request,
}) => {
  const answer = await request.get(
    '/api/explore/v2.1/catalog/datasets/flights/records?limit=1&include_links=true&where=origin="LAS"',
  );
  const flight = (await answer.json()).results[0] as { _id: string; origin_coordinates: object };
  // LAS is at 36.0803611, -115.1523333: a semicolon parts the two where commas are decimals.
  const written = '36,08036\u202f; -115,15233';
  await page.goto(`/datasets/flights/table?lang=fr&refine=origin:LAS&record=${flight._id}`);
  await expect(page.locator('table.records tbody td').filter({ hasText: written }).first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('dialog')).toContainText(written);
  await expect(page.locator('table.records tbody')).not.toContainText('36.08036');

  // The map's panel of the records at a place speaks French.
  await page.goto('/datasets/airports/map?lang=fr&location=14,36.08036,-115.15233');
  const map = page.getByTestId('map');
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const panel = page.getByRole('complementary', { name: 'Enregistrements à cet endroit' });
  await expect(panel).toContainText('1 enregistrement ici');
  await expect(panel.getByRole('button', { name: 'Fermer l’enregistrement' })).toBeVisible();
});

test('the language switch is remembered and written in links', async ({ page }) => {
  await page.goto('/datasets/seattle-weather/table');
  await expect(page.locator('.result-count')).toHaveText(/records/, { timeout: 20_000 });
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('fr');
  await expect(page).toHaveURL(/lang=fr/);
  await expect(page.locator('.result-count')).toHaveText(/1\u202f461 enregistrements/);
  // Links carry the language.
  await expect(page.getByRole('link', { name: 'Informations', exact: true })).toHaveAttribute(
    'href',
    /lang=fr/,
  );
  // Remembered: a new visit without `lang` speaks French.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Jeux de données', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Langue', exact: true }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
});
