import type { Diagnostic } from '../../odsql/errors';
import { describeDiagnostic } from '../../odsql/errors';
import { printExpr } from '../../odsql/print';
import type { DatasetSchema } from '../../odsql/schema';
import { ApiError } from '../errors';
import { type QueryString, single } from '../http/params';
import { parseCircle, parsePolygon } from './q/geo-text';
import { parseQ } from './q/parse';
import { Translator, withinDistance, withinPolygon } from './q/translate';
import { V1QueryError } from './q/tree';

/*
 * The filters of a v1 request (`q`, `geofilter.distance`, `geofilter.polygon`) as ODSQL `where` texts.
 * They are parsed and checked here, then printed: the ODSQL printer writes every value as a literal
 * that the compiler binds as a parameter and every field name quoted, and the same texts then filter
 * both the records and the facet counts.
 */

export function v1Where(query: QueryString, schema: DatasetSchema): string[] {
  const where: string[] = [];
  const q = single(query, 'q');
  if (q !== undefined) {
    try {
      const parsed = parseQ(q);
      if (parsed) where.push(printExpr(new Translator(schema).translate(parsed)));
    } catch (e) {
      if (e instanceof V1QueryError) throw new ApiError('ODSQLError', `Invalid q parameter: ${e.message}.`);
      throw e;
    }
  }
  const distance = single(query, 'geofilter.distance');
  if (distance !== undefined && distance.trim() !== '') {
    const circle = parseCircle(distance, true);
    if (!circle.ok) throw geofilterError('geofilter.distance', circle.message);
    const { lat, lon, metres } = circle.value;
    where.push(printExpr(withinDistance(geoField(schema, 'geofilter.distance'), lat, lon, metres!)));
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
  return where;
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

const PARAMETER_OF_CLAUSE: Readonly<Record<string, string>> = {
  where: 'q',
  order_by: 'sort',
  select: 'fields',
};

/**
 * A compiler diagnostic in v1 terms: the clauses it sees come from `q` (where), `sort` (order_by) and
 * `fields` (select).
 */
export function v1CompileError(diagnostics: readonly Diagnostic[]): ApiError {
  const d = diagnostics[0];
  const parameter = d?.clause ? (PARAMETER_OF_CLAUSE[d.clause] ?? d.clause) : 'q';
  const detail = d ? describeDiagnostic(d) : 'the query is malformed';
  return new ApiError(
    'ODSQLError',
    `Invalid ${parameter} parameter: ${detail}${detail.endsWith('.') ? '' : '.'}`,
  );
}
