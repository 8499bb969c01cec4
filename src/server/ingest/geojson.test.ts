import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGeometry, readFeatures, writeFeatureLines } from './geojson';

describe('GeoJSON sources', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'geojson-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('checks geometries and keeps two coordinates', () => {
    expect(parseGeometry({ type: 'Point', coordinates: [1, 2, 3] })).toEqual({
      type: 'Point',
      coordinates: [1, 2],
    });
    expect(
      parseGeometry({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
          ],
        ],
      })?.type,
    ).toBe('Polygon');
    expect(
      parseGeometry({
        type: 'GeometryCollection',
        geometries: [
          {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        ],
      }),
    ).toBeDefined();
    expect(parseGeometry({ type: 'Point', coordinates: ['a', 2] })).toBeUndefined();
    expect(parseGeometry({ type: 'Polygon', coordinates: [[0, 0]] })).toBeUndefined();
    expect(parseGeometry({ type: 'Circle', coordinates: [0, 0] })).toBeUndefined();
  });

  it('stages features as NDJSON lines with the reserved columns', async () => {
    const file = join(dir, 'points.geojson');
    await writeFile(
      file,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            id: 7,
            properties: { name: 'a', '@id': 'hidden' },
            geometry: { type: 'Point', coordinates: [2, 48, 35] },
          },
          { type: 'Feature', properties: null, geometry: null },
        ],
      }),
    );
    const features = await readFeatures(file, 'geojson', undefined);
    const target = join(dir, 'points.ndjson');
    const summary = await writeFeatureLines(features, target);
    expect(summary).toEqual({ features: 2, allPoints: true, withGeometry: 1 });
    const [first, second] = (await readFile(target, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(first).toMatchObject({ name: 'a', '@id': '7', '@lat': 48, '@lon': 2, '@elevation': 35 });
    expect(JSON.parse(first['@shape'])).toMatchObject({
      geojson: '{"type":"Point","coordinates":[2,48,35]}',
      minx: 2,
    });
    expect(second).toEqual({ '@id': null, '@shape': null, '@lat': null, '@lon': null, '@elevation': null });
  });

  it('rejects documents that are not feature collections', async () => {
    const file = join(dir, 'bad.geojson');
    await writeFile(file, JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Thing' }] }));
    await expect(readFeatures(file, 'geojson', undefined)).rejects.toThrow(/features\[0\] is not a Feature/);
    await writeFile(file, JSON.stringify({ type: 'Topology', objects: {}, arcs: [] }));
    await expect(readFeatures(file, 'topojson', undefined)).rejects.toThrow(/no TopoJSON object/);
  });
});
