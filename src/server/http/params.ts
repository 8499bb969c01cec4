import { isLang, LANGS, type Lang } from '../../odsql/time/date-format';
import { invalidParameter } from '../errors';

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

/** A repeatable parameter (`where`, `refine`, `exclude`, `facet`), empty values dropped. */
export function repeated(query: QueryString, name: string): string[] {
  const value = query[name];
  if (value === undefined) return [];
  const values = typeof value === 'string' ? [value] : [...value];
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

/** Paging bounds of the query endpoints: the largest `limit`, and how far `offset + limit` may reach. */
export const PAGING = {
  records: { maxLimit: 100, window: 10_000 },
  grouped: { maxLimit: 20_000, window: 20_000 },
} as const;

/**
 * `limit` and `offset` of a query endpoint. Without group_by: limit ≤ 100 and offset + limit ≤ 10,000;
 * with group_by: limit ≤ 20,000 and offset + limit ≤ 20,000. `limit=-1` asks for the most allowed.
 */
export function page(query: QueryString, grouped: boolean): Page {
  const { maxLimit, window } = grouped ? PAGING.grouped : PAGING.records;
  const requested = integer(query, 'limit', 10, -1, maxLimit);
  const offset = integer(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  const limit = requested === -1 ? Math.max(0, Math.min(maxLimit, window - offset)) : requested;
  if (offset + limit > window) {
    throw invalidParameter(
      'offset',
      String(offset),
      `0 <= offset <= ${window - limit} (offset + limit <= ${window}; an export gives more)`,
    );
  }
  return { limit, offset };
}
