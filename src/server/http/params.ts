import type { Lang } from '../../odsql';
import { invalidParameter } from '../errors';

/** A parsed query string: repeated parameters arrive as arrays. */
export type QueryString = Readonly<Record<string, string | readonly string[] | undefined>>;

/*
 * Readers of the query string, for handlers whose route declares its parameters (query-schema.ts):
 * Fastify has refused, before the handler runs, a value of the wrong form (a second value, an integer
 * out of range, a flag that is none), so these read what the schema let through.
 */

/** A parameter given once; given several times, it is an error (a parameter no schema declares). */
export function single(query: QueryString, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (value.length === 1) return value[0];
  throw invalidParameter(name, value.join(', '), 'a single value');
}

/** A repeatable parameter (`where`, `refine`, `exclude`, `facet`…), empty values dropped. */
export function repeated(query: QueryString, name: string): string[] {
  const value = query[name];
  if (value === undefined) return [];
  const values = typeof value === 'string' ? [value] : value;
  return values.filter((v) => v.trim() !== '');
}

/** An integer parameter (schema: `integer(min, max)`); `fallback` when absent or blank. */
export function integer(query: QueryString, name: string, fallback: number): number {
  const raw = single(query, name)?.trim();
  return raw === undefined || raw === '' ? fallback : Number(raw);
}

/** A flag (schema: `flag`); `fallback` when absent or empty. */
export function boolean(query: QueryString, name: string, fallback: boolean): boolean {
  const raw = single(query, name)?.toLowerCase();
  return raw === undefined || raw === '' ? fallback : raw === 'true' || raw === '1';
}

/** `lang` (schema: `language`), fr when absent or empty. */
export function lang(query: QueryString): Lang {
  return metadataLang(query) ?? 'fr';
}

/**
 * The language the metadata is asked in: `lang` when given (datasets translated into it answer in it),
 * else undefined (the untranslated metadata). Date formatting's default (`lang`, fr) is another matter.
 */
export function metadataLang(query: QueryString): Lang | undefined {
  const raw = single(query, 'lang')?.toLowerCase();
  return raw === undefined || raw === '' ? undefined : (raw as Lang);
}

/** `timezone` must be known both to the JavaScript runtime and to the SQL engine. */
export function timezone(query: QueryString, known: ReadonlySet<string>): string {
  const raw = single(query, 'timezone');
  if (raw === undefined || raw === '') return 'UTC';
  if (!known.has(raw))
    throw invalidParameter('timezone', raw, 'a time zone identifier such as Europe/Paris or UTC');
  return raw;
}

export interface Page {
  readonly limit: number;
  readonly offset: number;
}

/**
 * Paging bounds of the query endpoints (spec §8): the largest `limit`, and how far `offset + limit` may
 * reach. Without group_by the sum must stay below 10,000 (strictly, as the spec states); with group_by
 * it may reach 20,000, since 20,000 is also the largest `limit`.
 */
export const PAGING = {
  records: { maxLimit: 100, window: 10_000, strict: true },
  grouped: { maxLimit: 20_000, window: 20_000, strict: false },
} as const;

/** The largest `offset + limit` a request may ask for. */
export function lastReachable(bounds: (typeof PAGING)[keyof typeof PAGING]): number {
  return bounds.strict ? bounds.window - 1 : bounds.window;
}

/**
 * `limit` and `offset` of a query endpoint (schema: `paging`), and the window they reach, which depends on
 * both. `limit=-1` asks for the most allowed; `defaultLimit` is
 * the limit when none is given (10, or -1 where the service answers every group).
 */
export function page(query: QueryString, grouped: boolean, defaultLimit = 10): Page {
  const bounds = grouped ? PAGING.grouped : PAGING.records;
  const reach = lastReachable(bounds);
  const requested = integer(query, 'limit', defaultLimit);
  const offset = integer(query, 'offset', 0);
  const limit = requested === -1 ? Math.max(0, Math.min(bounds.maxLimit, reach - offset)) : requested;
  if (offset + limit > reach) {
    const relation = bounds.strict
      ? `offset + limit < ${bounds.window}`
      : `offset + limit <= ${bounds.window}`;
    throw invalidParameter(
      'offset',
      String(offset),
      `0 <= offset <= ${Math.max(0, reach - limit)} (${relation}; an export gives more)`,
    );
  }
  return { limit, offset };
}
