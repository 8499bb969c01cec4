import { describe, expect, it } from 'vitest';
import { atlasFeatures, unwrapLine } from './atlas';

describe('offline basemap', () => {
  it('keeps lines continuous across the antimeridian', () => {
    expect(
      unwrapLine([
        [178, 65],
        [179.9, 66],
        [-179.5, 66],
        [-178, 65],
      ]),
    ).toEqual([
      [178, 65],
      [179.9, 66],
      [180.5, 66],
      [182, 65],
    ]);
    expect(
      unwrapLine([
        [-179, 1],
        [179, 2],
      ]),
    ).toEqual([
      [-179, 1],
      [-181, 2],
    ]);
  });
});

describe('offline atlas', () => {
  it('makes land, borders and coastlines of a topology, each tagged with its kind', async () => {
    // Two squares sharing one side: one border (the shared arc), and the rest coast.
    const topology = {
      type: 'Topology',
      arcs: [
        [
          [0, 0],
          [0, 1],
        ],
        [
          [0, 1],
          [-1, 1],
          [-1, 0],
          [0, 0],
        ],
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
      ],
      objects: {
        countries: {
          type: 'GeometryCollection',
          geometries: [
            { type: 'Polygon', arcs: [[0, 1]] },
            { type: 'Polygon', arcs: [[2, ~0]] },
          ],
        },
        // Land as Natural Earth gives it: one multipolygon, here of two squares.
        land: {
          type: 'GeometryCollection',
          geometries: [{ type: 'MultiPolygon', arcs: [[[0, 1]], [[2, ~0]]] }],
        },
      },
    } as unknown as Parameters<typeof atlasFeatures>[0];
    const atlas = atlasFeatures(topology);
    // One feature per polygon and per line, so that tiles are cut from the shapes that reach them.
    const kinds = atlas.features.map((f) => [f.properties?.kind, f.geometry.type]);
    expect(kinds).toEqual([
      ['land', 'Polygon'],
      ['land', 'Polygon'],
      ['border', 'LineString'],
      ['coast', 'LineString'],
    ]);
    expect(atlas.features[2]?.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [0, 1],
      ],
    });
    // The outer arcs meet at both ends: stitched into one coastline around the two squares.
    const coast = atlas.features[3]?.geometry;
    expect(coast?.type === 'LineString' && coast.coordinates).toEqual(
      expect.arrayContaining([
        [-1, 1],
        [1, 0],
        [1, 1],
        [-1, 0],
      ]),
    );
  });
});
