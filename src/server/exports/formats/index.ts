import { type CalendarFieldLike, hasCalendar } from '../../../api/calendar';
import type { ApiVersion } from '../../../api/version';
import type {} from '../../../odsql';
import type { RecordExportFormat } from '../types';
import { csv } from './csv';
import { fgb } from './fgb';
import { geojson } from './geojson';
import { gpx } from './gpx';
import { ical } from './ical';
import { jsonld } from './jsonld';
import { kml } from './kml';
import { json, jsonl } from './lines';
import { ov2 } from './ov2';
import { parquet } from './parquet';
import { n3, turtle } from './rdf-n3';
import { rdfxml } from './rdfxml';
import { shp } from './shp';
import { xls } from './xls';
import { xlsx } from './xlsx';

/*
 * The registry of dataset export formats. One line per writer in `WRITERS`; the names each version
 * lists (`…/exports`, and the 400 naming the valid ones) come from the interface, in its order.
 */

/**
 * Dataset formats of each version, as the interface lists them (spec 4.2; odsql.md §9, §11). `ical` is
 * the iCalendar export of datasets with a calendar: Opendatasoft's own client and its v2 reference name
 * it so (`exports/ical`), for portals where the Calendar view is on.
 */
export const DATASET_FORMATS: Readonly<Record<ApiVersion, readonly string[]>> = {
  '2.0': [
    'json',
    'geojson',
    'shp',
    'csv',
    'xls',
    'kml',
    'jsonl',
    'jsonld',
    'rdfxml',
    'turtle',
    'n3',
    'gpx',
    'ical',
  ],
  '2.1': [
    'csv',
    'json',
    'jsonl',
    'geojson',
    'xlsx',
    'parquet',
    'shp',
    'kml',
    'gpx',
    'jsonld',
    'rdfxml',
    'turtle',
    'n3',
    'fgb',
    'ov2',
    'ical',
  ],
};

/** Every writer, one line each. */
const WRITERS: readonly RecordExportFormat[] = [
  // exports-core
  csv,
  json,
  jsonl,
  geojson,
  xls,
  xlsx,
  parquet,
  // exports-formats
  shp,
  kml,
  gpx,
  jsonld,
  rdfxml,
  turtle,
  n3,
  // clients
  fgb,
  ov2,
  // calendar
  ical,
];

/** The writer of `format` on `version`, when that version lists it and a writer is registered. */
export function recordExportFormat(format: string, version: ApiVersion): RecordExportFormat | undefined {
  if (!DATASET_FORMATS[version].includes(format)) return undefined;
  return WRITERS.find((w) => w.format === format && w.versions.includes(version));
}

/** The formats a version lists that have a writer, in the interface's order. */
export function availableFormats(version: ApiVersion): string[] {
  return DATASET_FORMATS[version].filter((f) => recordExportFormat(f, version) !== undefined);
}

/** Whether a dataset with these fields can be exported in `format`: `ical` needs a calendar. */
export function formatFitsDataset(format: string, fields: readonly CalendarFieldLike[]): boolean {
  return format !== 'ical' || hasCalendar(fields);
}

/** The formats a dataset with these fields can be exported in, in the interface's order. */
export function datasetFormats(version: ApiVersion, fields: readonly CalendarFieldLike[]): string[] {
  return availableFormats(version).filter((f) => formatFitsDataset(f, fields));
}
