import { type DatasetSchema, findField, printName, printString } from '../../odsql';
import { ApiError, invalidParameter, tooManyParameters, tooManyValues } from '../errors';
import type { FacetConfig } from '../facets/config';
import { parseDatePath } from '../facets/paths';
import { PARAMETER_BOUNDS } from '../http/limits';
import { integer, type QueryString, repeated, single } from '../http/params';

/*
 * The v1 request parameters: paging (`rows`, `start`), the v1 sort rule, `fields`, and the facet
 * parameters (`facet`, `refine.<f>`, `exclude.<f>`, `disjunctive.<f>`), which are turned into their v2
 * form so that the v2 facet machinery checks and runs them.
 */

/** v1 reaches the same first 10,000 records as v2, in pages of up to all of them. */
export const V1_WINDOW = 10_000;

export interface V1Page {
  readonly rows: number;
  readonly start: number;
}

/** `rows` (default 10; -1: as many as the window allows) and `start`, with `start + rows <= 10000`. */
export function v1Page(query: QueryString): V1Page {
  const start = integer(query, 'start', 0);
  const requested = integer(query, 'rows', 10);
  const rows = requested === -1 ? V1_WINDOW - start : requested;
  if (start + rows > V1_WINDOW) {
    throw invalidParameter(
      'start',
      String(start),
      `0 <= start <= ${V1_WINDOW - rows} (start + rows <= ${V1_WINDOW})`,
    );
  }
  return { rows, start };
}

/**
 * Values of a parameter that may be repeated or comma-separated (`sort`, `fields`), as many as the clause
 * they become allows (limits.ts).
 */
