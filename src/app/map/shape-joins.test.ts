import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../api';
import { shapeJoins } from './shape-joins';

const dataset = (id: string, fields: [string, string][]): Dataset =>
  ({
    dataset_id: id,
    metas: { default: { title: id.toUpperCase() } },
    fields: fields.map(([name, type]) => ({
      name,
      type,
      label: name,
      annotations: name === 'state' ? { facet: true } : {},
    })),
  }) as unknown as Dataset;

describe('shape joins', () => {
  it('finds shapes datasets sharing a text facet, not itself, datasets without shapes nor names alike', () => {
    const airports = dataset('airports', [
      ['iata', 'text'],
      ['name', 'text'],
      ['state', 'text'],
      ['coordinates', 'geo_point_2d'],
    ]);
    const states = dataset('us-states', [
      ['fips', 'int'],
      ['state', 'text'],
      ['shape', 'geo_shape'],
    ]);
    const zips = dataset('us-zip-codes', [
      ['state', 'text'],
      ['coordinates', 'geo_point_2d'],
    ]);
    const boroughs = dataset('london-boroughs', [
      ['name', 'text'],
      ['shape', 'geo_shape'],
    ]);
    expect(shapeJoins(airports, [airports, states, zips, boroughs])).toEqual([
      { datasetId: 'us-states', title: 'US-STATES', field: 'state', on: 'state' },
    ]);
    expect(shapeJoins(states, [airports, states])).toEqual([]);
  });
});
