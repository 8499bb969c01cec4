import { XMLParser } from 'fast-xml-parser';
import JSZip from 'jszip';
import { open as openShapefile } from 'shapefile';
import { describe, expect, it } from 'vitest';
import { api, getJson } from '../../testing/http';
import { type RdfSyntax, readRdf } from './rdf-read';
import { predicateName } from './rdf-terms';

/*
 * The geographic and RDF dataset exports through the real route: media types, file names, the query
 * parameters and their version defaults; the file read back and compared with the records endpoint.
 */

async function download(path: string, params: Record<string, string>, version: '2.0' | '2.1' = '2.1') {
  const url = new URL(`${api(version)}/catalog/datasets/${path}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
}

async function results(dataset: string, params: Record<string, string>): Promise<Record<string, unknown>[]> {
  const res = await getJson<{ results: Record<string, unknown>[] }>(`/catalog/datasets/${dataset}/records`, {
    ...params,
    limit: 100,
  });
  expect(res.status).toBe(200);
  return res.body.results;
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  htmlEntities: true,
  isArray: (n) => n === 'Placemark' || n === 'wpt',
});

const QUAKES = { where: 'mag > 4.5', order_by: 'mag desc, id' };

describe('geographic and RDF exports over HTTP', () => {
  it.each([
    ['kml', 'application/vnd.google-earth.kml+xml', 'earthquakes.kml'],
    ['gpx', 'application/gpx+xml', 'earthquakes.gpx'],
    ['shp', 'application/zip', 'earthquakes.zip'],
    ['jsonld', 'application/ld+json; charset=utf-8', 'earthquakes.jsonld'],
    ['rdfxml', 'application/rdf+xml; charset=utf-8', 'earthquakes.rdf'],
    ['turtle', 'text/turtle; charset=utf-8', 'earthquakes.ttl'],
    ['n3', 'text/n3; charset=utf-8', 'earthquakes.n3'],
  ])('%s has its media type and file name on both versions', async (format, type, name) => {
    for (const version of ['2.0', '2.1'] as const) {
      const file = await download(`earthquakes/exports/${format}`, { limit: '3' }, version);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(type);
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    }
  });

  it('kml: the records the query selects, in its order', async () => {
    const expected = await results('earthquakes', QUAKES);
    expect(expected.length).toBeLessThan(100);
    const file = await download('earthquakes/exports/kml', QUAKES);
    const placemarks = xml.parse(file.text).kml.Document.Placemark as {
      name: string;
      Point: { coordinates: string };
    }[];
    expect(placemarks.map((p) => p.name)).toEqual(expected.map((r) => r.id));
    placemarks.forEach((p, i) => {
      const point = expected[i]!.coordinates as { lon: number; lat: number };
      expect(p.Point.coordinates).toBe(`${point.lon},${point.lat}`);
    });
  });

  it('gpx: attributes in <desc> on v2.0 and in <extensions> on v2.1 by default; name_field is checked', async () => {
    const expected = await results('earthquakes', QUAKES);
    const v20 = xml.parse(
      (await download('earthquakes/exports/gpx', { ...QUAKES, name_field: 'place' }, '2.0')).text,
    );
    const v21 = xml.parse(
      (await download('earthquakes/exports/gpx', { ...QUAKES, name_field: 'place' })).text,
    );
    expect(v20.gpx.wpt.map((w: { name: string }) => w.name)).toEqual(expected.map((r) => r.place));
    expect(v20.gpx.wpt[0].desc).toContain(`id: ${expected[0]!.id}`);
    expect(v20.gpx.wpt[0].extensions).toBeUndefined();
    expect(v21.gpx.wpt[0].extensions['ogr:id']).toBe(expected[0]!.id);
    const bad = await download('earthquakes/exports/gpx', { name_field: 'nope' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error_code).toBe('InvalidRESTParameterError');
  });

  it('shp: projected with epsg, .prj of the code; too many records is a 400 before any byte', async () => {
    const file = await download('london-boroughs/exports/shp', { epsg: '3857', order_by: 'name' });
    const zip = await JSZip.loadAsync(file.bytes);
    expect(await zip.file('london-boroughs.prj')!.async('string')).toContain(
      'WGS_1984_Web_Mercator_Auxiliary_Sphere',
    );
    const source = await openShapefile(
      await zip.file('london-boroughs.shp')!.async('uint8array'),
      await zip.file('london-boroughs.dbf')!.async('uint8array'),
      { encoding: 'utf-8' },
    );
    const expected = await results('london-boroughs', { order_by: 'name' });
    const names: string[] = [];
    for (let r = await source.read(); !r.done; r = await source.read()) {
      names.push(r.value.properties!.name as string);
      const g = r.value.geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon;
      const [x, y] = g.type === 'Polygon' ? g.coordinates[0]![0]! : g.coordinates[0]![0]![0]!;
      // Web Mercator metres around London.
      expect(x).toBeGreaterThan(-60_000);
      expect(x).toBeLessThan(40_000);
      expect(y).toBeGreaterThan(6_650_000);
      expect(y).toBeLessThan(6_750_000);
    }
    expect(names).toEqual(expected.map((r) => r.name));
    const big = await download('flights/exports/shp', {});
    expect(big.status).toBe(400);
    expect(JSON.parse(big.text).message).toContain('at most 200000 records');
    // Counted before any row is read, filtered or not; a limit within the bound is served.
    const filtered = await download('flights/exports/shp', { where: 'distance > 0' });
    expect(filtered.status).toBe(400);
    expect(JSON.parse(filtered.text).message).toContain('at most 200000 records');
    expect((await download('flights/exports/shp', { where: 'distance > 0', limit: '10' })).status).toBe(200);
  });

  it.each(['turtle', 'n3', 'rdfxml', 'jsonld'] as const)(
    '%s: selected fields of movies as typed triples',
    async (format) => {
      const params = {
        select: 'title, us_gross, release_date',
        where: 'us_gross > 300000000',
        order_by: 'title',
      };
      const expected = await results('movies', params);
      expect(expected.length).toBeGreaterThan(3);
      const file = await download(`movies/exports/${format}`, params);
      const triples = await readRdf(format as RdfSyntax, file.text);
      const base = `${api()}/catalog/datasets/movies/fields/`;
      const titles = triples.filter((t) => t.p === `${base}${predicateName('title')}`).map((t) => t.o);
      expect(titles.sort()).toEqual(expected.map((r) => r.title as string).sort());
      const dates = triples.filter((t) => t.p === `${base}release_date`);
      expect(dates.every((t) => t.type === 'http://www.w3.org/2001/XMLSchema#date')).toBe(true);
      expect(dates.map((t) => t.o).sort()).toEqual(expected.map((r) => r.release_date as string).sort());
      expect(triples.some((t) => t.p === `${base}director`)).toBe(false);
    },
  );
});
