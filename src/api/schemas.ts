import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { ApiVersion } from './version';

/*
 * JSON schemas of the Explore API replies, per version, beside the types they describe (types.ts,
 * types-v20.ts). The server declares them as response schemas, so Fastify serialises replies from them;
 * tests may validate against them. The explorer never imports this module (index.ts does not re-export
 * it): the schemas stay out of the browser bundle.
 *
 * Serialising from a schema drops keys it does not list and coerces values to the listed types, so:
 * - fixed shapes (links, facets, attachments, envelopes) list every key the server writes, in the order
 *   it writes them, and say `null` where a value may be null;
 * - records, aggregations and dataset objects are open (`additionalProperties: true`, no listed keys):
 *   their keys follow the query (`select`, `group_by`) or the order the real service writes, and their
 *   values are written as they are.
 * schemas.test.ts proves that each fixed schema and its type in types.ts agree, and that replies pass
 * through the serialiser unchanged.
 */

const linkSchema = {
  type: 'object',
  properties: { rel: { type: 'string' }, href: { type: 'string' } },
  required: ['rel', 'href'],
  additionalProperties: false,
} as const satisfies JSONSchema;

const linksSchema = { type: 'array', items: linkSchema } as const satisfies JSONSchema;

/** v2.0 writes `href` before `rel` (conformance captures 32–35, 37, 38); the serialiser follows the schema. */
const linkSchemaV20 = {
  type: 'object',
  properties: { href: { type: 'string' }, rel: { type: 'string' } },
  required: ['href', 'rel'],
  additionalProperties: false,
} as const satisfies JSONSchema;

const linksSchemaV20 = { type: 'array', items: linkSchemaV20 } as const satisfies JSONSchema;

/** A record, an aggregation or a dataset object: keys and values as the query produced them. */
const openObjectSchema = { type: 'object', additionalProperties: true } as const satisfies JSONSchema;

const errorBodySchema = {
  type: 'object',
  properties: { error_code: { type: 'string' }, message: { type: 'string' } },
  required: ['error_code', 'message'],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** A 429 for an exhausted quota: the service's own shape, not `{error_code, message}`. */
const quotaBodySchema = {
  type: 'object',
  properties: {
    errorcode: { type: 'integer' },
    reset_time: { type: 'string' },
    limit_time_unit: { type: 'string' },
    call_limit: { type: 'integer' },
    error: { type: 'string' },
  },
  required: ['errorcode', 'error'],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** A facet value without its children (FromSchema cannot follow the recursion; see facetValueSchema). */
const facetValueLeafSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    count: { type: 'integer' },
    state: { type: 'string' },
    value: { type: 'string' },
  },
  required: ['name', 'state', 'value'],
  additionalProperties: false,
} as const satisfies JSONSchema;

const FACET_VALUE_REF = '#/$defs/facetValue';

/** A facet value; a refined level of a hierarchy lists its children in `facets` (same shape). */
const facetValueSchema = {
  ...facetValueLeafSchema,
  properties: {
    ...facetValueLeafSchema.properties,
    facets: { type: 'array', items: { $ref: FACET_VALUE_REF } },
  },
} as const;

const facetSchema = {
  type: 'object',
  properties: { name: { type: 'string' }, facets: { type: 'array', items: { $ref: FACET_VALUE_REF } } },
  required: ['name', 'facets'],
  additionalProperties: false,
} as const;

/** `GET /catalog/facets` and `GET /catalog/datasets/{id}/facets` (v2.1). */
export const facetsResponseSchema = {
  type: 'object',
  properties: { links: linksSchema, facets: { type: 'array', items: facetSchema } },
  required: ['facets'],
  additionalProperties: false,
  $defs: { facetValue: facetValueSchema },
} as const;

/** v2.0 writes a facet value's keys as `count, state, name, value` (conformance captures 37, 38). */
const facetValueSchemaV20 = {
  ...facetValueSchema,
  properties: {
    count: facetValueSchema.properties.count,
    state: facetValueSchema.properties.state,
    name: facetValueSchema.properties.name,
    value: facetValueSchema.properties.value,
    facets: facetValueSchema.properties.facets,
  },
} as const;

const facetsResponseSchemaV20 = {
  ...facetsResponseSchema,
  properties: { ...facetsResponseSchema.properties, links: linksSchemaV20 },
  $defs: { facetValue: facetValueSchemaV20 },
} as const;

/** `GET /`, `GET /catalog`, `GET /catalog/exports`, `GET /catalog/datasets/{id}/exports`: links only. */
export const linksResponseSchema = {
  type: 'object',
  properties: { links: linksSchema },
  required: ['links'],
  additionalProperties: false,
} as const satisfies JSONSchema;

const linksResponseSchemaV20 = {
  ...linksResponseSchema,
  properties: { links: linksSchemaV20 },
} as const satisfies JSONSchema;

const nullableString = { type: ['string', 'null'] } as const;

