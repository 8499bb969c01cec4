import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../api';
import { setupI18n } from '../i18n/setup';
import { vocabularyEn, vocabularyFr } from '../i18n/vocabulary';
import { inLanguage } from '../queries/client-context';
import { catalogFacetLabeler } from './facet-labels';
import { featureName, themeName } from './metadata-names';

describe('metadata words in the reader’s language', () => {
  const i18n = setupI18n();
  afterAll(() => i18n.changeLanguage('en'));

  it('names features and themes in French, whichever language the portal answered in', async () => {
    await i18n.changeLanguage('fr');
    expect(featureName('timeserie')).toBe('Série temporelle');
    expect(featureName('analyze')).toBe('Analyse');
    expect(themeName('Transport')).toBe('Transports');
    expect(themeName('Transports')).toBe('Transports');
    expect(themeName('ENVIRONMENT')).toBe('Environnement');
    expect(catalogFacetLabeler.valueLabel('features', 'geo')).toBe('Géographique');
    expect(catalogFacetLabeler.leafLabel('theme', 'Science', 'Science')).toBe('Sciences');
    // Values the vocabulary does not know stay as the portal wrote them.
    expect(themeName('Payroll')).toBe('Payroll');
    expect(featureName('custom')).toBe('custom');
    expect(featureName('toString')).toBe('toString');
  });

  it('names them in English, from French values too', async () => {
    await i18n.changeLanguage('en');
    expect(featureName('timeserie')).toBe('Time series');
    expect(themeName('Économie')).toBe('Economy');
    expect(themeName('economie')).toBe('Economy');
    expect(catalogFacetLabeler.valueLabel('theme', 'Sciences')).toBe('Science');
  });

  it('has a French word for every English one', () => {
    for (const group of ['features', 'themes'] as const) {
      expect(Object.keys(vocabularyFr[group]).sort()).toEqual(Object.keys(vocabularyEn[group]).sort());
    }
  });

  it('asks the catalog facets in the reader’s language', async () => {
    const urls: string[] = [];
    const capture: typeof fetch = async (input) => {
      urls.push(String(input));
      return new Response('{"facets":[]}', { status: 200 });
    };
    await inLanguage(createClient({ fetch: capture }), 'fr').getCatalogFacets({ facet: ['theme'] });
    expect(urls).toEqual(['/api/explore/v2.1/catalog/facets?facet=theme&lang=fr']);
  });
});
