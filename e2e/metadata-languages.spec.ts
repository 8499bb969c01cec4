import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, facetValue, test } from './fixtures';

/*
 * The publisher's metadata in the reader's language: the default catalog is translated into French,
 * so the French explorer shows French titles, themes and field labels, names features in French, and
 * finds flights by its French title.
 */

test.describe.configure({ timeout: 90_000 });

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/i18n';
const FLIGHTS_FR = 'Retards des vols aux États-Unis (3 millions de vols, 2001)';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('in French: French titles, themes and features on the catalog, and "vols" finds flights', async ({
  page,
}) => {
  await page.goto('/?lang=fr');
  const flights = page.locator('.dataset-card').filter({ hasText: FLIGHTS_FR });
  await expect(flights).toBeVisible();
  await expect(flights.locator('.theme')).toHaveText(['Transports']);
  await expect(
    page.locator('.dataset-card').filter({ hasText: "Manchots de l'archipel Palmer" }),
  ).toBeVisible();
  const facets = page.getByRole('navigation', { name: 'Facettes' });
  const themes = facets.getByRole('region', { name: 'Thème', exact: true });
  await expect(facetValue(themes, 'Transports')).toBeVisible();
  await expect(facetValue(themes, 'Environnement')).toBeVisible();
  await expect(facetValue(themes, 'Transport')).toHaveCount(0);
  const features = facets.getByRole('region', { name: 'Fonctionnalités', exact: true });
  await expect(facetValue(features, 'Série temporelle')).toBeVisible();
  await expect(facetValue(features, 'Géographique')).toBeVisible();
  await shot(page, 'catalog-fr');

  await page.getByRole('searchbox', { name: 'Rechercher des jeux de données' }).fill('vols');
  await expect(page).toHaveURL(/[?&]q=vols/);
  await expect(page.locator('.dataset-card')).toHaveCount(1);
  await expect(page.locator('.dataset-card-title')).toHaveText(FLIGHTS_FR);
  await shot(page, 'catalog-fr-vols');

  await page.getByRole('link', { name: FLIGHTS_FR, exact: true }).click();
  await expect(page).toHaveURL(/\/datasets\/flights/);
  await expect(page.locator('h1.page-title')).toHaveText(FLIGHTS_FR);
  await page.getByRole('link', { name: 'Informations', exact: true }).click();
  await expect(page.locator('.meta-table')).toContainText('Transports');
  await expect(page.locator('.meta-table')).toContainText('retards');
  await expect(page.locator('.fields-table')).toContainText('Retard (min)');
  await expect(page.locator('.fields-table')).toContainText("Emplacement de l'aéroport de départ");
  await shot(page, 'dataset-fr-information');
});

test('switching the language asks the metadata again, in the new language', async ({ page }) => {
  await page.goto('/datasets/flights/information?lang=fr');
  await expect(page.locator('h1.page-title')).toHaveText(FLIGHTS_FR);
  await page.getByRole('combobox', { name: 'Langue', exact: true }).selectOption('en');
  await expect(page.locator('h1.page-title')).toHaveText('US flight delays (3 million flights, 2001)');
  await expect(page.locator('.fields-table')).toContainText('Delay (min)');
  await page.getByRole('link', { name: 'Datasets', exact: true }).first().click();
  const flights = page.locator('.dataset-card').filter({ hasText: 'US flight delays' });
  await expect(flights.locator('.theme')).toHaveText(['Transport']);
});

test('the fields’ types and annotations read as words of the visitor’s language, their API names in titles', async ({
  page,
}) => {
  await page.goto('/datasets/movies/information?lang=fr');
  const row = page.locator('.fields-table').getByRole('row', { name: /^Date de sortie/ });
  const badges = row.locator('td .badge');
  await expect(badges).toHaveText([
    'Facette',
    'Valeurs de la facette : de A à Z',
    'Triable',
    'Filtre par période',
  ]);
  await expect(badges.nth(1)).toHaveAttribute('title', 'facetsort: alphanum');
  await expect(badges.nth(3)).toHaveAttribute('title', 'timerangeFilter');
  await expect(row.locator('td .type-badge')).toHaveText('Date');
  await expect(row.locator('td code')).toHaveText('release_date');
  const gross = page.locator('.fields-table').getByRole('row', { name: /^Recettes mondiales/ });
  await expect(gross.locator('td .type-badge')).toHaveText('Nombre entier');
  await expect(gross.locator('td .type-badge')).toHaveAttribute('title', 'int');
  await expect(gross.locator('td .badge')).toHaveText(['Triable', 'Unité : $']);
  // No annotation's API name is written in the French table.
  const written = await page.locator('.fields-table tbody').innerText();
  for (const name of ['facetsort', 'sortable', 'timerangeFilter', 'unit:', '-count', 'alphanum']) {
    expect(written, name).not.toContain(name);
  }
  // No movie field has a description: the table has no empty column for them.
  await expect(page.locator('.fields-table thead th')).toHaveText(['Libellé', 'Nom', 'Type', 'Annotations']);
  await page.screenshot({ path: test.info().outputPath('movies-fields-fr.png'), fullPage: true });

  await page.goto('/datasets/movies/information?lang=en');
  const english = page.locator('.fields-table').getByRole('row', { name: /^MPAA rating/ });
  await expect(english.locator('td .badge')).toHaveText(['Facet', 'Facet values: most frequent first']);
  await expect(english.locator('td .type-badge')).toHaveText('Text');
});

test('on a phone the fields fit the screen: name, type and annotations under the label', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'fr-FR',
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/datasets/seattle-weather/information?lang=fr');
  const table = page.locator('.fields-table');
  await expect(table).toBeVisible();
  // Nothing of the table is past the screen's edge (it used to scroll sideways, annotations hidden).
  const overflow = await table.evaluate((t) => t.scrollWidth - (t.parentElement?.clientWidth ?? 0));
  expect(overflow).toBeLessThanOrEqual(0);
  const weather = table.getByRole('row', { name: /^Temps/ });
  await expect(weather.locator('th code')).toBeVisible();
  await expect(weather.locator('th .type-badge')).toHaveText('Texte');
  await expect(weather.locator('td.field-wide').first()).toBeHidden();
  const badges = weather.locator('th .badge');
  await expect(badges).toHaveText(['Facette', 'Valeurs de la facette : les plus fréquentes d’abord']);
  await badges.last().scrollIntoViewIfNeeded();
  await expect(badges.last()).toBeInViewport({ ratio: 1 });
  await expect(table.locator('thead th:visible')).toHaveText(['Libellé', 'Description']);
  await page.screenshot({ path: test.info().outputPath('seattle-fields-fr-phone.png'), fullPage: true });
  await context.close();
});
