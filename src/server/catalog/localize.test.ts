import { describe, expect, it } from 'vitest';
import { datasetIn } from './localize';
import type { Dataset } from './types';

const dataset = {
  dataset_id: 'trees',
  fields: [
    { name: 'species', label: 'Species', type: 'text', description: 'The species.', annotations: {} },
    { name: 'height', label: 'Height', type: 'double', description: null, annotations: {} },
  ],
  attachments: [
    { id: 'notes_pdf', title: 'notes.pdf', mimetype: 'application/pdf', path: '/d/notes.pdf' },
    { id: 'map_png', title: 'Map', mimetype: 'image/png', path: '/d/map.png' },
  ],
  metas: {
    default: {
      title: 'Trees',
      description: 'Trees of the city.',
      keyword: ['trees'],
      theme: ['Environment'],
      publisher: 'City',
      metadata_languages: ['en', 'fr'],
    },
  },
  translations: {
    fr: {
      metas: { title: 'Arbres', theme: ['Environnement'] },
      fields: { species: { label: 'Espèce' } },
      attachments: { map_png: 'Carte' },
    },
  },
} as unknown as Dataset;

describe('a dataset in the language asked', () => {
  it('takes each translated item and keeps the untranslated text of the others', () => {
    const fr = datasetIn(dataset, 'fr');
    expect(fr.metas.default).toMatchObject({
      title: 'Arbres',
      description: 'Trees of the city.',
      keyword: ['trees'],
      theme: ['Environnement'],
      publisher: 'City',
      metadata_languages: ['en', 'fr'],
    });
    expect(fr.fields.map((f) => [f.label, f.description])).toEqual([
      ['Espèce', 'The species.'],
      ['Height', null],
    ]);
    expect(fr.attachments.map((a) => a.title)).toEqual(['notes.pdf', 'Carte']);
    // The dataset itself is left as it was.
    expect(dataset.metas.default.title).toBe('Trees');
  });

  it('is the untranslated dataset without a language, or in a language it has no translation into', () => {
    expect(datasetIn(dataset, undefined)).toBe(dataset);
    expect(datasetIn(dataset, 'de')).toBe(dataset);
    const bare = { ...dataset, translations: undefined } as Dataset;
    expect(datasetIn(bare, 'fr')).toBe(bare);
  });
});
