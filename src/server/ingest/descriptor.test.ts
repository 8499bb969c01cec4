import { describe, expect, it } from 'vitest';
import { DescriptorError, parseDescriptor } from './descriptor';

const parse = (value: unknown) => parseDescriptor(value, '/data/datasets');

describe('dataset descriptors', () => {
  it('accepts a minimal descriptor and resolves its path', () => {
    const descriptor = parse({ dataset_id: 'trees', source: 'trees.csv' });
    expect(descriptor.source.path).toBe('/data/datasets/trees.csv');
    expect(descriptor.fields).toBeUndefined();
    expect(descriptor.metas).toEqual({});
    expect(descriptor.attachments).toEqual([]);
  });

  it('reads fields, metas, geo_point, join and attachments', () => {
    const descriptor = parse({
      dataset_id: 'my_trees',
      source: '/abs/trees.tsv',
      delimiter: ';',
      null_values: ['NA'],
      metas: { title: 'Trees', keyword: 'trees', theme: ['Environment'], timezone: 'Europe/Paris' },
      fields: [
        {
          name: 'species',
          source: 'Species',
          type: 'text',
          annotations: { facet: true, facetsort: 'alphanum' },
        },
        { name: 'tags', annotations: { multivalued: ';' } },
        { name: 'planted', type: 'date', format: '%d/%m/%Y' },
      ],
      geo_point: { lat: 'lat', lon: 'lng' },
      join: { source: 'extra.csv', key: 'code', on: 'species' },
      attachments: ['notes.pdf', { path: 'map.png', title: 'Map' }],
    });
    expect(descriptor.source).toMatchObject({ path: '/abs/trees.tsv', delimiter: ';' });
    expect(descriptor.metas.keyword).toEqual(['trees']);
    expect(descriptor.fields?.map((f) => [f.name, f.source, f.type])).toEqual([
      ['species', 'Species', 'text'],
      ['tags', 'tags', undefined],
      ['planted', 'planted', 'date'],
    ]);
    expect(descriptor.geoPoint).toEqual({ lat: 'lat', lon: 'lng', field: 'geo_point_2d' });
    expect(descriptor.join?.source.path).toBe('/data/datasets/extra.csv');
    expect(descriptor.attachments.map((a) => a.title)).toEqual([undefined, 'Map']);
  });

  it('keeps annotations in the order the descriptor writes them (conformance capture 01)', () => {
    const descriptor = parse({
      dataset_id: 'trees',
      source: 'trees.csv',
      fields: [
        { name: 'common_name', annotations: { facet: true, sortable: true, disjunctive: true } },
        {
          name: 'species_name',
          annotations: { facet: true, disjunctive: true, facetsort: 'alphanum', sortable: true },
        },
      ],
    });
    expect(descriptor.fields?.map((f) => Object.keys(f.annotations))).toEqual([
      ['facet', 'sortable', 'disjunctive'],
      ['facet', 'disjunctive', 'facetsort', 'sortable'],
    ]);
  });

  it.each([
    [{ source: 'a.csv' }, /dataset_id is required/],
    [{ dataset_id: 'Bad Id', source: 'a.csv' }, /dataset_id "Bad Id"/],
    [{ dataset_id: 'a' }, /source is required/],
    [{ dataset_id: 'a', source: 'a.csv', feilds: [] }, /unknown key "feilds"/],
    [{ dataset_id: 'a', source: 'a.csv', format: 'xls' }, /format must be one of/],
    [{ dataset_id: 'a', source: 'a.csv', fields: [] }, /non-empty list/],
    [{ dataset_id: 'a', source: 'a.csv', fields: [{ name: 'X' }] }, /lower snake case/],
    [{ dataset_id: 'a', source: 'a.csv', fields: [{ name: 'x', type: 'float' }] }, /type must be one of/],
    [{ dataset_id: 'a', source: 'a.csv', fields: [{ name: 'x' }, { name: 'x' }] }, /declared twice/],
    [
      {
        dataset_id: 'a',
        source: 'a.csv',
        fields: [{ name: 'x', type: 'int', annotations: { multivalued: ',' } }],
      },
      /only text/,
    ],
    [
      { dataset_id: 'a', source: 'a.csv', fields: [{ name: 'x', annotations: { facet: 'yes' } }] },
      /true or false/,
    ],
    [{ dataset_id: 'a', source: 'a.csv', metas: { timezone: 'Mars/Olympus' } }, /unknown time zone/],
    [{ dataset_id: 'a', source: 'a.csv', metas: { modified: 'yesterday' } }, /ISO 8601/],
    [{ dataset_id: 'a', source: 'a.csv', geo_point: { lat: 'y' } }, /geo_point.lon is required/],
    [[], /must be an object/],
  ])('rejects %j', (value, reason) => {
    expect(() => parse(value)).toThrow(DescriptorError);
    expect(() => parse(value)).toThrow(reason);
  });

  it('reads the visibility: public by default, restricted on request, nothing else', () => {
    expect(parse({ dataset_id: 'trees', source: 'trees.csv' }).visibility).toBe('domain');
    expect(parse({ dataset_id: 'trees', source: 'trees.csv', visibility: 'restricted' }).visibility).toBe(
      'restricted',
    );
    expect(() => parse({ dataset_id: 'trees', source: 'trees.csv', visibility: 'private' })).toThrow(
      /visibility must be one of domain, restricted/,
    );
    expect(() => parse({ dataset_id: 'trees', source: 'trees.csv', visibility: true })).toThrow(
      DescriptorError,
    );
  });
});
