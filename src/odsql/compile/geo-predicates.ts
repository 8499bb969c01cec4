import type { Call } from '../ast';
import { latLonBoxPolygon } from '../geo/bbox';
import { isDistanceUnit, toMetres } from '../geo/distance';
import { normalizeGeometry } from '../geo/normalize';
import { geoArgument } from './arguments';
import { type Condition, checkArity, type Scope } from './context';
import type { GeoFieldType } from './dialect';
import { numberLiteral, parsedGeometry, pointOf } from './literals';

/*
 * Geo filters: the arguments checked and read here, the geometry written by the dialect (points and
 * shapes are stored in the normalised form of geo/normalize.ts; geometry literals are given to the
 * dialect in that form, to bind as it needs).
 */

function plain(sql: string): Condition {
  return { sql, aggregate: false };
}

/** within_distance, in_bbox, intersects, disjoint, within, and their legacy names. */
export function compileGeoFilter(e: Call, scope: Scope): Condition {
  switch (e.name) {
    case 'within_distance':
    case 'distance': {
      checkArity(e, scope, 3, 3);
      return withinDistance(e, scope);
    }
    case 'in_bbox':
    case 'bbox': {
      checkArity(e, scope, 5, 5);
      return inBbox(e, scope);
    }
    case 'intersects':
    case 'disjoint':
    case 'within':
      checkArity(e, scope, 2, 2);
      return shapeRelation(e, e.name, scope);
    case 'polygon':
      checkArity(e, scope, 2, 2);
      return shapeRelation(e, 'within', scope);
    case 'geometry': {
      checkArity(e, scope, 2, 3);
      const mode = e.args[2];
      if (!mode) return shapeRelation(e, 'intersects', scope);
      const name = mode.kind === 'field' ? mode.name.toLowerCase() : '';
      if (name !== 'intersects' && name !== 'disjoint' && name !== 'within') {
        return scope.fail('geometryMode', {}, mode);
      }
      return shapeRelation(e, name, scope);
    }
    default:
      return scope.fail('functionNotGeoFilter', { name: e.name }, e);
  }
}

function withinDistance(e: Call, scope: Scope): Condition {
  const geo = geoArgument(e, 0, scope);
  const { lon, lat } = pointOf(e.args[1]!, scope, `${e.name}()`);
  const d = e.args[2]!;
  let metres: number;
  if (d.kind === 'quantity') {
    if (!isDistanceUnit(d.unit)) {
      scope.fail('unknownDistanceUnit', { unit: d.unit }, d);
    }
    metres = toMetres(d.value, d.unit);
  } else {
    metres = numberLiteral(d, scope, 'The distance');
  }
  if (!(metres >= 0)) scope.fail('distancePositive', {}, d);
  const pLat = scope.params.double(lat);
  const pLon = scope.params.double(lon);
  const pD = scope.params.double(metres);
  return plain(`(${scope.dialect.geoDistance(geo.sql, geo.type as GeoFieldType, pLat, pLon)} <= ${pD})`);
}

function inBbox(e: Call, scope: Scope): Condition {
  const geo = geoArgument(e, 0, scope);
  const [lat1, lon1, lat2, lon2] = e.args.slice(1).map((a, i) => {
    const n = numberLiteral(a, scope, `Argument ${i + 2} of ${e.name}()`);
    const isLat = i % 2 === 0;
    if (isLat ? Math.abs(n) > 90 : Math.abs(n) > 180) {
      scope.fail(isLat ? 'latitudeRange' : 'longitudeRange', { value: n }, a);
    }
    return n;
  }) as [number, number, number, number];
  const [minLat, maxLat] = [Math.min(lat1, lat2), Math.max(lat1, lat2)];
  const [minLon, maxLon] = [Math.min(lon1, lon2), Math.max(lon1, lon2)];
  const box = { minLat, maxLat, minLon, maxLon };
  if (geo.type === 'geo_shape') {
    const literal = { geojson: '', ...normalizeGeometry(latLonBoxPolygon(box)) };
    return plain(scope.dialect.geoRelation(geo.sql, 'geo_shape', 'intersects', literal, scope.params));
  }
  return plain(scope.dialect.pointInBox(geo.sql, box, scope.params));
}

function shapeRelation(e: Call, relation: 'intersects' | 'disjoint' | 'within', scope: Scope): Condition {
  const geo = geoArgument(e, 0, scope);
  const geometry = parsedGeometry(e.args[1]!, scope);
  const literal = { geojson: '', ...normalizeGeometry(geometry) };
  const test = scope.dialect.geoRelation(
    geo.sql,
    geo.type as GeoFieldType,
    relation === 'within' ? 'within' : 'intersects',
    literal,
    scope.params,
  );
  if (relation === 'disjoint')
    return {
      sql: `(${geo.sql} IS NOT NULL AND NOT coalesce(${test}, ${scope.dialect.false}))`,
      aggregate: false,
    };
  return plain(test);
}
