import { type JsonNode, readJson } from './json-reader';
import {
  checkedPosition,
  checkLineString,
  checkNesting,
  checkRing,
  EMPTY_GEOMETRY_MESSAGE,
  excerpt,
  GeometryLiteralError,
  PositionBudget,
} from './literal-checks';
import type { Geometry, Position } from './types';

/*
 * Reader for a GeoJSON (RFC 7946) geometry object, or a Feature whose geometry is taken. Members other
 * than those read here (bbox, id, properties…) are ignored. Type names are matched without regard to
 * case, like the rest of ODSQL. Throws GeometryLiteralError; parseGeometryLiteral catches it.
 */

type GeometryType = Geometry['type'];
type ObjectNode = Extract<JsonNode, { kind: 'object' }>;
type ArrayNode = Extract<JsonNode, { kind: 'array' }>;

const TYPES: Readonly<Record<string, GeometryType | 'Feature'>> = {
  point: 'Point',
  linestring: 'LineString',
  polygon: 'Polygon',
  multipoint: 'MultiPoint',
  multilinestring: 'MultiLineString',
  multipolygon: 'MultiPolygon',
  geometrycollection: 'GeometryCollection',
  feature: 'Feature',
};

/** Names a legacy (2008 GeoJSON) `crs` member may give for WGS 84 lon/lat. */
const WGS84_NAMES = new Set([
  'urn:ogc:def:crs:ogc:1.3:crs84',
  'urn:ogc:def:crs:ogc::crs84',
  'urn:ogc:def:crs:epsg::4326',
  'urn:ogc:def:crs:epsg:6.6:4326',
  'epsg:4326',
  'crs84',
]);

export function parseGeoJson(text: string): Geometry {
  const root = readJson(text);
  return new GeoJsonReader().geometry(root, 0, true);
}

class GeoJsonReader {
  private readonly budget = new PositionBudget();

  geometry(node: JsonNode, depth: number, featureAllowed: boolean): Geometry {
    checkNesting(depth, node.offset);
    const object = asObject(node, 'a geometry must be an object');
    const typeNode = object.members.get('type');
    if (typeNode?.kind !== 'string') fail('missing "type" member', object.offset);
    const type = TYPES[typeNode.value.toLowerCase()];
    if (!type || (type === 'Feature' && !featureAllowed)) {
      throw new GeometryLiteralError(
        `Unsupported geometry type: ${excerpt(typeNode.value)}`,
        typeNode.offset,
      );
    }
    checkCrs(object);
    if (type === 'Feature') {
      const geometry = object.members.get('geometry');
      if (!geometry || (geometry.kind === 'literal' && geometry.value === null)) {
        fail('the Feature has no geometry', object.offset);
      }
      return this.geometry(geometry, depth, false);
    }
    if (type === 'GeometryCollection') {
      const children = nonEmptyArray(member(object, 'geometries'));
      return { type, geometries: children.items.map((child) => this.geometry(child, depth + 1, false)) };
    }
    const coordinates = member(object, 'coordinates');
    switch (type) {
      case 'Point':
        return { type, coordinates: this.position(coordinates) };
      case 'LineString':
        return { type, coordinates: this.line(coordinates) };
      case 'Polygon':
        return { type, coordinates: this.polygon(coordinates) };
      case 'MultiPoint':
        return { type, coordinates: nonEmptyArray(coordinates).items.map((item) => this.position(item)) };
      case 'MultiLineString':
        return { type, coordinates: nonEmptyArray(coordinates).items.map((item) => this.line(item)) };
      case 'MultiPolygon':
        return { type, coordinates: nonEmptyArray(coordinates).items.map((item) => this.polygon(item)) };
    }
  }

  private position(node: JsonNode): Position {
    if (node.kind !== 'array' || node.items.length < 2) {
      fail('a position must be an array of at least 2 numbers', node.offset);
    }
    for (const item of node.items) {
      if (item.kind !== 'number') fail('a position must be an array of at least 2 numbers', item.offset);
      if (!Number.isFinite(item.value)) {
        throw new GeometryLiteralError(
          `Coordinate is not a finite number: ${excerpt(item.text)}`,
          item.offset,
        );
      }
    }
    this.budget.take(node.offset);
    const [x, y] = node.items;
    return checkedPosition(numberValue(x), numberValue(y), node.offset);
  }

  private line(node: JsonNode): Position[] {
    const line = nonEmptyArray(node).items.map((item) => this.position(item));
    checkLineString(line, node.offset);
    return line;
  }

  private polygon(node: JsonNode): Position[][] {
    return nonEmptyArray(node).items.map((ringNode) => {
      const ring = nonEmptyArray(ringNode).items.map((item) => this.position(item));
      checkRing(ring, ringNode.offset);
      return ring;
    });
  }
}

function checkCrs(object: ObjectNode): void {
  const crs = object.members.get('crs');
  if (!crs || (crs.kind === 'literal' && crs.value === null)) return;
  const properties = crs.kind === 'object' ? crs.members.get('properties') : undefined;
  const name = properties?.kind === 'object' ? properties.members.get('name') : undefined;
  if (name?.kind !== 'string' || !WGS84_NAMES.has(name.value.toLowerCase())) {
    const shown = name?.kind === 'string' ? excerpt(name.value) : 'not a named CRS';
    throw new GeometryLiteralError(`Unsupported coordinate reference system: ${shown}`, crs.offset);
  }
}

function member(object: ObjectNode, name: string): JsonNode {
  const node = object.members.get(name);
  if (!node) fail(`missing "${name}" member`, object.offset);
  return node;
}

/** An array with items: an empty one is an empty geometry (or an empty part of one). */
function nonEmptyArray(node: JsonNode): ArrayNode {
  if (node.kind !== 'array') fail('expected an array', node.offset);
  if (node.items.length === 0) throw new GeometryLiteralError(EMPTY_GEOMETRY_MESSAGE, node.offset);
  return node;
}

function asObject(node: JsonNode, message: string): ObjectNode {
  if (node.kind !== 'object') fail(message, node.offset);
  return node;
}

function numberValue(node: JsonNode | undefined): number {
  return node?.kind === 'number' ? node.value : Number.NaN;
}

function fail(what: string, offset: number): never {
  throw new GeometryLiteralError(`Invalid GeoJSON: ${what} at position ${offset}`, offset);
}
