import { describe, expect, it } from 'vitest';
import type { FacetConfig } from '../facets/config';
import type { FacetFilter } from '../facets/filters';
import { filtersInLanguage } from './refine-aliases';
import type { Dataset } from './types';

const dataset = (
  id: string,
  theme: string[],
  fr: string[] | undefined,
  visibility: 'domain' | 'restricted' = 'domain',
): Dataset =>
  ({
    dataset_id: id,
    visibility,
    metas: { default: { theme, keyword: null } },
    ...(fr ? { translations: { fr: { metas: { theme: fr }, fields: {}, attachments: {} } } } : {}),
  }) as unknown as Dataset;

const refine = (facet: string, value: string): FacetFilter => ({
  kind: 'refine',
  facet: { name: facet, type: 'text' } as unknown as FacetConfig,
  value,
});

const values = (filters: FacetFilter[]) => filters.map((f) => `${f.facet.name}:${f.value}`);

describe('refines of untranslated themes and keywords in another language', () => {
  const catalog = [
    dataset('a', ['Transport'], ['Transports']),
    dataset('b', ['Transport', 'Environment'], ['Transports', 'Environnement']),
    // Translated two ways: left alone.
    dataset('c', ['Science'], ['Sciences']),
    dataset('d', ['Science'], ['Science naturelle']),
    // Lists of different lengths teach nothing.
    dataset('e', ['Culture', 'Sport'], ['Culture et sport']),
    // A restricted dataset's words stay its own.
    dataset('f', ['Payroll'], ['Paie'], 'restricted'),
    dataset('g', ['Society'], undefined),
  ];

  it('reads an untranslated value as its only translation, in the language asked', () => {
    const filters = [
      refine('theme', 'Transport'),
      refine('theme', 'Environnement'),
      refine('theme', 'Science'),
      refine('theme', 'Culture'),
      refine('theme', 'Payroll'),
      refine('theme', 'Society'),
      refine('publisher', 'Transport'),
    ];
    expect(values(filtersInLanguage(filters, catalog, 'fr'))).toEqual([
      'theme:Transports',
      'theme:Environnement',
      'theme:Science',
      'theme:Culture',
      'theme:Payroll',
      'theme:Society',
      'publisher:Transport',
    ]);
    // Without a language, or in one nothing is translated into, values stay.
    expect(values(filtersInLanguage(filters, catalog, undefined))).toEqual(values(filters));
    expect(values(filtersInLanguage(filters, catalog, 'de'))).toEqual(values(filters));
  });

  it('leaves a value that is also a translated value as it is', () => {
    const both = [dataset('a', ['Culture'], ['Kultur']), dataset('b', ['Art'], ['Culture'])];
    expect(values(filtersInLanguage([refine('theme', 'Culture')], both, 'fr'))).toEqual(['theme:Culture']);
  });
});
