import type { NamedNode, Quad, Quad_Object, Quad_Subject } from 'n3';
import { DataFactory } from 'n3';
import type { ExportColumn, ExportContext, ExportRecord } from '../types';
import { projectedGeometry, toWkt } from './geo-values';

/*
 * Records as RDF triples, shared by every RDF serialisation (JSON-LD, RDF/XML, Turtle, N3): a subject IRI
 * per record under the dataset URL (`…/records/{id}`; a blank node for a group), one predicate per field
 * (`…/fields/{name}`), typed literals, geometries as GeoSPARQL WKT literals in the requested EPSG.
 */

const { namedNode, literal, quad, blankNode } = DataFactory;

export const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  geo: 'http://www.opengis.net/ont/geosparql#',
  dcterms: 'http://purl.org/dc/terms/',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what gets encoded
const IRI_UNSAFE = /[\u0000-\u0020<>"{}|\\^`&']/g;

/**
 * An IRI safe in every serialisation: characters an IRI may not hold, and those an XML attribute or a
 * Turtle IRI would need to escape, are percent-encoded.
 */
export function safeIri(iri: string): string {
  return iri.replace(IRI_UNSAFE, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * The last segment of a field's predicate: the field name when it is an XML name (RDF/XML writes
 * predicates as element names), else each other character as `-hex` (field names never hold `-`, so
 * encoded names cannot collide with real ones).
 */
export function predicateName(name: string): string {
  const encoded = name.replace(/[^A-Za-z0-9_]/g, (c) => `-${c.codePointAt(0)?.toString(16)}`);
  return /^[A-Za-z_]/.test(encoded) ? encoded : `_${encoded}`;
}

export interface RdfVocabulary {
  readonly dataset: NamedNode;
  /** Namespace of the field predicates (`…/fields/`). */
  readonly fields: string;
  readonly records: string;
  readonly predicates: ReadonlyMap<string, NamedNode>;
}

export function rdfVocabulary(context: ExportContext): RdfVocabulary {
  const base = safeIri(context.datasetUrl);
  const fields = `${base}/fields/`;
  return {
    dataset: namedNode(base),
    fields,
    records: `${base}/records/`,
    predicates: new Map(context.columns.map((c) => [c.name, namedNode(fields + predicateName(c.name))])),
  };
}

const typed = (value: string, type: string): Quad_Object => literal(value, namedNode(type));

/** A GeoSPARQL WKT literal; the CRS IRI prefixes it unless the geometry is in WGS 84 lon/lat (CRS84). */
function wktLiteral(context: ExportContext, value: unknown): Quad_Object | null {
  const geometry = projectedGeometry(context, value);
  if (!geometry) return null;
  const crs = context.epsg === 4326 ? '' : `<http://www.opengis.net/def/crs/EPSG/0/${context.epsg}> `;
  return typed(crs + toWkt(geometry), `${NS.geo}wktLiteral`);
}

function scalar(value: unknown): Quad_Object {
  if (typeof value === 'number') {
    return typed(String(value), Number.isInteger(value) ? `${NS.xsd}integer` : `${NS.xsd}double`);
  }
  if (typeof value === 'boolean') return typed(String(value), `${NS.xsd}boolean`);
  return literal(String(value));
}

/** The objects of one value of a column (several for a multivalued field). */
export function valueObjects(context: ExportContext, column: ExportColumn, value: unknown): Quad_Object[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value) && column.type !== 'json') {
    return value.flatMap((v) => valueObjects(context, column, v));
  }
  switch (column.type) {
    case 'int':
      return [typed(String(value), `${NS.xsd}integer`)];
    case 'double':
      return [typed(String(value), `${NS.xsd}double`)];
    case 'boolean':
      return [typed(String(value), `${NS.xsd}boolean`)];
    case 'date':
      return [typed(String(value), `${NS.xsd}date`)];
    case 'datetime':
      return [typed(String(value), `${NS.xsd}dateTime`)];
    case 'geo_point_2d':
    case 'geo_shape': {
      const wkt = wktLiteral(context, value);
      return wkt ? [wkt] : [];
    }
    case 'json':
      return typeof value === 'object' ? [typed(JSON.stringify(value), `${NS.rdf}JSON`)] : [scalar(value)];
    default:
      return [scalar(value)];
  }
}

/** Labels of the field predicates: written once, before the records. */
export function vocabularyQuads(context: ExportContext, vocabulary: RdfVocabulary): Quad[] {
  return context.columns.map((c) =>
    quad(vocabulary.predicates.get(c.name)!, namedNode(`${NS.rdfs}label`), literal(c.label)),
  );
}

export function recordQuads(context: ExportContext, vocabulary: RdfVocabulary, record: ExportRecord): Quad[] {
  const subject: Quad_Subject =
    record.id === undefined
      ? blankNode()
      : namedNode(vocabulary.records + encodeURIComponent(record.id).replace(/'/g, '%27'));
  const quads: Quad[] = [quad(subject, namedNode(`${NS.dcterms}isPartOf`), vocabulary.dataset)];
  for (const column of context.columns) {
    const predicate = vocabulary.predicates.get(column.name)!;
    for (const object of valueObjects(context, column, record.fields[column.name])) {
      quads.push(quad(subject, predicate, object));
    }
  }
  return quads;
}

/** Every triple of the export in batches: the vocabulary, then each batch of records. */
export async function* exportQuads(context: ExportContext): AsyncIterable<readonly Quad[]> {
  const vocabulary = rdfVocabulary(context);
  yield vocabularyQuads(context, vocabulary);
  for await (const batch of context.records) {
    if (context.signal.aborted) return;
    yield batch.flatMap((r) => recordQuads(context, vocabulary, r));
  }
}
