import { describe, expect, it } from 'vitest';
import { parseWkt } from '../../../odsql';
import type { ExportContext, ExportRecord, RecordExportFormat } from '../types';
import { fixture, writeText } from './export-fixtures';
import { jsonld } from './jsonld';
import { n3, turtle } from './rdf-n3';
import { type RdfSyntax, readRdf, type Triple } from './rdf-read';
import { NS, predicateName } from './rdf-terms';
import { rdfxml } from './rdfxml';

async function readBack(format: RecordExportFormat, text: string): Promise<Triple[]> {
  return readRdf(format.format as RdfSyntax, text);
}

const FORMATS = [turtle, n3, rdfxml, jsonld];

function objectsOf(triples: readonly Triple[], subject: string, field: string): Triple[] {
  const predicate = `http://example.test/api/explore/v2.1/catalog/datasets/${subjectDataset(subject)}/fields/${predicateName(field)}`;
  return triples.filter((t) => t.s === subject && t.p === predicate);
}

const subjectDataset = (subject: string): string => /datasets\/([^/]+)\//.exec(subject)![1]!;

function subjectOf(context: ExportContext, record: ExportRecord): string {
  return `${context.datasetUrl}/records/${encodeURIComponent(record.id!)}`;
}

describe.each(FORMATS.map((f) => [f.format, f] as const))('%s', (_name, format) => {
  it('writes earthquakes with typed literals and GeoSPARQL points', async () => {
    const { context, records } = await fixture('earthquakes', { limit: 10 });
    const triples = await readBack(format, await writeText(format, context));
    for (const record of records) {
      const s = subjectOf(context, record);
      const f = record.fields;
      // JSON-LD processors write doubles canonically (6.1E0): compare numbers.
      expect(objectsOf(triples, s, 'mag').map((t) => [Number(t.o), t.type])).toEqual([
        [f.mag, `${NS.xsd}double`],
      ]);
      expect(objectsOf(triples, s, 'sig').map((t) => [Number(t.o), t.type])).toEqual([
        [f.sig, `${NS.xsd}integer`],
      ]);
      expect(objectsOf(triples, s, 'time').map((t) => [t.o, t.type])).toEqual([
        [f.time, `${NS.xsd}dateTime`],
      ]);
      expect(objectsOf(triples, s, 'place').map((t) => [t.o, t.type])).toEqual([
        [f.place, `${NS.xsd}string`],
      ]);
      expect(
        objectsOf(triples, s, 'types')
          .map((t) => t.o)
          .sort(),
      ).toEqual([...(f.types as string[])].sort());
      const [wkt] = objectsOf(triples, s, 'coordinates');
      expect(wkt!.type).toBe(`${NS.geo}wktLiteral`);
      const point = f.coordinates as { lon: number; lat: number };
      expect(parseWkt(wkt!.o)).toEqual({ type: 'Point', coordinates: [point.lon, point.lat] });
    }
  });

  it('writes london-boroughs shapes as WKT, with the CRS IRI when projected', async () => {
    const shift = (g: Parameters<ExportContext['project']>[0]) =>
      JSON.parse(JSON.stringify(g), (_k, v) => (typeof v === 'number' ? v + 1 : v));
    const { context, records } = await fixture('london-boroughs', { limit: 5, epsg: 3857, project: shift });
    const triples = await readBack(format, await writeText(format, context));
    for (const record of records) {
      const [wkt] = objectsOf(triples, subjectOf(context, record), 'shape');
      const prefix = '<http://www.opengis.net/def/crs/EPSG/0/3857> ';
      expect(wkt!.o.startsWith(prefix)).toBe(true);
      const geometry = (record.fields.shape as { geometry: unknown }).geometry;
      expect(parseWkt(wkt!.o.slice(prefix.length))).toEqual(shift(geometry as never));
    }
  });

  it('writes movies (no geometry), nulls as absent triples, and hard text intact', async () => {
    const tricky: ExportRecord = {
      id: 'odd id/é',
      fields: { title: 'A & B <i>"q"</i> \'s\' ]]> \r\n tab\t 😀 é', us_gross: null },
    };
    const { context, records } = await fixture('movies', { limit: 10, extra: [tricky] });
    const triples = await readBack(format, await writeText(format, context));
    for (const record of records) {
      const s = subjectOf(context, record);
      for (const column of context.columns) {
        const value = record.fields[column.name];
        const numeric = column.type === 'int' || column.type === 'double';
        const objects = objectsOf(triples, s, column.name).map((t) => (numeric ? Number(t.o) : t.o));
        expect(objects).toEqual(value === null || value === undefined ? [] : [value]);
      }
    }
  });
});
