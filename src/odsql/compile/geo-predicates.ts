import type { Call } from '../ast';
import { isDistanceUnit, toMetres } from '../geo/distance';
import { normalizeGeometry } from '../geo/normalize';
import { geoArgument } from './arguments';
import { type Condition, checkArity, type Scope } from './context';
import { numberLiteral, parsedGeometry, pointOf } from './literals';

/*
 * Geo filters. Points are {lat, lon} structs; shapes are the normalised struct of src/layout/columns.ts;
 * geometry literals are bound as JSON of the same normalised form. The SQL macros of the dialect do
 * the geometry.
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
  if (geo.type === 'geo_point_2d')
    return plain(`(ods_haversine(${geo.sql}.lat, ${geo.sql}.lon, ${pLat}, ${pLon}) <= ${pD})`);
  return plain(`(ods_shape_distance(${geo.sql}, ${pLat}, ${pLon}) <= ${pD})`);
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
  const p = scope.params;
  if (geo.type === 'geo_point_2d') {
    return plain(
      `(${geo.sql}.lat BETWEEN ${p.double(minLat)} AND ${p.double(maxLat)} AND ${geo.sql}.lon BETWEEN ${p.double(minLon)} AND ${p.double(maxLon)})`,
    );
  }
  const box = normalizeGeometry({
    type: 'Polygon',
    coordinates: [
      [
        [minLon, minLat],
        [maxLon, minLat],
        [maxLon, maxLat],
        [minLon, maxLat],
        [minLon, minLat],
      ],
    ],
  });
  return plain(
    `ods_shapes_intersect(${geo.sql}, ${scope.dialect.shapeFromJson(p.text(JSON.stringify({ geojson: '', ...box })))})`,
  );
}

function shapeRelation(e: Call, relation: 'intersects' | 'disjoint' | 'within', scope: Scope): Condition {
  const geo = geoArgument(e, 0, scope);
  const geometry = parsedGeometry(e.args[1]!, scope);
  const lit = scope.dialect.shapeFromJson(
    scope.params.text(JSON.stringify({ geojson: '', ...normalizeGeometry(geometry) })),
  );
  let test: string;
  if (geo.type === 'geo_point_2d') {
    const x = `${geo.sql}.lon`;
    const y = `${geo.sql}.lat`;
    test =
      relation === 'within'
        ? `ods_point_in_areas(${x}, ${y}, (${lit}).areas)`
        : `ods_point_intersects(${x}, ${y}, ${lit})`;
  } else {
    test =
      relation === 'within'
        ? `ods_shape_within(${geo.sql}, ${lit})`
        : `ods_shapes_intersect(${geo.sql}, ${lit})`;
  }
  if (relation === 'disjoint')
    return {
      sql: `(${geo.sql} IS NOT NULL AND NOT coalesce(${test}, ${scope.dialect.false}))`,
      aggregate: false,
    };
  return plain(test);
}
