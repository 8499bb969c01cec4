import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { fixture, writeText } from './export-fixtures';
import { centroid, geometryOf } from './geo-values';
import { gpx } from './gpx';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  htmlEntities: true,
  isArray: (name) => name === 'wpt',
});

type Waypoint = {
  lat: string;
  lon: string;
  name?: string;
  desc?: string;
  extensions?: Record<string, string>;
};

function read(text: string): Waypoint[] {
  return (parser.parse(text).gpx.wpt ?? []) as Waypoint[];
}

describe('gpx', () => {
  it('writes earthquakes as waypoints, attributes in <extensions> (use_extension=true)', async () => {
    const { context, records } = await fixture('earthquakes', {
      gpx: { useExtension: true, nameField: 'place', descriptionFields: ['mag', 'depth'] },
    });
    const waypoints = read(await writeText(gpx, context));
    expect(waypoints).toHaveLength(records.length);
    waypoints.forEach((w, i) => {
      const f = records[i]!.fields;
      const point = f.coordinates as { lon: number; lat: number };
      expect([Number(w.lon), Number(w.lat)]).toEqual([point.lon, point.lat]);
      expect(w.name).toBe(f.place);
      expect(w.desc).toBe(`mag: ${f.mag}\ndepth: ${f.depth}`);
      expect(w.extensions!['ogr:id']).toBe(f.id);
      expect(Number(w.extensions!['ogr:sig'])).toBe(f.sig);
      expect(w.extensions!['ogr:time']).toBe(f.time);
    });
  });

  it('writes attributes in <desc> with use_extension=false, waypoints at shape centroids', async () => {
    const { context, records } = await fixture('london-boroughs', {
      limit: 40,
      gpx: { useExtension: false },
    });
    const waypoints = read(await writeText(gpx, context));
    expect(waypoints).toHaveLength(33);
    waypoints.forEach((w, i) => {
      const f = records[i]!.fields;
      expect(w.extensions).toBeUndefined();
      expect(w.desc).toContain(`name: ${f.name}`);
      const [lon, lat] = centroid(geometryOf(f.shape)!)!;
      expect(Number(w.lon)).toBeCloseTo(lon, 9);
      expect(Number(w.lat)).toBeCloseTo(lat, 9);
      // The centroid lies near the borough's own centroid given by the dataset.
      const given = f.centroid as { lon: number; lat: number };
      expect(Math.abs(Number(w.lon) - given.lon)).toBeLessThan(0.05);
      expect(Math.abs(Number(w.lat) - given.lat)).toBeLessThan(0.05);
    });
  });

  it('has no waypoint for records without a place (movies)', async () => {
    const { context } = await fixture('movies');
    expect(read(await writeText(gpx, context))).toEqual([]);
  });
});
