import type { DatasetField } from '../../api';
import { formatDatePath, formatDatePathLeaf } from '../format/dates';
import { appLocale } from '../i18n/locale';
import { t } from '../i18n/setup';
import { FACET_SORTS, type FacetKind, type FacetSort } from './facet-enumeration';
import { featureName, themeName } from './metadata-names';

/** How the facets of one page are named and which of them are date hierarchies. */
export interface FacetLabeler {
  facetLabel(facet: string): string;
  isDate(facet: string): boolean;
  /** Refining several values keeps records with any of them (the field's `disjunctive` annotation). */
  isDisjunctive(facet: string): boolean;
  /** A value in full, for chips: `February 2013`. */
  valueLabel(facet: string, value: string): string;
  /** A value under its parent in the facet tree: `February`. */
  leafLabel(facet: string, value: string, name: string): string;
  /** What the values are: the orders and the search a facet allows follow. */
  kind(facet: string): FacetKind;
  /** The portal's order of the values (the `facetsort` annotation, else by date or by count). */
  defaultSort(facet: string): FacetSort;
}

type ValueNamer = (value: string) => string;

function labeler(
  labels: (facet: string) => string | undefined,
  dates: ReadonlySet<string>,
  namers: ReadonlyMap<string, ValueNamer> = new Map(),
  disjunctive: ReadonlySet<string> = new Set(),
  numbers: ReadonlySet<string> = new Set(),
  sorts: ReadonlyMap<string, FacetSort> = new Map(),
): FacetLabeler {
  const kind = (facet: string): FacetKind =>
    dates.has(facet) ? 'date' : numbers.has(facet) ? 'number' : 'text';
  return {
    kind,
    defaultSort: (facet) => sorts.get(facet) ?? (kind(facet) === 'date' ? 'alphanum' : '-count'),
    facetLabel: (facet) => labels(facet) ?? facet,
    isDate: (facet) => dates.has(facet),
    isDisjunctive: (facet) => disjunctive.has(facet),
    valueLabel: (facet, value) =>
      dates.has(facet) ? formatDatePath(value) : (namers.get(facet)?.(value) ?? value),
    leafLabel: (facet, value, name) =>
      dates.has(facet) ? formatDatePathLeaf(value) : (namers.get(facet)?.(value) ?? name),
  };
}

/** `fr` → `French` (`français` in French); codes the runtime does not know stay as they are. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([appLocale()], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const CATALOG_FACETS = ['theme', 'keyword', 'publisher', 'features', 'license', 'language', 'modified'];

/** Names of the catalog's facets, in the language shown. */
const catalogLabel = (name: string): string | undefined =>
  CATALOG_FACETS.includes(name) ? t(`catalog.facets.${name}`) : undefined;

export const catalogFacetLabeler: FacetLabeler = labeler(
  catalogLabel,
  new Set(['modified']),
  new Map([
    ['language', languageName],
    ['theme', themeName],
    ['features', featureName],
  ]),
  new Set(),
  new Set(),
  // The catalog's facets are listed by name (Opendatasoft's own default for them).
  new Map(CATALOG_FACETS.map((name) => [name, 'alphanum' as const])),
);

export function datasetFacetLabeler(fields: readonly DatasetField[]): FacetLabeler {
  return labeler(
    (facet) => {
      const field = fields.find((f) => f.name === facet);
      return field ? field.label || field.name : undefined;
    },
    new Set(fields.filter((f) => f.type === 'date' || f.type === 'datetime').map((f) => f.name)),
    new Map(),
    new Set(fields.filter((f) => Boolean(f.annotations?.disjunctive)).map((f) => f.name)),
    new Set(fields.filter((f) => f.type === 'int' || f.type === 'double').map((f) => f.name)),
    new Map(fields.flatMap((f) => annotatedSort(f))),
  );
}

/** The `facetsort` annotation: a list (`["-count"]`) or a plain value, as portals write it. */
function annotatedSort(field: DatasetField): [string, FacetSort][] {
  const raw: unknown = field.annotations?.facetsort;
  const first = Array.isArray(raw) ? raw[0] : raw;
  const sort = FACET_SORTS.find((s) => s === first);
  return sort ? [[field.name, sort]] : [];
}
