import { afterAll, describe, expect, it } from 'vitest';
import { formatDate } from '../format/dates';
import { formatCount, formatNumber } from '../format/numbers';
import { en } from './en';
import { fr } from './fr';
import { asLanguage } from './locale';
import { setupI18n, t } from './setup';

function keys(catalog: object, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the explorer in English and French', () => {
  const i18n = setupI18n();
  afterAll(() => i18n.changeLanguage('en'));

  it('has every English key in French', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it('counts with plurals and grouped numbers in the chosen language', async () => {
    await i18n.changeLanguage('en');
    expect(t('count.records', { count: 1 })).toBe('1 record');
    expect(t('count.records', { count: 1461 })).toBe('1,461 records');
    expect(formatCount(3_000_000)).toBe('3,000,000');
    expect(formatDate('2013-02-15')).toBe('Feb 15, 2013');
    await i18n.changeLanguage('fr');
    expect(t('count.records', { count: 1 })).toBe('1 enregistrement');
    // French takes the singular for 0 and 1, and a narrow no-break space between thousands.
    expect(t('count.records', { count: 0 })).toBe('0 enregistrement');
    expect(t('count.records', { count: 1461 })).toBe('1\u202f461 enregistrements');
    expect(formatNumber(148.9)).toBe('148,9');
    expect(formatDate('2013-02-15')).toBe('15 févr. 2013');
    expect(t('filters.exclude', { facet: 'Météo', value: 'soleil' })).toBe('Météo : sauf soleil');
  });

  it('reads a language from an address or a browser tag', () => {
    expect(asLanguage('fr-CA')).toBe('fr');
    expect(asLanguage('EN')).toBe('en');
    expect(asLanguage('de')).toBeUndefined();
    expect(asLanguage(null)).toBeUndefined();
  });
});
