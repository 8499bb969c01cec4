import type { FeatureCollection } from 'geojson';
import { describe, expect, it } from 'vitest';
import { drawnFeatures, numberFeatures } from './features';

const AIRPORTS: FeatureCollection = numberFeatures({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-89.2, 31.9] },
      properties: { iata: '00M', name: 'Thigpen', state: 'MS' },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-95.0, 30.7] },
      properties: { iata: '00R', name: 'Livingston Municipal', state: 'TX' },
    },
  ],
});

describe('the records as the map is given them', () => {
  it('carry their geometry and index alone when the map draws them all alike', () => {
    const drawn = drawnFeatures(AIRPORTS, undefined);
    expect(drawn.features.map((f) => f.properties)).toEqual([{ __index: 0 }, { __index: 1 }]);
    expect(drawn.features[1]?.geometry).toBe(AIRPORTS.features[1]?.geometry);
  });

  it('carry the field a display mode colours by', () => {
    const drawn = drawnFeatures(AIRPORTS, 'state');
    expect(drawn.features.map((f) => f.properties)).toEqual([
      { __index: 0, state: 'MS' },
      { __index: 1, state: 'TX' },
    ]);
    // The records themselves keep every field, for the list and the records panel.
    expect(AIRPORTS.features[0]?.properties?.name).toBe('Thigpen');
  });
});