const attachmentSchema = {
  type: 'object',
  properties: {
    href: { type: 'string' },
    metas: {
      type: 'object',
      properties: {
        'mime-type': nullableString,
        title: nullableString,
        url: nullableString,
        id: nullableString,
      },
      additionalProperties: false,
    },
  },
  required: ['href', 'metas'],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** `GET /catalog/datasets/{id}/attachments` (v2.1). */
export const attachmentsResponseSchema = {
  type: 'object',
  properties: { links: linksSchema, attachments: { type: 'array', items: attachmentSchema } },
  required: ['attachments'],
  additionalProperties: false,
} as const satisfies JSONSchema;

const attachmentsResponseSchemaV20 = {
  ...attachmentsResponseSchema,
  properties: { ...attachmentsResponseSchema.properties, links: linksSchemaV20 },
} as const satisfies JSONSchema;

/** v2.1 `GET …/records`: `total_count` is absent with a group_by, `links` without include_links. */
const recordsV21 = {
  type: 'object',
  properties: {
    total_count: { type: 'integer' },
    links: linksSchema,
    results: { type: 'array', items: openObjectSchema },
  },
  required: ['results'],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** A v2.0 record, or with a group_by an aggregation (`{"record": {"fields": …}}`, no links). */
const recordWrapperV20 = {
  type: 'object',
  properties: {
    links: linksSchemaV20,
    record: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        timestamp: { type: 'string' },
        size: { type: 'integer' },
        fields: openObjectSchema,
      },
      required: ['fields'],
      additionalProperties: false,
    },
  },
  required: ['record'],
  additionalProperties: false,
} as const satisfies JSONSchema;

const recordsV20 = {
  type: 'object',
  properties: {
    total_count: { type: 'integer' },
    links: linksSchemaV20,
    records: { type: 'array', items: recordWrapperV20 },
  },
  required: ['links', 'records'],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** v2.1 `GET /catalog/datasets`: dataset objects (or, with a group_by or an ODSQL select, their rows). */
const catalogV21 = {
  type: 'object',
  properties: { total_count: { type: 'integer' }, results: { type: 'array', items: openObjectSchema } },
  required: ['results'],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** v2.0 `GET /catalog/datasets`: `{links, dataset}` wrappers (or rows, with a group_by or an ODSQL select). */
const catalogV20 = {
  type: 'object',
  properties: {
    total_count: { type: 'integer' },
    links: linksSchemaV20,
    datasets: { type: 'array', items: openObjectSchema },
  },
  required: ['links', 'datasets'],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** v2.0 `GET …/aggregates`. */
export const aggregationsResponseSchema = {
  type: 'object',
  properties: { aggregations: { type: 'array', items: openObjectSchema } },
  required: ['aggregations'],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** The schemas whose shape depends on the version. */
interface VersionedSchemas {
  /** `GET /catalog/datasets`. */
  readonly catalog: JSONSchema;
  /** `GET /catalog/datasets/{id}`: the flat object (v2.1) or `{links, dataset}` (v2.0). */
  readonly dataset: JSONSchema;
  /** `GET …/records`. */
  readonly records: JSONSchema;
  /** `GET …/records/{record_id}`: the record's fields (v2.1) or its wrapper (v2.0). */
  readonly record: JSONSchema;
  /** `GET /catalog/facets` and `GET /catalog/datasets/{id}/facets`. */
  readonly facets: JSONSchema;
  /** `GET /`, `GET /catalog` and the exports lists: links only. */
  readonly links: JSONSchema;
  /** `GET /catalog/datasets/{id}/attachments`. */
  readonly attachments: JSONSchema;
}

export const RESPONSE_SCHEMAS: Readonly<Record<ApiVersion, VersionedSchemas>> = {
  '2.1': {
    catalog: catalogV21,
    dataset: openObjectSchema,
    records: recordsV21,
    record: openObjectSchema,
    facets: facetsResponseSchema,
    links: linksResponseSchema,
    attachments: attachmentsResponseSchema,
  },
  '2.0': {
    catalog: catalogV20,
    dataset: {
      type: 'object',
      properties: { links: linksSchemaV20, dataset: openObjectSchema },
      required: ['links', 'dataset'],
      additionalProperties: false,
    },
    records: recordsV20,
    record: recordWrapperV20,
    facets: facetsResponseSchemaV20,
    links: linksResponseSchemaV20,
    attachments: attachmentsResponseSchemaV20,
  },
};

/**
 * A schema as the serialiser takes it: without `required`, because fast-json-stringify writes required
 * keys first (the interface's key order would change) and throws on a missing one instead of answering.
 */
export function forSerialiser(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerialiser);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) if (key !== 'required') out[key] = forSerialiser(value);
  return out;
}

const errorReply = forSerialiser(errorBodySchema);
const quotaReply = forSerialiser(quotaBodySchema);

/**
 * A route's response schemas: its 200 reply, and the bodies of its 4xx and 5xx replies (those are
 * written as text by the error handler and the quota hook, which keep the service's indentation).
 */
export function replySchemas(ok: JSONSchema): Readonly<Record<'200' | '429' | '4xx' | '5xx', unknown>> {
  return { 200: forSerialiser(ok), 429: quotaReply, '4xx': errorReply, '5xx': errorReply };
}

/** Types the fixed schemas describe (schemas.test.ts compares them with types.ts). */
export type LinkFromSchema = FromSchema<typeof linkSchema>;
export type ErrorBodyFromSchema = FromSchema<typeof errorBodySchema>;
export type FacetValueLeafFromSchema = FromSchema<typeof facetValueLeafSchema>;
export type AttachmentFromSchema = FromSchema<typeof attachmentSchema>;
export type RecordsV21FromSchema = FromSchema<typeof recordsV21>;
export type RecordsV20FromSchema = FromSchema<typeof recordsV20>;
