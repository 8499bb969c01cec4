import type { ApiVersion, ParamList, Sql } from './context';

/**
 * SQL that renders a value as JSON text (or NULL for a null value), in the shape the interface gives
 * each type: ISO dates, datetimes in the request time zone, `{lon, lat}` points, GeoJSON Features.
 */
export function jsonValue(
  s: Sql,
  params: ParamList,
  version: ApiVersion,
  role: 'value' | 'group_key' = 'value',
): string {
  const x = s.sql;
  if (s.post) return x;
  if (s.temporalPart && version === '2.0') return `to_json(CAST(${x} AS VARCHAR))`;
  switch (s.type) {
    case 'text':
    case 'boolean':
    case 'int':
      return `to_json(${x})`;
    case 'double':
      // JSON has no NaN or infinity.
      return `CASE WHEN isfinite(${x}) THEN to_json(${x}) END`;
    case 'date':
      if (version === '2.0' && role === 'group_key') return `to_json(epoch_ms(CAST(${x} AS TIMESTAMP)))`;
      return `to_json(strftime(${x}, '%Y-%m-%d'))`;
    case 'datetime':
      if (version === '2.0' && role === 'group_key') return `to_json(epoch_ms(${x}))`;
      // v2.0 writes aggregated instants (min, max) in UTC with milliseconds: 2020-12-07T23:02:57.000Z.
      if (version === '2.0' && s.aggregate) return `to_json(ods_iso_utc_millis(${x}))`;
      {
        const zone = params.zone();
        return zone === null
          ? `to_json(ods_iso_datetime_utc(${x}))`
          : `to_json(ods_iso_datetime(${x}, ${zone}))`;
      }
    case 'geo_point_2d':
      if (version === '2.0' && role === 'group_key') {
        return `CASE WHEN ${x} IS NULL THEN NULL ELSE to_json('[' || CAST(${x}.lat AS VARCHAR) || ', ' || CAST(${x}.lon AS VARCHAR) || ']') END`;
      }
      return version === '2.0'
        ? `CASE WHEN ${x} IS NULL THEN NULL ELSE to_json({'lat': ${x}.lat, 'lon': ${x}.lon}) END`
        : `CASE WHEN ${x} IS NULL THEN NULL ELSE to_json({'lon': ${x}.lon, 'lat': ${x}.lat}) END`;
    case 'geo_shape':
    case 'geometry':
      return `CASE WHEN ${x} IS NULL THEN NULL ELSE '{"type":"Feature","geometry":' || ${x}.geojson || ',"properties":{}}' END`;
    case 'json':
      return x;
    case 'null':
      return 'NULL';
  }
}
