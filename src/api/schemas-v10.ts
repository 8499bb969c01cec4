import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { forSerialiser } from './schemas';

/*
 * JSON schemas of the v1.0 replies, beside their types (types-v10.ts). The v1 routes write every JSON
 * answer through these (`sendV1`): Fastify's serialiser compiles each once, and the text is then
 * indented (`pretty_print`) or wrapped in a JSONP call. The same rules as schemas.ts hold: fixed shapes
 * list their keys in the order the server writes them, records' fields, dataset objects, echoed
 * parameters and analyze points are open, geometries are any JSON.
 */

const openObject = { type: 'object', additionalProperties: true } as const satisfies JSONSchema;
/** A GeoJSON geometry, written as it is. */
const geometry = {} as const satisfies JSONSchema;
const nullableNumber = { type: ['number', 'null'] } as const satisfies JSONSchema;

const range = {
  type: 'object',
  properties: { min: { type: 'number' }, max: { type: 'number' } },
  required: ['min', 'max'],
  additionalProperties: false,
} as const satisfies JSONSchema;

const seriesValues = { type: 'object', additionalProperties: nullableNumber } as const satisfies JSONSchema;
const seriesRanges = { type: 'object', additionalProperties: range } as const satisfies JSONSchema;

const record = {
  type: 'object',
  properties: {
    datasetid: { type: 'string' },
    recordid: { type: 'string' },
    fields: openObject,
    geometry,
    record_timestamp: { type: 'string' },
  },
  required: ['datasetid', 'recordid', 'fields', 'record_timestamp'],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** A facet value without its children (FromSchema cannot follow the recursion of `facets`). */
const facetValueLeaf = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    path: { type: 'string' },
    count: { type: 'integer' },
    state: { type: 'string' },
  },
  required: ['name', 'path', 'state'],
  additionalProperties: false,
} as const satisfies JSONSchema;

const FACET_VALUE_REF = '#/$defs/facetValue';

const facetValue = {
  ...facetValueLeaf,
  properties: { ...facetValueLeaf.properties, facets: { type: 'array', items: { $ref: FACET_VALUE_REF } } },
} as const;

const facetGroups = {
  type: 'array',
  items: {
    type: 'object',
    properties: { name: { type: 'string' }, facets: { type: 'array', items: { $ref: FACET_VALUE_REF } } },
    required: ['name', 'facets'],
    additionalProperties: false,
  },
} as const;

const datasetsSearch = {
  type: 'object',
  properties: {
    nhits: { type: 'integer' },
    parameters: openObject,
    datasets: { type: 'array', items: openObject },
    facet_groups: facetGroups,
  },
  required: ['nhits', 'parameters', 'datasets'],
  additionalProperties: false,
  $defs: { facetValue },
} as const;

const recordsSearch = {
  type: 'object',
  properties: {
    nhits: { type: 'integer' },
    parameters: openObject,
    records: { type: 'array', items: record },
    facet_groups: facetGroups,
  },
  required: ['nhits', 'parameters', 'records'],
  additionalProperties: false,
  $defs: { facetValue },
} as const;

const featureCollection = {
  type: 'object',
  properties: {
    type: { type: 'string', const: 'FeatureCollection' },
    features: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          type: { type: 'string', const: 'Feature' },
          geometry,
          properties: openObject,
          id: { type: 'string' },
        },
        required: ['type', 'geometry', 'properties', 'id'],
        additionalProperties: false,
      },
    },
  },
  required: ['type', 'features'],
  additionalProperties: false,
} as const satisfies JSONSchema;

const boundingBox = {
  type: 'object',
  properties: {
    count: { type: 'integer' },
    geometries: { type: 'object', additionalProperties: { type: 'integer' } },
    bbox: { type: 'array', items: { type: 'number' }, minItems: 4, maxItems: 4 },
  },
  required: ['count', 'geometries'],
  additionalProperties: false,
} as const satisfies JSONSchema;

const geoClusters = {
  type: 'object',
  properties: {
    clusters: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          cluster_center: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 },
          count: { type: 'integer' },
          cluster: geometry,
          series: seriesValues,
        },
        required: ['cluster_center', 'count', 'cluster'],
        additionalProperties: false,
      },
    },
    count: range,
    series: seriesRanges,
    clusterprecision: { type: 'integer' },
  },
  required: ['clusters', 'count', 'clusterprecision'],
  additionalProperties: false,
} as const satisfies JSONSchema;

const geoPreview = {
  type: 'array',
  items: {
    type: 'object',
    properties: { geometry, geo_digest: { type: 'string' } },
    required: ['geometry', 'geo_digest'],
    additionalProperties: false,
  },
} as const satisfies JSONSchema;

const geoPolygons = {
  type: 'object',
  properties: {
    clusters: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          cluster: geometry,
          geo_digest: { type: 'string' },
          count: { type: 'integer' },
          series: seriesValues,
        },
        required: ['cluster', 'geo_digest', 'count'],
        additionalProperties: false,
      },
    },
    count: range,
    series: seriesRanges,
  },
  required: ['clusters', 'count'],
  additionalProperties: false,
} as const satisfies JSONSchema;

const analyzePoints = { type: 'array', items: openObject } as const satisfies JSONSchema;

/** The schema of each v1 JSON reply, as declared (validators and tests read these). */
export const V1_RESPONSE_SCHEMAS = {
  datasetsSearch,
  dataset: openObject,
  recordsSearch,
  record,
  featureCollection,
  analyzePoints,
  boundingBox,
  geoClusters,
  geoPreview,
  geoPolygons,
} as const;

export type V1ReplyKind = keyof typeof V1_RESPONSE_SCHEMAS;

/**
 * The same schemas as the serialiser takes them (see `forSerialiser`): one object per kind, made once,
 * because Fastify caches the serialiser it compiles by the schema object's identity.
 */
export const V1_SERIALISER_SCHEMAS: Readonly<Record<V1ReplyKind, Readonly<Record<string, unknown>>>> =
  Object.fromEntries(
    Object.entries(V1_RESPONSE_SCHEMAS).map(([kind, schema]) => [kind, forSerialiser(schema)]),
  ) as Record<V1ReplyKind, Record<string, unknown>>;

/** Types the fixed schemas describe (schemas-v10.test.ts compares them with types-v10.ts). */
export type V1RecordFromSchema = FromSchema<typeof record>;
export type V1FacetValueLeafFromSchema = FromSchema<typeof facetValueLeaf>;
export type V1FeatureCollectionFromSchema = FromSchema<typeof featureCollection>;
export type V1BoundingBoxFromSchema = FromSchema<typeof boundingBox>;
export type V1GeoClustersFromSchema = FromSchema<typeof geoClusters>;
export type V1GeoPreviewFromSchema = FromSchema<typeof geoPreview>;
export type V1GeoPolygonsFromSchema = FromSchema<typeof geoPolygons>;
