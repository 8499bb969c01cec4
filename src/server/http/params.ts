import { isLang, LANGS, type Lang } from '../../odsql';
import { invalidParameter, tooManyParameters } from '../errors';
import { type BoundedParameter, PARAMETER_BOUNDS } from './limits';

/** A parsed query string: repeated parameters arrive as arrays. */
export type QueryString = Readonly<Record<string, string | readonly string[] | undefined>>;

/** A parameter given once; given several times, it is an error (except where noted). */
export function single(query: QueryString, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (value.length === 1) return value[0];
  throw invalidParameter(name, value.join(', '), 'a single value');
}

/**
 * A repeatable parameter (`where`, `refine`, `exclude`, `facet`…), empty values dropped. Given more
 * times than its bound (limits.ts), it is an error.
 */
export function repeated(query: QueryString, name: BoundedParameter): string[] {
  const value = query[name];
  if (value === undefined) return [];
  const values = typeof value === 'string' ? [value] : [...value];
  const max = PARAMETER_BOUNDS[name];
  if (values.length > max) throw tooManyParameters(name, values.length, max);
  return values.filter((v) => v.trim() !== '');
}

export function integer(
  query: QueryString,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = single(query, name);
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.trim());
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value)) {
    throw invalidParameter(name, raw, `an integer with ${min} <= ${name} <= ${max}`);
  }
  if (value < min || value > max) throw invalidParameter(name, raw, `${min} <= ${name} <= ${max}`);
  return value;
}

export function boolean(query: QueryString, name: string, fallback: boolean): boolean {
  const raw = single(query, name);
  if (raw === undefined || raw === '') return fallback;
  const lower = raw.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  throw invalidParameter(name, raw, 'true or false');
}

export function lang(query: QueryString): Lang {
  const raw = single(query, 'lang');
  if (raw === undefined || raw === '') return 'fr';
  const lower = raw.toLowerCase();
  if (!isLang(lower)) throw invalidParameter('lang', raw, `one of ${LANGS.join(', ')}`);
  return lower;
}

/**
 * The language the metadata is asked in: `lang` when given (datasets translated into it answer in it),
 * else undefined (the untranslated metadata). Date formatting's default (`lang`, fr) is another matter.
 */
export function metadataLang(query: QueryString): Lang | undefined {
  const raw = single(query, 'lang');
  return raw === undefined || raw === '' ? undefined : lang(query);
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
 * `limit` and `offset` of a query endpoint. `limit=-1` asks for the most allowed; `defaultLimit` is
 * the limit when none is given (10, or -1 where the service answers every group).
 */
export function page(query: QueryString, grouped: boolean, defaultLimit = 10): Page {
  const bounds = grouped ? PAGING.grouped : PAGING.records;
  const reach = lastReachable(bounds);
  const requested = integer(query, 'limit', defaultLimit, -1, bounds.maxLimit);
  const offset = integer(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
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
