/*
 * The dataset export formats of the Explore API v2.1, with what each is for, so that people pick the
 * file their tool opens. Geographic formats are offered only for datasets with a geometry.
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
];

/** The formats that make sense for a dataset: geographic ones only when it has a geometry. */
export function formatsFor(hasGeometry: boolean): readonly ExportFormat[] {
  return EXPORT_FORMATS.filter((f) => hasGeometry || !f.geographic);
}

export function findFormat(format: string): ExportFormat | undefined {
  return EXPORT_FORMATS.find((f) => f.format === format);
}
