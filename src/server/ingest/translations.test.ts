import { describe, expect, it } from 'vitest';
import { DescriptorError, parseDescriptor } from './descriptor';

const parse = (value: Record<string, unknown>) =>
  parseDescriptor({ dataset_id: 'trees', source: 'trees.csv', ...value }, '/data/datasets');

const declared = {
  metas: { title: 'Trees', language: 'en' },
  fields: [{ name: 'species' }, { name: 'height', type: 'double' }],
  geo_point: { lat: 'lat', lon: 'lon', field: 'location' },
  attachments: ['notes.pdf', { path: 'docs/map.png', title: 'Map' }],
};

describe('descriptor translations', () => {
  it('reads metas, field labels and descriptions and attachment titles per language', () => {
    const descriptor = parse({
      ...declared,
      translations: {
        fr: {
          metas: { title: 'Arbres', description: 'Les arbres.', keyword: 'arbres', theme: ['Environnement'] },
          fields: { species: { label: 'Espèce' }, location: { label: 'Emplacement', description: 'Où.' } },
          attachments: { 'docs/map.png': { title: 'Carte' } },
        },
        de: { metas: { title: 'Bäume' } },
      },
    });
    expect(descriptor.translations.fr).toEqual({
      metas: { title: 'Arbres', description: 'Les arbres.', keyword: ['arbres'], theme: ['Environnement'] },
      fields: { species: { label: 'Espèce' }, location: { label: 'Emplacement', description: 'Où.' } },
      // Attachments are named as listed, kept by their resolved path.
      attachments: { '/data/datasets/docs/map.png': 'Carte' },
    });
    expect(descriptor.translations.de).toEqual({ metas: { title: 'Bäume' }, fields: {}, attachments: {} });
    expect(parse({}).translations).toEqual({});
  });

  it('accepts any field name when the fields are inferred (unknown ones are dropped at ingestion)', () => {
    const descriptor = parse({ translations: { fr: { fields: { species: { label: 'Espèce' } } } } });
    expect(descriptor.translations.fr?.fields).toEqual({ species: { label: 'Espèce' } });
  });

  it.each([
    [{ translations: ['fr'] }, /translations must be an object/],
    [{ translations: { xx: {} } }, /unknown language "xx" \(one of en, fr, nl/],
    [{ translations: { FR: {} } }, /unknown language "FR"/],
    [
      { translations: { en: { metas: { title: 'Trees' } } } },
      /translations.en: "en" is the language of the metadata/,
    ],
    [{ translations: { fr: 'Arbres' } }, /translations.fr must be an object/],
    [{ translations: { fr: { title: 'Arbres' } } }, /translations.fr: unknown key "title"/],
    [{ translations: { fr: { metas: { title: 3 } } } }, /translations.fr.metas.title must be a string/],
    [{ translations: { fr: { metas: { title: ' ' } } } }, /translations.fr.metas.title must not be empty/],
    [
      { translations: { fr: { metas: { publisher: 'X' } } } },
      /translations.fr.metas: unknown key "publisher"/,
    ],
    [
      { translations: { fr: { metas: { theme: [1] } } } },
      /translations.fr.metas.theme must be a string or a list/,
    ],
    [{ translations: { fr: { fields: { trunk: { label: 'Tronc' } } } } }, /"trunk" is not a field/],
    [
      { translations: { fr: { fields: { species: 'Espèce' } } } },
      /translations.fr.fields.species must be an object/,
    ],
    [{ translations: { fr: { fields: { species: { name: 'x' } } } } }, /unknown key "name"/],
    [{ translations: { fr: { fields: { species: { label: false } } } } }, /label must be a string/],
    [
      { translations: { fr: { attachments: { 'other.pdf': { title: 'Autre' } } } } },
      /"other.pdf" is not one of/,
    ],
    [{ translations: { fr: { attachments: { 'notes.pdf': { title: 4 } } } } }, /title must be a string/],
  ])('refuses %j', (value, reason) => {
    const descriptor = { ...declared, ...value };
    expect(() => parse(descriptor)).toThrow(DescriptorError);
    expect(() => parse(descriptor)).toThrow(reason);
  });

  it('refuses a field name that no field could have when the fields are inferred', () => {
    expect(() => parse({ translations: { fr: { fields: { 'Bad Name': { label: 'x' } } } } })).toThrow(
      /"Bad Name" is not a field/,
    );
  });
});
