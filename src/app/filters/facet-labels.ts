import type { DatasetField } from '../../api';
import { formatDatePath, formatDatePathLeaf } from '../format/dates';

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
}

type ValueNamer = (value: string) => string;

function labeler(
  labels: ReadonlyMap<string, string>,
  dates: ReadonlySet<string>,
  namers: ReadonlyMap<string, ValueNamer> = new Map(),
  disjunctive: ReadonlySet<string> = new Set(),
): FacetLabeler {
  return {
    facetLabel: (facet) => labels.get(facet) ?? facet,
    isDate: (facet) => dates.has(facet),
    isDisjunctive: (facet) => disjunctive.has(facet),
    valueLabel: (facet, value) =>
      dates.has(facet) ? formatDatePath(value) : (namers.get(facet)?.(value) ?? value),
    leafLabel: (facet, value, name) =>
      dates.has(facet) ? formatDatePathLeaf(value) : (namers.get(facet)?.(value) ?? name),
  };
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** `fr` → `French`; codes the runtime does not know stay as they are. */
export function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

const CATALOG_LABELS = new Map([
  ['theme', 'Theme'],
  ['keyword', 'Keyword'],
  ['publisher', 'Publisher'],
  ['features', 'Features'],
  ['license', 'License'],
  ['language', 'Language'],
  ['modified', 'Modified'],
]);

export const catalogFacetLabeler: FacetLabeler = labeler(
  CATALOG_LABELS,
  new Set(['modified']),
  new Map([['language', languageName]]),
);

export function datasetFacetLabeler(fields: readonly DatasetField[]): FacetLabeler {
  return labeler(
    new Map(fields.map((f) => [f.name, f.label || f.name])),
    new Set(fields.filter((f) => f.type === 'date' || f.type === 'datetime').map((f) => f.name)),
    new Map(),
    new Set(fields.filter((f) => Boolean(f.annotations?.disjunctive)).map((f) => f.name)),
  );
}
