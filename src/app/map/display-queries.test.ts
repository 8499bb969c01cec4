import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createClient, type Dataset } from '../../api';
import { prefetchDisplayData } from './display-queries';
import type { MapDisplay } from './map-display';

const AIRPORTS = {
  dataset_id: 'airports',
  fields: [
    { name: 'state', label: 'State', type: 'text' },
    { name: 'elevation', label: 'Elevation', type: 'int' },
    { name: 'coordinates', label: 'Coordinates', type: 'geo_point_2d' },
  ],
} as unknown as Dataset;

const US_STATES = {
  dataset_id: 'us-states',
  fields: [
    { name: 'name', label: 'Name', type: 'text' },
    { name: 'shape', label: 'Shape', type: 'geo_shape' },
  ],
};

async function asked(display: MapDisplay): Promise<string[]> {
  const urls: string[] = [];
  const client = createClient({
    fetch: async (input) => {
      const url = decodeURIComponent(String(input));
      urls.push(url);
      const body = /\/datasets\/us-states(\?|$)/.test(url)
        ? US_STATES
        : url.includes('/exports/')
          ? { type: 'FeatureCollection', features: [] }
          : { total_count: 0, results: [] };
      return new Response(JSON.stringify(body), { status: 200 });
    },
  });
  prefetchDisplayData(new QueryClient(), client, AIRPORTS, { where: 'elevation > 100' }, display);
  await new Promise((resolve) => setTimeout(resolve, 10));
  return urls;
}

describe('a display mode’s own requests, sent with the map’s first ones', () => {
  it('are the most frequent values of a categories map’s field, under the filters', async () => {
    const urls = await asked({ mode: 'categories', field: 'state', aggregate: 'count' });
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('group_by=state as value');
    expect(urls[0]).toContain('where=elevation > 100');
  });

  it('are the aggregate by the field joined and the shapes of the other dataset, once its fields are known', async () => {
    const urls = await asked({
      mode: 'areas',
      shapes: 'us-states',
      join: { field: 'state', on: 'name' },
      aggregate: 'avg',
      field: 'elevation',
    });
    expect(urls).toHaveLength(3);
    expect(urls[0]).toContain('/datasets/airports/records?select=avg(elevation) as value');
    expect(urls[0]).toContain('group_by=state as key');
    expect(urls[1]).toMatch(/\/datasets\/us-states(\?|$)/);
    expect(urls[2]).toContain('/datasets/us-states/exports/geojson?select=shape, name');
  });

  it('are none for the modes that draw the records or clusters alone', async () => {
    for (const display of [
      { mode: 'heatmap', aggregate: 'count' },
      { mode: 'choropleth', field: 'elevation', aggregate: 'count' },
      { mode: 'clusters', field: 'elevation', aggregate: 'avg' },
    ] as const)
      expect(await asked(display), display.mode).toEqual([]);
  });
});
