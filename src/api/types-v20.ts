import type { Dataset, DatasetRecord, Facet, Link } from './types';

/*
 * Wire types of the Explore API v2.0, as the interface specification states them: catalog items and
 * records come wrapped (`{links, dataset}`, `{links, record}`), unlike v2.1's flat objects.
 */

/** A dataset of v2.0: the v2.1 dataset object inside a wrapper with its links (spec 2.2). */
export interface DatasetWrapperV20 {
  readonly links: readonly Link[];
  readonly dataset: Dataset;
}

/** `GET /catalog/datasets` (spec 2.5). */
export interface CatalogResponseV20 {
  readonly total_count: number;
  readonly links: readonly Link[];
  readonly datasets: readonly DatasetWrapperV20[];
}

/** A record of v2.0 (spec 2.6). */
export interface RecordWrapperV20 {
  readonly links: readonly Link[];
  readonly record: {
    readonly id: string;
    readonly timestamp: string;
    readonly size: number;
    readonly fields: DatasetRecord;
  };
}

/** With `group_by`, an item is an aggregation: `count` and one member per group expression (spec 2.7). */
export type AggregationV20 = Readonly<Record<string, unknown>>;

/** `GET …/records` (spec 2.8). */
export interface RecordsResponseV20 {
  /** Absent when the query has a group_by: the interface does not count groups. */
  readonly total_count?: number;
  readonly links: readonly Link[];
  readonly records: readonly (RecordWrapperV20 | AggregationV20)[];
}

/** Both facets endpoints (spec 2.9). */
export interface FacetsResponseV20 {
  readonly links: readonly Link[];
  readonly facets: readonly Facet[];
}
