import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import { DATA_LAYERS, HIGHLIGHT_LAYERS, markRecord, SELECTED_LAYERS } from './layers';
import { marksDrawn } from './record-marks';

/** The part of a map the marks use: its layers' filters, and what it draws. */
function stubMap() {
  const filters = new Map<string, unknown>();
  const layers = new Set(DATA_LAYERS.map((l) => l.id));
  const queryRenderedFeatures = vi.fn((options: { layers: string[] }) =>
    options.layers.map((id) => ({ layer: { id } })),
  );
  const map = {
    getLayer: (id: string) => (layers.has(id) ? { id } : undefined),
    getFilter: (id: string) => filters.get(id),
    setFilter: (id: string, filter: unknown) => filters.set(id, filter),
    queryRenderedFeatures,
  } as unknown as MapLibreMap;
  return { map, queryRenderedFeatures };
}

describe('the marks said on the map', () => {
  it('query nothing while no record is marked (each frame drawn would look at every record)', () => {
    const { map, queryRenderedFeatures } = stubMap();
    markRecord(map, SELECTED_LAYERS, undefined);
    markRecord(map, HIGHLIGHT_LAYERS, undefined);
    expect(marksDrawn(map)).toBe('');
    expect(queryRenderedFeatures).not.toHaveBeenCalled();
  });

  it('query the layers of a marked record alone', () => {
    const { map, queryRenderedFeatures } = stubMap();
    markRecord(map, SELECTED_LAYERS, 3);
    markRecord(map, HIGHLIGHT_LAYERS, undefined);
    marksDrawn(map);
    expect(queryRenderedFeatures.mock.calls[0]?.[0].layers).toEqual(SELECTED_LAYERS);
  });
});
