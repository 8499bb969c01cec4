import {
  type DatasetSchema,
  type Diagnostic,
  describeDiagnostic,
  parseCircle,
  parsePolygon,
  printExpr,
  printName,
  V1QueryError,
  v1QueryWhere,
  withinDistance,
  withinPolygon,
} from '../../odsql';
import { ApiError, tooManyParameters } from '../errors';
import { PARAMETER_BOUNDS } from '../http/limits';
import { type QueryString, single } from '../http/params';

/*
 * The filters of a v1 request (`q`, `geofilter.distance`, `geofilter.polygon`) as ODSQL `where` texts.
 * They are parsed and checked here, then printed: the ODSQL printer writes every value as a literal
 * that the compiler binds as a parameter and every field name quoted, and the same texts then filter
 * both the records and the facet counts.
 */

/** `q` and the `q.<name>` parameters widgets add beside it (`q.timerange`, `q.refineonclick`), AND-ed. */
function queryParameters(query: QueryString): string[] {
  const names = Object.keys(query).filter((name) => name === 'q' || name.startsWith('q.'));
  // Each is a where clause: as many as `where` may be given.
  const max = PARAMETER_BOUNDS.where;
  if (names.length > max) throw tooManyParameters('q.<name>', names.length, max);
  return names.sort((a, b) => (a === 'q' ? -1 : b === 'q' ? 1 : a < b ? -1 : a > b ? 1 : 0));
}

export function v1Where(query: QueryString, schema: DatasetSchema): string[] {
  const where: string[] = [];
  for (const name of queryParameters(query)) {
    const q = single(query, name);
    if (q === undefined) continue;
    try {
      const translated = v1QueryWhere(q, schema);
      if (translated !== undefined) where.push(translated);
    } catch (e) {
      if (e instanceof V1QueryError)
        throw new ApiError('ODSQLError', `Invalid ${name} parameter: ${e.message}.`);
      throw e;
    }
  }
  const distance = single(query, 'geofilter.distance');
  if (distance !== undefined && distance.trim() !== '') {
    // Without its distance, the records at that very point: ods-widgets asks `lat,lon` alone for the
    // records under a marker clicked (its popup), so that the points stacked there show too.
    const atPoint = distance.split(',').length === 2;
    const circle = parseCircle(distance, !atPoint);
    if (!circle.ok) throw geofilterError('geofilter.distance', circle.message);
    const { lat, lon, metres } = circle.value;
    where.push(printExpr(withinDistance(geoField(schema, 'geofilter.distance'), lat, lon, metres ?? 0)));
  }
  const polygon = single(query, 'geofilter.polygon');
  if (polygon !== undefined && polygon.trim() !== '') {
    const points = parsePolygon(polygon);
    if (!points.ok)
      throw geofilterError(
        'geofilter.polygon',
        `${points.message}; write (lat1,lon1),(lat2,lon2),(lat3,lon3),…`,
      );
    where.push(printExpr(withinPolygon(geoField(schema, 'geofilter.polygon'), points.value)));
  }
  const bbox = single(query, 'geofilter.bbox');
  if (bbox !== undefined && bbox.trim() !== '') {
    const box = parseBbox(bbox);
    const name = geoField(schema, 'geofilter.bbox');
    // The numbers are parsed and finite: written back as ODSQL literals, the compiler binds them.
    if (box) where.push(`in_bbox(${printName(name)}, ${box.join(', ')})`);
  }
  return where;
}

/**
 * `geofilter.bbox=lat1,lon1,lat2,lon2` (south-west then north-east corner, as maps send their view).
 * Latitudes are clamped to the poles; a view wider than the world (maps repeat it) filters nothing on
 * longitude. Undefined when the box covers the whole world.
 */
export function parseBbox(text: string): [number, number, number, number] | undefined {
  const parts = text.split(',').map((p) => p.trim());
  const numbers = parts.map(Number);
  if (parts.length !== 4 || parts.some((p) => p === '') || numbers.some((n) => !Number.isFinite(n))) {
    throw geofilterError('geofilter.bbox', 'write lat1,lon1,lat2,lon2 with four numbers');
  }
  const clampLat = (v: number): number => Math.max(-90, Math.min(90, v));
  let [lat1, lon1, lat2, lon2] = numbers as [number, number, number, number];
  [lat1, lat2] = [clampLat(Math.min(lat1, lat2)), clampLat(Math.max(lat1, lat2))];
  [lon1, lon2] = [Math.min(lon1, lon2), Math.max(lon1, lon2)];
  if (lon2 - lon1 >= 360) [lon1, lon2] = [-180, 180];
  else {
    // A view scrolled past the antimeridian: its longitudes back into [-180, 180].
    const shift = Math.floor((lon1 + 180) / 360) * 360;
    [lon1, lon2] = [lon1 - shift, lon2 - shift];
    if (lon2 > 180) [lon1, lon2] = [-180, 180];
  }
  if (lat1 === -90 && lat2 === 90 && lon1 === -180 && lon2 === 180) return undefined;
  return [lat1, lon1, lat2, lon2];
}

function geofilterError(parameter: string, message: string): ApiError {
  return new ApiError(
    'InvalidRESTParameterError',
    `Invalid value for ${parameter} API parameter: ${message}.`,
  );
}

/** The field geofilters apply to: the first geo point field, else the first shape field. */
export function geoField(schema: DatasetSchema, parameter: string): string {
  const f =
    schema.fields.find((x) => x.type === 'geo_point_2d') ?? schema.fields.find((x) => x.type === 'geo_shape');
  if (!f) {
    throw new ApiError(
      'InvalidRESTParameterError',
      `Invalid value for ${parameter} API parameter: the dataset has no geo field to filter.`,
    );
  }
  return f.name;
}

/** The field giving records their `geometry`, if the dataset has one. */
export function geoFieldOf(schema: DatasetSchema): string | undefined {
  return schema.fields.some((f) => f.type === 'geo_point_2d' || f.type === 'geo_shape')
    ? geoField(schema, 'fields')
    : undefined;
}

/** The clauses of an analysis or a map request: its series are the select, its x axes the group_by. */
export const SERIES_CLAUSES: Readonly<Record<string, string>> = {
  select: 'y.<serie>.expr',
  group_by: 'x',
  order_by: 'sort',
};

const PARAMETER_OF_CLAUSE: Readonly<Record<string, string>> = {
  where: 'q',
  order_by: 'sort',
  select: 'fields',
};

/**
 * A compiler diagnostic in v1 terms: the clauses it sees come from `q` (where), `sort` (order_by) and
 * `fields` (select); `parameters` names them otherwise (the series of an analysis are its select).
 */
export function v1CompileError(
  diagnostics: readonly Diagnostic[],
  parameters: Readonly<Record<string, string>> = PARAMETER_OF_CLAUSE,
): ApiError {
  const d = diagnostics[0];
  const parameter = d?.clause ? (parameters[d.clause] ?? PARAMETER_OF_CLAUSE[d.clause] ?? d.clause) : 'q';
  const detail = d ? describeDiagnostic(d) : 'the query is malformed';
  return new ApiError(
    'ODSQLError',
    `Invalid ${parameter} parameter: ${detail}${detail.endsWith('.') ? '' : '.'}`,
  );
}
