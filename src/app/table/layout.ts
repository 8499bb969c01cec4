import type { DatasetField } from '../../api';

/*
 * Column widths are fixed per field, so loading more rows or scrolling never makes columns jump; long
 * values are cut with an ellipsis and shown whole in the record detail.
 */

const BASE_WIDTH: Readonly<Record<string, number>> = {
  int: 110,
  double: 120,
  decimal: 120,
  boolean: 90,
  date: 130,
  datetime: 200,
  geo_point_2d: 190,
  geo_shape: 190,
  file: 180,
};
const TEXT_WIDTH = 180;
const MAX_WIDTH = 320;
/** Room for the sort mark and the cell padding around a header label. */
const HEADER_EXTRA = 48;
/** About the width of one header character at the header font size. */
const CHAR_WIDTH = 7.5;

export function columnWidth(field: DatasetField): number {
  const base = BASE_WIDTH[field.type] ?? TEXT_WIDTH;
  const label = `${field.label || field.name}${unitOf(field) ? ` (${unitOf(field)})` : ''}`;
  // Headers wrap onto two lines rather than widening a column past half its label.
  const header = Math.ceil((label.length / 2) * CHAR_WIDTH) + HEADER_EXTRA;
  return Math.min(MAX_WIDTH, Math.max(base, header));
}

/** Geometries have no order; every other field sorts on the server. */
export function isSortable(field: DatasetField): boolean {
  return field.type !== 'geo_point_2d' && field.type !== 'geo_shape';
}

/** The field's unit, unless its label already says it ("Wind speed (km/h)"). */
export function unitOf(field: DatasetField): string | undefined {
  const unit = field.annotations?.unit;
  if (typeof unit !== 'string' || unit === '') return undefined;
  return field.label.includes(unit) ? undefined : unit;
}
