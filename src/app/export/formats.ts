import { type CalendarFieldLike, hasCalendar } from '../../api';

/*
 * The dataset export formats of the Explore API v2.1, with what each is for, so that people pick the
 * file their tool opens. Geographic formats are offered only for datasets with a geometry, iCalendar
 * only for datasets with a calendar (a date or datetime field and a title field, src/api/calendar.ts).
 */

export type ExportOptionGroup = 'csv' | 'gpx' | 'projection';

export interface ExportFormat {
  /** The format's name in the export URL. */
  readonly format: string;
  readonly label: string;
  /** File extension of the download. */
  readonly extension: string;
  /** What the format is for: the tools that open it. */
  readonly purpose: string;
  /** Only meaningful when the dataset has a geo_point_2d or geo_shape field. */
  readonly geographic: boolean;
  /** Only meaningful when the dataset has a calendar. */
  readonly calendar?: boolean;
  /** Which option groups apply. */
  readonly options: readonly ExportOptionGroup[];
}

export const EXPORT_FORMATS: readonly ExportFormat[] = [
  {
    format: 'csv',
    label: 'CSV',
    extension: 'csv',
    purpose: 'Spreadsheets, databases and scripts: one line per record.',
    geographic: false,
    options: ['csv'],
  },
  {
    format: 'xlsx',
    label: 'Excel',
    extension: 'xlsx',
    purpose: 'Microsoft Excel, LibreOffice Calc, Google Sheets.',
    geographic: false,
    options: [],
  },
  {
    format: 'json',
    label: 'JSON',
    extension: 'json',
    purpose: 'Programs and web pages: an array of records, as the API returns them.',
    geographic: false,
    options: [],
  },
  {
    format: 'jsonl',
    label: 'JSON Lines',
    extension: 'jsonl',
    purpose: 'Streaming and big-data tools: one JSON record per line.',
    geographic: false,
    options: [],
  },
  {
    format: 'parquet',
    label: 'Parquet',
    extension: 'parquet',
    purpose: 'Analytics engines (DuckDB, pandas, Spark): compressed and typed columns.',
    geographic: false,
    options: [],
  },
  {
    format: 'geojson',
    label: 'GeoJSON',
    extension: 'geojson',
    purpose: 'Web maps and GIS (QGIS, Leaflet, MapLibre): records as features.',
    geographic: true,
    options: ['projection'],
  },
  {
    format: 'shp',
    label: 'Shapefile',
    extension: 'zip',
    purpose: 'Desktop GIS (ArcGIS, QGIS): a zip of .shp, .shx, .dbf and .prj files.',
    geographic: true,
    options: ['projection'],
  },
  {
    format: 'kml',
    label: 'KML',
    extension: 'kml',
    purpose: 'Google Earth and Google My Maps.',
    geographic: true,
    options: [],
  },
  {
    format: 'gpx',
    label: 'GPX',
    extension: 'gpx',
    purpose: 'GPS devices and hiking or navigation apps: records as waypoints.',
    geographic: true,
    options: ['gpx'],
  },
  {
    format: 'jsonld',
    label: 'JSON-LD',
    extension: 'jsonld',
    purpose: 'Linked data in JSON: records as RDF resources.',
    geographic: false,
    options: [],
  },
  {
    format: 'turtle',
    label: 'Turtle',
    extension: 'ttl',
    purpose: 'Triple stores and SPARQL tools: RDF in its most readable syntax.',
    geographic: false,
    options: [],
  },
  {
    format: 'rdfxml',
    label: 'RDF/XML',
    extension: 'rdf',
    purpose: 'Older RDF tools that read XML.',
    geographic: false,
    options: [],
  },
  {
    format: 'n3',
    label: 'N3',
    extension: 'n3',
    purpose: 'Notation3 reasoners and RDF tools.',
    geographic: false,
    options: [],
  },
  {
    format: 'ical',
    label: 'iCalendar',
    extension: 'ics',
    purpose: 'Calendar programs (Google Calendar, Outlook, Apple Calendar): records as events.',
    geographic: false,
    calendar: true,
    options: [],
  },
];

const GEOMETRY_TYPES = new Set(['geo_point_2d', 'geo_shape']);

/** The formats that make sense for a dataset with these fields. */
export function formatsFor(fields: readonly CalendarFieldLike[]): readonly ExportFormat[] {
  const geometry = fields.some((f) => GEOMETRY_TYPES.has(f.type));
  const calendar = hasCalendar(fields);
  return EXPORT_FORMATS.filter((f) => (geometry || !f.geographic) && (calendar || !f.calendar));
}

export function findFormat(format: string): ExportFormat | undefined {
  return EXPORT_FORMATS.find((f) => f.format === format);
}
