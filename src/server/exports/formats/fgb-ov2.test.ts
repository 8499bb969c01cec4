import { XMLParser } from 'fast-xml-parser';
import { geojson } from 'flatgeobuf';
import { describe, expect, it } from 'vitest';
import { api, getJson } from '../../testing/http';

/*
 * FlatGeobuf, OV2 and the catalog's Dublin Core over HTTP, read back independently: FlatGeobuf with the
 * `flatgeobuf` library's reader, OV2 by the record layout of TomTom's format description (no library
 * reads it), Dublin Core with fast-xml-parser.
 */

async function bytes(path: string): Promise<{ res: Response; data: Uint8Array }> {
  const res = await fetch(`${api()}${path}`);
  return { res, data: new Uint8Array(await res.arrayBuffer()) };
}

async function features(data: Uint8Array) {
  const out: { geometry: { type: string; coordinates: unknown }; properties: Record<string, unknown> }[] = [];
  for await (const f of geojson.deserialize(data)) out.push(f as (typeof out)[number]);
  return out;
}

describe('fgb export', () => {
  it('writes points with typed properties, read back by the flatgeobuf reader', async () => {
    const { res, data } = await bytes(
      '/catalog/datasets/airports/exports/fgb?where=state="HI"&order_by=iata',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="airports.fgb"');
    const read = await features(data);
    const json = await getJson<{ iata: string; coordinates: { lon: number; lat: number } }[]>(
      '/catalog/datasets/airports/exports/json',
      { where: 'state="HI"', order_by: 'iata' },
    );
    expect(read).toHaveLength(json.body.length);
    read.forEach((f, i) => {
      const r = json.body[i]!;
      expect(f.geometry).toEqual({ type: 'Point', coordinates: [r.coordinates.lon, r.coordinates.lat] });
      expect(f.properties.iata).toBe(r.iata);
    });
  });

  it('writes polygons and multipolygons, numbers and dates', async () => {
    const shapes = await features((await bytes('/catalog/datasets/london-boroughs/exports/fgb')).data);
    expect(shapes).toHaveLength(33);
    expect(new Set(shapes.map((s) => s.geometry.type))).toEqual(new Set(['Polygon', 'MultiPolygon']));
    const quakes = await features(
      (
        await bytes(
          '/catalog/datasets/earthquakes/exports/fgb?select=mag,time,place,coordinates&limit=5&order_by=mag desc',
        )
      ).data,
    );
    const json = await getJson<{ mag: number; time: string }[]>(
      '/catalog/datasets/earthquakes/exports/json',
      {
        select: 'mag,time',
        limit: 5,
        order_by: 'mag desc',
      },
    );
    expect(quakes.map((q) => q.properties.mag)).toEqual(json.body.map((r) => r.mag));
    expect(quakes.map((q) => q.properties.time)).toEqual(json.body.map((r) => r.time));
  });
});

/** OV2 simple POI records: type 2, length, lon and lat in 1e-5 degrees, NUL-terminated name. */
function readOv2(data: Uint8Array): { lon: number; lat: number; name: string }[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out: { lon: number; lat: number; name: string }[] = [];
  let at = 0;
  while (at < data.length) {
    expect(view.getUint8(at)).toBe(2);
    const length = view.getUint32(at + 1, true);
    const name = new TextDecoder().decode(data.subarray(at + 13, at + length - 1));
    expect(view.getUint8(at + length - 1)).toBe(0);
    out.push({ lon: view.getInt32(at + 5, true) / 1e5, lat: view.getInt32(at + 9, true) / 1e5, name });
    at += length;
  }
  return out;
}

describe('ov2 export', () => {
  it('writes one POI per record at its point, named by its text values', async () => {
    const { data } = await bytes(
      '/catalog/datasets/airports/exports/ov2?select=name,coordinates&where=state="HI"&order_by=name',
    );
    const pois = readOv2(data);
    const json = await getJson<{ name: string; coordinates: { lon: number; lat: number } }[]>(
      '/catalog/datasets/airports/exports/json',
      { select: 'name,coordinates', where: 'state="HI"', order_by: 'name' },
    );
    expect(pois.map((p) => p.name)).toEqual(json.body.map((r) => r.name));
    pois.forEach((p, i) => {
      expect(p.lon).toBeCloseTo(json.body[i]!.coordinates.lon, 5);
      expect(p.lat).toBeCloseTo(json.body[i]!.coordinates.lat, 5);
    });
    const boroughs = readOv2(
      (await bytes('/catalog/datasets/london-boroughs/exports/ov2?select=name,shape')).data,
    );
    expect(boroughs).toHaveLength(33);
    for (const b of boroughs) {
      expect(b.lat).toBeGreaterThan(51.2);
      expect(b.lat).toBeLessThan(51.8);
    }
  });
});

describe('dublin_core catalog export', () => {
  it('writes one oai_dc record per dataset with its Dublin Core elements', async () => {
    const res = await fetch(`${api()}/catalog/exports/dublin_core?order_by=dataset_id`);
    expect(res.status).toBe(200);
    const doc = new XMLParser({ isArray: (name) => name === 'oai_dc:dc' || name === 'dc:subject' }).parse(
      await res.text(),
    );
    const records = doc.metadata['oai_dc:dc'] as Record<string, unknown>[];
    const list = await getJson<{ results: { dataset_id: string; metas: { default: { title: string } } }[] }>(
      '/catalog/datasets',
      { order_by: 'dataset_id', limit: 100 },
    );
    expect(records.map((r) => r['dc:identifier'])).toEqual(list.body.results.map((d) => d.dataset_id));
    expect(records.map((r) => r['dc:title'])).toEqual(list.body.results.map((d) => d.metas.default.title));
    expect(records[0]!['dc:type']).toBe('Dataset');
    const formats = await getJson<{ links: { rel: string }[] }>('/catalog/exports');
    expect(formats.body.links.map((l) => l.rel)).toContain('dublin_core');
  });
});
