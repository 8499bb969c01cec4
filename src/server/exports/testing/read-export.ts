import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { geojson as flatgeobuf } from 'flatgeobuf';
import ICAL from 'ical.js';
import JSZip from 'jszip';
import { open as openShapefile } from 'shapefile';
import * as XLSX from 'xlsx';
import { readParquet } from '../../engine/testing/read-parquet';
import { readRdf } from '../formats/rdf-read';

/*
 * Test support: an export file read back by a reader independent of its writer, into plain values that
 * two exports of the same records must share whatever engine ran the query.
 */

/** Every layer of a shapefile zip, read with mbostock's shapefile reader, and the other files' text. */
async function readShapefileZip(bytes: Uint8Array): Promise<unknown> {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files).sort();
  const layers: Record<string, unknown> = {};
  for (const name of names.filter((n) => n.endsWith('.shp'))) {
    const base = name.slice(0, -4);
    const source = await openShapefile(
      await zip.file(name)!.async('uint8array'),
      await zip.file(`${base}.dbf`)!.async('uint8array'),
      { encoding: 'utf-8' },
    );
    const features: unknown[] = [];
    for (let r = await source.read(); !r.done; r = await source.read()) features.push(r.value);
    layers[base] = features;
  }
  const texts = names.filter((n) => /\.(prj|cpg)$/.test(n));
  for (const name of texts) layers[name] = await zip.file(name)!.async('string');
  return { names, layers };
}

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

/** The events of an iCalendar file, read with ical.js; DTSTAMP left out (it may be the time of writing). */
function readIcal(bytes: Uint8Array): unknown {
  const calendar = new ICAL.Component(ICAL.parse(text(bytes)));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    vevent.removeAllProperties('dtstamp');
    return vevent.toJSON();
  });
}

/** The records of a file in `format`, as an independent reader sees them. */
export async function readExport(format: string, bytes: Uint8Array): Promise<unknown> {
  switch (format) {
    case 'csv':
      return parseCsv(Buffer.from(bytes), { bom: true, delimiter: ';', relax_column_count: false });
    case 'json':
    case 'geojson':
      return JSON.parse(text(bytes));
    case 'jsonl':
      return text(bytes)
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as unknown);
    case 'xlsx':
    case 'xls': {
      const book = XLSX.read(bytes, { type: 'buffer' });
      return book.SheetNames.map((n) => XLSX.utils.sheet_to_json(book.Sheets[n]!, { header: 1 }));
    }
    case 'parquet':
      return readParquet(bytes);
    case 'shp':
      return readShapefileZip(bytes);
    case 'kml':
    case 'gpx':
      return new XMLParser({ ignoreAttributes: false }).parse(text(bytes));
    case 'jsonld':
    case 'rdfxml':
    case 'turtle':
    case 'n3': {
      const triples = await readRdf(format, text(bytes));
      return triples.map((t) => JSON.stringify(t)).sort();
    }
    case 'ical':
      return readIcal(bytes);
    case 'fgb': {
      const features: unknown[] = [];
      for await (const f of flatgeobuf.deserialize(bytes)) features.push(f);
      return features;
    }
    default:
      // ov2: fixed binary records of the values themselves (no text form of a number to differ).
      return Buffer.from(bytes).toString('base64');
  }
}
