import JSZip from 'jszip';
import { open as openShapefile } from 'shapefile';
import { describe, expect, it } from 'vitest';
import type { Geometry } from '../../../odsql';
import { fixture, writeBytes } from './export-fixtures';
import { geometryOf, signedArea } from './geo-values';
import { dbfNames, shp } from './shp';

interface Layer {
  readonly features: GeoJSON.Feature[];
  readonly files: Record<string, Uint8Array>;
  readonly prj?: string;
  readonly cpg?: string;
}

/** Every layer of the zip, read with mbostock's shapefile reader (UTF-8 attributes). */
async function readZip(bytes: Buffer): Promise<Map<string, Layer>> {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files);
  const layers = new Map<string, Layer>();
  for (const name of names.filter((n) => n.endsWith('.shp'))) {
    const base = name.slice(0, -4);
    const file = async (ext: string) => zip.file(`${base}.${ext}`)?.async('uint8array');
    const source = await openShapefile((await file('shp'))!, (await file('dbf'))!, { encoding: 'utf-8' });
    const features: GeoJSON.Feature[] = [];
    for (let r = await source.read(); !r.done; r = await source.read()) features.push(r.value);
    const prj = await zip.file(`${base}.prj`)?.async('string');
    const cpg = await zip.file(`${base}.cpg`)?.async('string');
    const files = Object.fromEntries(
      await Promise.all(['shp', 'shx', 'dbf'].map(async (e) => [e, (await file(e))!] as const)),
    );
    layers.set(base, { features, files, ...(prj ? { prj } : {}), ...(cpg ? { cpg } : {}) });
  }
  return layers;
}

describe('shp', () => {
  it('writes earthquakes as one point layer with its attributes, .prj and .cpg', async () => {
    const { context, records } = await fixture('earthquakes', { limit: 30 });
    const layers = await readZip(await writeBytes(shp, context));
    expect([...layers.keys()]).toEqual(['earthquakes']);
    const layer = layers.get('earthquakes')!;
    expect(layer.prj).toMatch(/^GEOGCS\["GCS_WGS_1984"/);
    expect(layer.cpg).toBe('UTF-8');
    expect(layer.features).toHaveLength(records.length);
    layer.features.forEach((feature, i) => {
      const f = records[i]!.fields;
      const point = f.coordinates as { lon: number; lat: number };
      expect(feature.geometry).toEqual({ type: 'Point', coordinates: [point.lon, point.lat] });
      const p = feature.properties!;
      expect(p.id).toBe(f.id);
      expect(p.mag).toBeCloseTo(f.mag as number, 3);
      expect(p.sig).toBe(f.sig);
      expect(p.place).toBe(f.place);
      expect(p.types).toBe((f.types as string[]).join(', '));
      expect(p.time).toBe(f.time);
    });
  });

  it('writes london-boroughs polygons with outer rings clockwise, projected, with the .prj of the EPSG', async () => {
    // A stand-in projection: the writer must write what context.project returns.
    const project = (g: Geometry): Geometry =>
      JSON.parse(JSON.stringify(g), (_k, v) => (typeof v === 'number' ? v * 1000 : v));
    const { context, records } = await fixture('london-boroughs', { limit: 40, epsg: 27700, project });
    const layers = await readZip(await writeBytes(shp, context));
    const layer = layers.get('london-boroughs')!;
    expect(layer.prj).toMatch(/^PROJCS\["British_National_Grid"/);
    expect(layer.features).toHaveLength(33);
    layer.features.forEach((feature, i) => {
      const f = records[i]!.fields;
      expect(feature.properties!.name).toBe(f.name);
      expect(feature.properties!.centroid).toMatch(/^POINT \(/);
      const expected = project(geometryOf(f.shape)!) as unknown as GeoJSON.Polygon | GeoJSON.MultiPolygon;
      const got = feature.geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon;
      const outer = (g: typeof got) => (g.type === 'Polygon' ? g.coordinates[0]! : g.coordinates[0]![0]!);
      const sorted = (ring: GeoJSON.Position[]) => ring.map((p) => p.join()).sort();
      // Same outer ring (orientation may differ from the source), clockwise in the file.
      expect(sorted(outer(got))).toEqual(sorted(outer(expected)));
      // (one borough has a degenerate, zero-area part: it has no orientation)
      const area = signedArea(outer(got) as [number, number][]);
      if (signedArea(outer(expected) as [number, number][]) !== 0) expect(area).toBeLessThan(0);
    });
  });

  it('writes one layer per geometry kind when a dataset mixes them, and a null layer without geometry', async () => {
    const line = {
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
      properties: {},
    };
    const { context, records } = await fixture('london-boroughs', {
      limit: 2,
      extra: [
        { id: 'line', fields: { name: 'a line', shape: line, centroid: null } },
        { id: 'none', fields: { name: 'nothing', shape: null, centroid: null } },
        {
          id: 'multi',
          fields: { name: 'points', shape: { type: 'MultiPoint', coordinates: [[0, 0]] }, centroid: null },
        },
      ],
    });
    const layers = await readZip(await writeBytes(shp, context));
    expect([...layers.keys()].sort()).toEqual([
      'london-boroughs_line',
      'london-boroughs_null',
      'london-boroughs_polygon',
    ]);
    expect(layers.get('london-boroughs_polygon')!.features.map((f) => f.properties!.name)).toEqual(
      records.slice(0, 2).map((r) => r.fields.name),
    );
    const [lineFeature] = layers.get('london-boroughs_line')!.features;
    expect(lineFeature!.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    });
    // No shape, or one a shapefile cannot type (a multipoint): attributes kept, in the null layer.
    const nulls = layers.get('london-boroughs_null')!.features;
    expect(nulls.map((f) => f.geometry)).toEqual([null, null]);
    expect(nulls.map((f) => f.properties!.name)).toEqual(['nothing', 'points']);
  });

  it('writes movies (no geometry) as null shapes with typed attributes and UTF-8 text', async () => {
    const extra = { id: 'x', fields: { title: 'Amélie 😀 — “Le fabuleux destin”', us_gross: 33225499 } };
    const { context, records } = await fixture('movies', { limit: 20, extra: [extra] });
    const layer = (await readZip(await writeBytes(shp, context))).get('movies')!;
    expect(layer.features).toHaveLength(records.length);
    layer.features.forEach((feature, i) => {
      const f = records[i]!.fields;
      expect(feature.geometry).toBeNull();
      expect(feature.properties!.title).toBe(f.title ?? null);
      expect(feature.properties!.us_gross).toBe(f.us_gross ?? null);
      expect(feature.properties!.release_da).toBe(f.release_date ?? null);
    });
  });

  it('cuts DBF field names to 10 characters and keeps them unique', () => {
    expect(dbfNames(['rotten_tomatoes_rating', 'rotten_tomatoes_votes', 'a b', 'x'])).toEqual([
      'rotten_tom',
      'rotten_t_1',
      'a_b',
      'x',
    ]);
  });
});
