import type { ExportColumn, ExportContext, ExportRecord, RecordExportFormat } from '../types';
import { centroid, columnTitle, geometryColumn, geometryOf, textValue } from './geo-values';
import { placeName } from './kml';
import { xmlDocument, xmlName, xmlText } from './xml-text';

/*
 * GPX 1.1: one waypoint per record at its geometry's centroid (records without a geometry have no
 * place and are left out). GPX positions are WGS 84 by definition, so `epsg` does not apply.
 * `use_extension=true` writes the attributes as `<extensions>` children in the namespace GDAL/OGR uses
 * (`ogr:`), which GIS tools read back as fields; `false` writes them in `<desc>`, one `label: value` per line.
 */

const OGR_NS = 'http://osgeo.org/gdal';

/** A field named by a GPX parameter (the route has checked that the export has it). */
function columnNamed(context: ExportContext, name: string): ExportColumn[] {
  return context.columns.filter((c) => c.name === name);
}

interface GpxPlan {
  readonly geo: ExportColumn | undefined;
  readonly name: ExportColumn | undefined;
  readonly described: readonly ExportColumn[];
  readonly extended: readonly ExportColumn[];
}

/** Which fields name, describe and extend each waypoint. */
export function gpxPlan(context: ExportContext): GpxPlan {
  const { nameField, descriptionFields, useExtension } = context.gpx;
  const geo = geometryColumn(context.columns);
  const [name] = nameField ? columnNamed(context, nameField) : [];
  const listed = (descriptionFields ?? []).flatMap((f) => columnNamed(context, f));
  const attributes = context.columns.filter((c) => c !== geo);
  if (useExtension) return { geo, name, described: listed, extended: attributes };
  return { geo, name, described: listed.length > 0 ? listed : attributes, extended: [] };
}

function waypoint(context: ExportContext, plan: GpxPlan, record: ExportRecord): string {
  const geometry = plan.geo ? geometryOf(record.fields[plan.geo.name]) : null;
  const at = geometry ? centroid(geometry) : null;
  if (!at) return '';
  const name = plan.name ? textValue(record.fields[plan.name.name]) : placeName(context.columns, record);
  const lines = plan.described.flatMap((c) => {
    const value = textValue(record.fields[c.name]);
    return value === null ? [] : [`${columnTitle(context, c)}: ${value}`];
  });
  const extensions = plan.extended.flatMap((c) => {
    const value = textValue(record.fields[c.name]);
    const tag = `ogr:${xmlName(columnTitle(context, c))}`;
    return value === null ? [] : [`<${tag}>${xmlText(value)}</${tag}>`];
  });
  return (
    `<wpt lat="${at[1]}" lon="${at[0]}">` +
    (name === null ? '' : `<name>${xmlText(name)}</name>`) +
    (lines.length === 0 ? '' : `<desc>${xmlText(lines.join('\n'))}</desc>`) +
    (extensions.length === 0 ? '' : `<extensions>${extensions.join('')}</extensions>`) +
    '</wpt>\n'
  );
}

function writeGpx(context: ExportContext): AsyncIterable<string> {
  const plan = gpxPlan(context);
  const title = context.dataset.title ?? context.dataset.dataset_id;
  const head =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<gpx version="1.1" creator="odexplorer" xmlns="http://www.topografix.com/GPX/1/1" xmlns:ogr="${OGR_NS}">` +
    `<metadata><name>${xmlText(title)}</name><link href="${xmlText(context.datasetUrl)}"/></metadata>\n`;
  return xmlDocument(context, head, (r) => waypoint(context, plan, r), '</gpx>\n');
}

export const gpx: RecordExportFormat = {
  format: 'gpx',
  extension: 'gpx',
  mediaType: 'application/gpx+xml',
  versions: ['2.0', '2.1'],
  write: writeGpx,
};