function listValues(query: QueryString, name: 'sort' | 'fields', what: string): string[] {
  const values = repeated(query, name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  const max = PARAMETER_BOUNDS[name];
  if (values.length > max) throw tooManyValues(name, values.length, max, what);
  return values;
}

/**
 * `sort` as an ODSQL order_by. The v1 rule: numbers and dates sort descending, `-` makes them ascending;
 * text sorts ascending, `-` makes it descending.
 */
export function v1Sort(query: QueryString, schema: DatasetSchema): { orderBy?: string; echo: string[] } {
  const echo = listValues(query, 'sort', 'sort keys');
  const items = echo.map((item) => {
    const minus = item.startsWith('-');
    const name = minus ? item.slice(1) : item;
    const f = findField(schema, name);
    if (!f) throw invalidParameter('sort', item, 'a field of the dataset, optionally prefixed by -');
    const descendingFirst =
      f.type === 'int' || f.type === 'double' || f.type === 'date' || f.type === 'datetime';
    if (!descendingFirst && f.type !== 'text' && f.type !== 'boolean') {
      throw new ApiError(
        'InvalidRESTParameterError',
        `Invalid value for sort API parameter: ${f.name} is a ${f.type} field, which cannot be sorted.`,
      );
    }
    return `${printName(f.name)} ${descendingFirst !== minus ? 'DESC' : 'ASC'}`;
  });
  return items.length > 0 ? { orderBy: items.join(', '), echo } : { echo };
}

/** `fields=a,b`: the fields records show (undefined: all), checked against the schema. */
export function v1Fields(query: QueryString, schema: DatasetSchema): string[] | undefined {
  const names = listValues(query, 'fields', 'fields');
  if (names.length === 0) return undefined;
  const found = names.map((name) => {
    const f = findField(schema, name);
    if (!f) throw invalidParameter('fields', name, 'a comma-separated list of fields of the dataset');
    return f.name;
  });
  // Once each: the records show a field once however often it is named.
  return [...new Set(found)];
}

/** The facet parameters of a v1 request, in v2 form, and as `parameters` echoes them. */
export interface V1Facets {
  /** `facet`, `refine` and `exclude` as v2 parameters (for facetSet and facetFilters). */
  readonly v2: QueryString;
  /** Facets to enumerate, in order: the requested ones, then those refined or excluded. */
  readonly names: readonly string[];
  /** Every refine and exclude, as given. */
  readonly filters: readonly { kind: 'refine' | 'exclude'; facet: string; value: string }[];
  /** Every facet name given, with the parameter that named it first (for messages). */
  readonly sources: ReadonlyMap<string, string>;
  readonly echo: {
    readonly facet?: string[];
    readonly refine?: Record<string, string | string[]>;
    readonly exclude?: Record<string, string | string[]>;
    readonly disjunctive?: Record<string, boolean>;
  };
}

const FILTER_PARAM = /^(refine|exclude|disjunctive)\.(.+)$/;

export function v1Facets(query: QueryString): V1Facets {
  const requested = repeated(query, 'facet').map((f) => f.trim());
  const filters = { refine: new Map<string, string[]>(), exclude: new Map<string, string[]>() };
  const disjunctive = new Map<string, boolean>();
  const sources = new Map<string, string>(requested.map((name) => [name, 'facet']));
  for (const kind of ['refine', 'exclude'] as const) {
    const count = filterCount(query, kind);
    if (count > PARAMETER_BOUNDS[kind])
      throw tooManyParameters(`${kind}.<facet>`, count, PARAMETER_BOUNDS[kind]);
  }
  for (const [key, raw] of Object.entries(query)) {
    const m = FILTER_PARAM.exec(key);
    if (!m || raw === undefined) continue;
    const kind = m[1] as 'refine' | 'exclude' | 'disjunctive';
    const facet = m[2]!;
    if (!sources.has(facet)) sources.set(facet, key);
    const values = (typeof raw === 'string' ? [raw] : [...raw]).filter((v) => v !== '');
    if (kind === 'disjunctive') {
      const v = single(query, key)?.toLowerCase();
      if (v !== 'true' && v !== 'false') throw invalidParameter(key, String(raw), 'true or false');
      disjunctive.set(facet, v === 'true');
    } else if (values.length > 0) {
      filters[kind].set(facet, [...(filters[kind].get(facet) ?? []), ...values]);
    }
  }
  const names = [...new Set([...requested, ...filters.refine.keys(), ...filters.exclude.keys()])];
  // Each becomes a v2 `facet`, bounded like those.
  if (names.length > PARAMETER_BOUNDS.facet) {
    throw new ApiError(
      'InvalidRESTParameterError',
      `The facet, refine.<facet> and exclude.<facet> API parameters name ${names.length} facets, at most ${PARAMETER_BOUNDS.facet} are allowed.`,
    );
  }
  const facetParam = names.map((name) =>
    disjunctive.has(name)
      ? `facet(name=${printString(name)}, disjunctive=${disjunctive.get(name) ? 'true' : 'false'})`
      : printName(name),
  );
  const v2Filters = (map: Map<string, string[]>): string[] =>
    [...map].flatMap(([name, values]) => values.map((v) => `${printName(name)}:${printString(v)}`));
  const echoOf = (map: Map<string, string[]>): Record<string, string | string[]> =>
    Object.fromEntries([...map].map(([k, v]) => [k, v.length === 1 ? v[0]! : v]));
  return {
    v2: { facet: facetParam, refine: v2Filters(filters.refine), exclude: v2Filters(filters.exclude) },
    names,
    filters: (['refine', 'exclude'] as const).flatMap((kind) =>
      [...filters[kind]].flatMap(([facet, values]) => values.map((value) => ({ kind, facet, value }))),
    ),
    sources,
    echo: {
      ...(requested.length > 0 ? { facet: requested } : {}),
      ...(filters.refine.size > 0 ? { refine: echoOf(filters.refine) } : {}),
      ...(filters.exclude.size > 0 ? { exclude: echoOf(filters.exclude) } : {}),
      ...(disjunctive.size > 0 ? { disjunctive: Object.fromEntries(disjunctive) } : {}),
    },
  };
}

/** How many values the `refine.<facet>` (or `exclude.<facet>`) parameters give, all facets together. */
function filterCount(query: QueryString, kind: 'refine' | 'exclude'): number {
  let count = 0;
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined || FILTER_PARAM.exec(key)?.[1] !== kind) continue;
    count += typeof raw === 'string' ? 1 : raw.length;
  }
  return count;
}

/**
 * Refine and exclude values that cannot be values of their facet (a date that is no period, a number
 * that is none), refused in v1 terms before the v2 machinery reads them.
 */
export function checkFacetValues(facets: V1Facets, usable: ReadonlyMap<string, FacetConfig>): void {
  const configs = [...usable.values()];
  for (const f of facets.filters) {
    const config = configs.find((c) => c.name.toLowerCase() === f.facet.toLowerCase());
    if (!config) continue;
    const value = f.value.trim();
    const expected =
      config.type === 'date' || config.type === 'datetime'
        ? parseDatePath(value) === undefined && 'a period: YYYY, YYYY/MM or YYYY/MM/DD'
        : config.type === 'int' || config.type === 'double'
          ? !Number.isFinite(Number(value)) && 'a number'
          : config.type === 'boolean' && !/^(true|false)$/i.test(value) && 'true or false';
    if (expected) throw invalidParameter(`${f.kind}.${f.facet}`, f.value, expected);
  }
}
