import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { fixture, writeText } from './export-fixtures';
import { kml } from './kml';
import { xmlName } from './xml-text';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  trimValues: false,
  htmlEntities: true,
  isArray: (name) => ['Placemark', 'Data', 'Polygon', 'innerBoundaryIs'].includes(name),
});

type Placemark = {
  id: string;
  name?: string;
  ExtendedData?: { Data: { name: string; displayName: string; value: string }[] };
  Point?: { coordinates: string };
  Polygon?: { outerBoundaryIs: { LinearRing: { coordinates: string } } }[];
  MultiGeometry?: { Polygon: { outerBoundaryIs: { LinearRing: { coordinates: string } } }[] };
};

function read(text: string): Placemark[] {
  return parser.parse(text).kml.Document.Placemark as Placemark[];
}

const pairs = (text: string): number[][] =>
  text
    .trim()
    .split(/\s+/)
    .map((p) => p.split(',').map(Number));

describe('kml', () => {
  it('writes earthquakes as points with every attribute in ExtendedData', async () => {
    const { context, records } = await fixture('earthquakes');
    const placemarks = read(await writeText(kml, context));
    expect(placemarks).toHaveLength(records.length);
    placemarks.forEach((p, i) => {
      const record = records[i]!;
      expect(p.id).toBe(xmlName(record.id!));
      const point = record.fields.coordinates as { lon: number; lat: number };
      expect(pairs(p.Point!.coordinates)).toEqual([[point.lon, point.lat]]);
      const data = Object.fromEntries(p.ExtendedData!.Data.map((d) => [d.name, d.value]));
      expect(Number(data.mag)).toBe(record.fields.mag);
      expect(data.place).toBe(record.fields.place);
      expect(data.time).toBe(record.fields.time);
      expect(data.types).toBe((record.fields.types as string[]).join(', '));
      expect(data.coordinates).toBeUndefined();
    });
  });

  it('writes london-boroughs shapes as polygons, the centroid as a WKT attribute', async () => {
    const { context, records } = await fixture('london-boroughs', { limit: 40 });
    const placemarks = read(await writeText(kml, context));
    expect(placemarks).toHaveLength(33);
    placemarks.forEach((p, i) => {
      const shape = (records[i]!.fields.shape as { geometry: { type: string; coordinates: number[][][][] } })
        .geometry;
      const outer = shape.type === 'Polygon' ? shape.coordinates[0] : shape.coordinates[0]![0];
      const polygon = p.Polygon?.[0] ?? p.MultiGeometry!.Polygon[0]!;
      expect(pairs(polygon.outerBoundaryIs.LinearRing.coordinates)).toEqual(outer);
      expect(p.name).toBe(records[i]!.fields.name);
      const centroid = p.ExtendedData!.Data.find((d) => d.name === 'centroid')!.value;
      expect(centroid).toMatch(/^POINT \(-?\d/);
    });
  });

  it('writes a dataset without geometry (movies) as placemarks without geometry, and escapes text', async () => {
    const tricky = { id: 'x', fields: { title: 'A & B <i>"quoted"</i>\r\n\u0001end', us_gross: 1 } };
    const { context, records } = await fixture('movies', { extra: [tricky] });
    const placemarks = read(await writeText(kml, context));
    expect(placemarks).toHaveLength(records.length);
    expect(placemarks.at(-1)!.name).toBe('A & B <i>"quoted"</i>\r\nend');
    placemarks.slice(0, -1).forEach((p, i) => {
      expect(p.Point).toBeUndefined();
      expect(p.name ?? null).toBe(records[i]!.fields.title);
    });
  });
});
