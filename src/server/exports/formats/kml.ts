import type { Geometry, Position } from '../../../odsql';
import type { ExportColumn, ExportContext, ExportRecord, RecordExportFormat } from '../types';
import { columnTitle, geometryColumn, geometryOf, textValue } from './geo-values';
import { xmlDocument, xmlName, xmlText } from './xml-text';

/*
 * KML 2.2: one Placemark per record, its attributes in ExtendedData, its geometry from the first shape
 * (else point) field. KML coordinates are WGS 84 longitude/latitude by definition (OGC 07-147r2), so
 * `epsg` does not apply: geometries are written unprojected.
 */

const coordinates = (ps: readonly Position[]): string =>
  `<coordinates>${ps.map((p) => `${p[0]},${p[1]}`).join(' ')}</coordinates>`;

const ring = (ps: readonly Position[]): string => `<LinearRing>${coordinates(ps)}</LinearRing>`;

function polygon(rings: readonly (readonly Position[])[]): string {
  const [outer, ...inner] = rings;
  if (!outer) return '';
  const holes = inner.map((r) => `<innerBoundaryIs>${ring(r)}</innerBoundaryIs>`).join('');
  return `<Polygon><outerBoundaryIs>${ring(outer)}</outerBoundaryIs>${holes}</Polygon>`;
}

const multi = (parts: readonly string[]): string => `<MultiGeometry>${parts.join('')}</MultiGeometry>`;

export function kmlGeometry(g: Geometry): string {
  switch (g.type) {
    case 'Point':
      return `<Point>${coordinates([g.coordinates])}</Point>`;
    case 'LineString':
      return `<LineString>${coordinates(g.coordinates)}</LineString>`;
    case 'Polygon':
      return polygon(g.coordinates);
    case 'MultiPoint':
      return multi(g.coordinates.map((p) => `<Point>${coordinates([p])}</Point>`));
    case 'MultiLineString':
      return multi(g.coordinates.map((l) => `<LineString>${coordinates(l)}</LineString>`));
    case 'MultiPolygon':
      return multi(g.coordinates.map(polygon));
    case 'GeometryCollection':
      return multi(g.geometries.map(kmlGeometry));
  }
}

/** The text naming a record on a map: its first text attribute. */
export function placeName(columns: readonly ExportColumn[], record: ExportRecord): string | null {
  const column = columns.find((c) => c.type === 'text');
  return column ? textValue(record.fields[column.name]) : null;
}

/** Attributes are every other field; other geographic fields stay attributes, as WKT. */
function placemark(context: ExportContext, geo: ExportColumn | undefined, record: ExportRecord): string {
  const name = placeName(context.columns, record);
  const data = context.columns
    .filter((c) => c !== geo)
    .map((c) => {
      const value = textValue(record.fields[c.name]);
      if (value === null) return '';
      return `<Data name="${xmlText(columnTitle(context, c))}"><displayName>${xmlText(c.label)}</displayName><value>${xmlText(value)}</value></Data>`;
    })
    .join('');
  const geometry = geo ? geometryOf(record.fields[geo.name]) : null;
  // A KML id is an XML ID: record ids starting with a digit get a leading `_`.
  const id = record.id === undefined ? '' : ` id="${xmlText(xmlName(record.id))}"`;
  return (
    `<Placemark${id}>${name === null ? '' : `<name>${xmlText(name)}</name>`}` +
    `${data === '' ? '' : `<ExtendedData>${data}</ExtendedData>`}${geometry ? kmlGeometry(geometry) : ''}</Placemark>\n`
  );
}

function writeKml(context: ExportContext): AsyncIterable<string> {
  const title = context.dataset.title ?? context.dataset.dataset_id;
  const geo = geometryColumn(context.columns);
  return xmlDocument(
    context,
    `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${xmlText(title)}</name>\n`,
    (r) => placemark(context, geo, r),
    '</Document></kml>\n',
  );
}

export const kml: RecordExportFormat = {
  format: 'kml',
  extension: 'kml',
  mediaType: 'application/vnd.google-earth.kml+xml',
  versions: ['2.0', '2.1'],
  write: writeKml,
};
