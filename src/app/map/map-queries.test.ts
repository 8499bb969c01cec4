import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createClient, type Dataset } from '../../api';
import type { MapDisplay } from './map-display';
import { prefetchMapData } from './map-queries';

const AIRPORTS = {
  dataset_id: 'airports',
  fields: [
    { name: 'state', label: 'State', type: 'text' },
    { name: 'coordinates', label: 'Coordinates', type: 'geo_point_2d' },
  ],
} as unknown as Dataset;

async function asked(display: MapDisplay | undefined): Promise<string[]> {
  const urls: string[] = [];
  const client = createClient({
    fetch: async (input) => {
      urls.push(decodeURIComponent(String(input)));
      return new Response('{"total_count":0,"results":[]}', { status: 200 });
    },
  });
  prefetchMapData(new QueryClient(), client, AIRPORTS, {}, 3_376, false, display);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return urls;
}

describe('the map data asked for before the map code', () => {
  it('is the records themselves when they are few and drawn as points', async () => {
    const urls = await asked(undefined);
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('/exports/geojson');
  });

  it('is where the clusters are for a heat map or another dataset’s areas, never the records', async () => {
    for (const display of [
      { mode: 'heatmap', aggregate: 'count' },
      { mode: 'areas', aggregate: 'count', shapes: 'us-states', join: { field: 'state', on: 'state' } },
    ] as const) {
      const urls = await asked(display);
      expect(urls, display.mode).toHaveLength(1);
      expect(urls[0], display.mode).toContain('geo_cluster(');
      expect(urls[0], display.mode).not.toContain('/exports/');
    }
  });
});
