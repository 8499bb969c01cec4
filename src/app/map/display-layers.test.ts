import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { applyDisplay, categoryStyle, HEATMAP_LAYER, heatmapStyle } from './display-layers';

/** What applyDisplay asks of the map: each paint and layout change, in order. */
function recordingMap(layers: readonly string[]) {
  const calls: string[] = [];
  const present = new Set(layers);
  const map = {
    getLayer: (id: string) => (present.has(id) ? { id } : undefined),
    getSource: () => ({ setData: () => undefined }),
    addLayer: (layer: { id: string }) => {
      present.add(layer.id);
      calls.push(`add ${layer.id}`);
    },
    removeLayer: (id: string) => {
      present.delete(id);
      calls.push(`remove ${id}`);
    },
    setPaintProperty: (layer: string, property: string, value: unknown) =>
      calls.push(`paint ${layer} ${property} ${JSON.stringify(value)}`),
    setLayoutProperty: (layer: string, property: string, value: unknown) =>
      calls.push(`layout ${layer} ${property} ${value}`),
  };
  return { map: map as unknown as MapLibreMap, calls };
}

const DATA = ['records-point', 'records-fill', 'clusters-circle', 'clusters-count'];

describe('a display mode applied again', () => {
  it('leaves the paints the next style sets too for it to set, never back to the layer’s own first', () => {
    const { map, calls } = recordingMap(DATA);
    const first = categoryStyle([{ value: 'TX', colour: '#000' }], 'state');
    applyDisplay(map, first, undefined);
    calls.length = 0;
    // The same mode once the records have come: a new style object with the same colours.
    applyDisplay(map, categoryStyle([{ value: 'TX', colour: '#000' }], 'state'), first);
    // Each paint set once, to the mode's value: a colour read from the data put back to a constant and
    // set again would have MapLibre cut the source's tiles twice more.
    expect(calls.filter((c) => c.startsWith('paint records-point circle-color'))).toHaveLength(1);
    expect(calls.every((c) => !c.includes('"#1d5fbf"'))).toBe(true);
  });

  it('shows again only the layers the next style does not hide', () => {
    const { map, calls } = recordingMap(DATA);
    const first = heatmapStyle(1);
    applyDisplay(map, first, undefined);
    calls.length = 0;
    applyDisplay(map, heatmapStyle(40), first);
    expect(calls.filter((c) => c.startsWith('layout')).sort()).toEqual([
      'layout clusters-circle visibility none',
      'layout clusters-count visibility none',
      'layout records-fill visibility none',
      'layout records-point visibility none',
    ]);
  });

  it('puts back the paints of a mode left', () => {
    const { map, calls } = recordingMap(DATA);
    const first = categoryStyle([{ value: 'TX', colour: '#000' }], 'state');
    applyDisplay(map, first, undefined);
    calls.length = 0;
    applyDisplay(map, undefined, first);
    expect(calls).toContain('paint records-point circle-color "#1d5fbf"');
  });
});

describe('the heat map', () => {
  it('reads each cluster’s count as it is, the largest count scaling the intensity', () => {
    // The weight is read from the data: if it changed with the largest count, the clusters' tiles
    // would be cut again when the first answer comes. The heat is the same: weight × intensity.
    const paint = (largest: number) =>
      (heatmapStyle(largest).layers.find((l) => l.id === HEATMAP_LAYER) as { paint: Record<string, unknown> })
        .paint;
    expect(paint(1)['heatmap-weight']).toEqual(paint(500)['heatmap-weight']);
    expect(paint(500)['heatmap-weight']).toEqual(['get', 'count']);
    expect(paint(500)['heatmap-intensity']).toBeCloseTo(1.2 / 500);
    expect(paint(0)['heatmap-intensity']).toBeCloseTo(1.2);
  });
});
