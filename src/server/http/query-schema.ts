import { LANGS } from '../../odsql';
import { type BoundedParameter, PARAMETER_BOUNDS } from './limits';
import type { IntegerText, OneOfText } from './parameter-keywords';
import { PAGING } from './params';

/*
 * The vocabulary routes declare their query strings and path segments in (Fastify's `querystring` and
 * `params` schemas). Fastify checks a request against them before its handler runs, and schema-errors.ts
 * answers a misfit with the interface's 400; the handlers then read values of the form declared (the
 * readers of params.ts). Unknown parameters are left alone, as the interface ignores them. ODSQL clauses
 * (`where`, `select`, `group_by`, `order_by`…) stay text here: src/odsql reads them.
 */

/** The JSON Schema of one parameter. */
export type ParameterSchema = Readonly<Record<string, unknown>>;
type Properties = Readonly<Record<string, ParameterSchema>>;

/** A parameter given once: a second value is refused ("a single value is expected"). */
export const text: ParameterSchema = { type: 'string' };

/** A parameter that may be repeated, up to its bound (limits.ts); the handler always reads a list. */
export function texts(bound: BoundedParameter): ParameterSchema {
  return { type: 'array', items: { type: 'string' }, maxItems: PARAMETER_BOUNDS[bound] };
}

/** A decimal integer in `[minimum, maximum]`, given once; blank asks for the route's default. */
export function integer(minimum: number, maximum: number): ParameterSchema {
  const range: IntegerText = { minimum, maximum };
  return { type: 'string', integerText: range };
}

/** true, false, 1 or 0 in any case, given once; empty asks for the route's default. */
export const flag: ParameterSchema = { type: 'string', flagText: true };

/** One of `values` (lower case) in any case, given once; empty asks for the route's default. */
export function oneOf(values: readonly string[]): ParameterSchema {
  const list: OneOfText = { values };
  return { type: 'string', oneOfText: list };
}

/** `lang`: a language the interface knows. */
export const language: ParameterSchema = oneOf(LANGS);

/** The schema of a query string: its parameters, others ignored; `extra` adds keywords (`if`…). */
export function querystring(properties: Properties, extra: Readonly<Record<string, unknown>> = {}) {
  return { type: 'object', properties, ...extra } as const;
}

/** The schema of a route's path segments, each a text (`:dataset_id`, `:record_id`…). */
export function pathParams(...names: readonly string[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((n) => [n, text])),
    required: names,
  } as const;
}

/** The records filters every query endpoint takes: ODSQL `where`, v1's `qv1`, refine and exclude. */
export const FILTERS: Properties = {
  where: texts('where'),
  qv1: text,
  refine: texts('refine'),
  exclude: texts('exclude'),
};

/** How values are written and read: `lang` (dates, metadata) and `timezone` (checked by the engine's list). */
export const LOCALE: Properties = { lang: language, timezone: text };

/**
 * The query string of a query endpoint: `properties` with `limit` and `offset` (spec §8), up to 100
 * records, or up to 20,000 groups when the request groups (`grouped`: always, or when `group_by` is not
 * blank). `offset + limit` is checked by the handler (params.ts `page`), for it depends on both.
 */
export function pagedQuerystring(properties: Properties, grouped: 'always' | 'by group_by') {
  const offset = integer(0, Number.MAX_SAFE_INTEGER);
  const inGroups = integer(-1, PAGING.grouped.maxLimit);
  if (grouped === 'always') return querystring({ ...properties, limit: inGroups, offset });
  return querystring(
    { ...properties, limit: text, offset },
    {
      if: {
        properties: { group_by: { type: 'string', pattern: '\\S' } },
        required: ['group_by'],
      },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, never awaited
      then: { properties: { limit: inGroups } },
      else: { properties: { limit: integer(-1, PAGING.records.maxLimit) } },
    },
  );
}
