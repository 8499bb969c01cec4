import { afterAll, describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import { setupI18n } from '../i18n/setup';
import { annotationWord, annotationWords, typeWord } from './field-words';

describe('a field’s type and annotations in words', () => {
  const i18n = setupI18n();
  afterAll(() => i18n.changeLanguage('en'));

  it('reads them in English and in French, keeping the API’s names', async () => {
    const releaseDate: DatasetField = {
      name: 'release_date',
      label: 'Release date',
      type: 'date',
      annotations: { facet: true, facetsort: 'alphanum', sortable: true, timerangeFilter: true },
    };
    await i18n.changeLanguage('en');
    expect(annotationWords(releaseDate)).toEqual([
      { text: 'Facet', raw: 'facet' },
      { text: 'Facet values: A to Z', raw: 'facetsort: alphanum' },
      { text: 'Sortable', raw: 'sortable' },
      { text: 'Date range filter', raw: 'timerangeFilter' },
    ]);
    expect(typeWord('int')).toEqual({ text: 'Integer', raw: 'int' });
    await i18n.changeLanguage('fr');
    expect(annotationWords(releaseDate).map((w) => w.text)).toEqual([
      'Facette',
      'Valeurs de la facette : de A à Z',
      'Triable',
      'Filtre par période',
    ]);
    expect(annotationWord('facetsort', ['-count'])?.text).toBe(
      'Valeurs de la facette : les plus fréquentes d’abord',
    );
    expect(annotationWord('disjunctive', [])).toEqual({
      text: 'Plusieurs valeurs à la fois',
      raw: 'disjunctive',
    });
    expect(annotationWord('multivalued', ',')).toEqual({
      text: 'Plusieurs valeurs séparées par « , »',
      raw: 'multivalued: ,',
    });
    expect(annotationWord('id', true)?.text).toBe('Identifiant');
    expect(annotationWord('unit', '°C')?.text).toBe('Unité : °C');
    expect(annotationWord('decimals', 2)?.text).toBe('Décimales : 2');
    expect(typeWord('geo_point_2d').text).toBe('Point géographique');
  });

  it('shows an annotation it has no words for by its name, and none that is off', () => {
    expect(annotationWord('tolerance', 3)).toEqual({ text: 'tolerance: 3', raw: 'tolerance: 3' });
    expect(annotationWord('hierarchical', true)).toEqual({ text: 'hierarchical', raw: 'hierarchical' });
    expect(annotationWord('facet', false)).toBeUndefined();
    expect(typeWord('vector').text).toBe('vector');
  });
});
