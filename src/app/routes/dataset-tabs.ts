import { type Dataset, type DatasetField, hasCalendar } from '../../api';
import { DATASET_TABS, type DatasetTab } from './paths';

/*
 * Which tabs a dataset has, decided by its fields as an Opendatasoft portal decides: a map where there is
 * a geometry, Analyze where there is something to count by (a facet, a date) or to aggregate (a number),
 * Calendar where there is a date and a title (src/api/calendar.ts, shared with the server's export).
 * The portal's own `features` list is not read: a server may list `analyze` for numbers only, and a
 * dataset of facets deserves its chart as much.
 */

const GEO_TYPES = new Set(['geo_point_2d', 'geo_shape']);
const TEMPORAL_TYPES = new Set(['date', 'datetime']);
const NUMERIC_TYPES = new Set(['int', 'double']);
const FACET_AXIS_TYPES = new Set(['text', 'int', 'double', 'date', 'datetime', 'boolean']);

/** A field whose every value is its own (the record's identifier): grouping by it makes bars of 1. */
const isKey = (field: DatasetField): boolean => field.annotations?.id === true;

export type AnalyzeAxisKind = 'date' | 'facet' | 'number';

/** The field a first chart counts by, and how: by date, by facet value, or by numeric range. */
export interface AnalyzeAxis {
  readonly field: DatasetField;
  readonly kind: AnalyzeAxisKind;
}

/**
 * The Analyze tab's first x axis: the first date, else the first facet, else the first number; never
 * a key. Undefined when the dataset has none of them, and then it has no Analyze tab.
 */
export function analyzeAxis(fields: readonly DatasetField[]): AnalyzeAxis | undefined {
  const candidates = fields.filter((f) => !isKey(f));
  const date = candidates.find((f) => TEMPORAL_TYPES.has(f.type));
  if (date) return { field: date, kind: 'date' };
  const facet = candidates.find((f) => f.annotations?.facet === true && FACET_AXIS_TYPES.has(f.type));
  if (facet) return { field: facet, kind: 'facet' };
  const number = candidates.find((f) => NUMERIC_TYPES.has(f.type));
  if (number) return { field: number, kind: 'number' };
  return undefined;
}

export const hasMap = (fields: readonly DatasetField[]): boolean => fields.some((f) => GEO_TYPES.has(f.type));

/** The dataset's tabs, in their order. */
export function datasetTabs(dataset: Pick<Dataset, 'fields'>): DatasetTab[] {
  const fields = dataset.fields ?? [];
  const map = hasMap(fields);
  const analyze = analyzeAxis(fields) !== undefined;
  const calendar = hasCalendar(fields);
  return DATASET_TABS.filter(
    (tab) => (tab !== 'map' || map) && (tab !== 'analyze' || analyze) && (tab !== 'calendar' || calendar),
  );
}
