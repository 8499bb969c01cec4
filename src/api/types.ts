/*
 * Wire types of the Explore API v2.1, as real portals answer (see the conformance captures).
 * v2.1 is flat: catalog items and records are plain objects, without the v2.0 `dataset`/`record` wrappers.
 * Every key a portal may leave out or set to null is typed so, because the explorer talks to any portal.
 */

export interface Link {
  readonly rel: string;
  readonly href: string;
}

/** Facet sort modes of the interface (`facetsort` annotation). */
export type FacetSort = 'count' | '-count' | 'alphanum' | '-alphanum' | 'num' | '-num';

/**
 * Field annotations, in the v2.1 scalar form (`{facet: true, facetsort: '-count'}`); v2.0 writes each as a
 * list (`{facet: [], facetsort: ['-count']}`). `facet`, `sortable`, `disjunctive`, `id` are flags; the
 * others carry values. Portals may send other annotations, and values of other types: readers check.
 */
export interface FieldAnnotations {
  readonly facet?: boolean;
  readonly facetsort?: FacetSort;
  readonly disjunctive?: boolean;
  /** Separator of a hierarchical text facet (`/` in `Europe/Paris`). */
  readonly hierarchical?: string;
  /** Separator the source used between the values of a multivalued text field. */
  readonly multivalued?: string;
  readonly sortable?: boolean;
  /** The field identifies the record. */
  readonly id?: boolean;
  readonly timerangeFilter?: boolean;
  readonly unit?: string;
  readonly decimals?: number;
  readonly [annotation: string]: unknown;
}

export type FieldType =
  | 'text'
  | 'int'
  | 'double'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'geo_point_2d'
  | 'geo_shape'
  | 'file'
  | 'json'
  | (string & {});

export interface DatasetField {
  readonly name: string;
  readonly label: string;
  readonly type: FieldType;
  readonly description?: string | null;
  readonly annotations?: FieldAnnotations | null;
}

/** The `default` metadata group; the keys real portals send, all optional. */
export interface DefaultMetas {
  readonly title?: string | null;
  readonly description?: string | null;
  readonly theme?: readonly string[] | null;
  readonly keyword?: readonly string[] | null;
  readonly license?: string | null;
  readonly license_url?: string | null;
  readonly language?: string | null;
  readonly metadata_languages?: readonly string[] | null;
  readonly timezone?: string | null;
  readonly modified?: string | null;
  readonly data_processed?: string | null;
  readonly metadata_processed?: string | null;
  readonly publisher?: string | null;
  readonly references?: string | null;
  readonly records_count?: number | null;
  readonly attributions?: readonly string[] | string | null;
  readonly territory?: readonly string[] | null;
  readonly update_frequency?: string | null;
}

export interface DatasetMetas {
  readonly default?: DefaultMetas | null;
  readonly [group: string]: unknown;
}

/** An attachment as embedded in the dataset object. */
export interface DatasetAttachment {
  readonly id: string;
  readonly title?: string | null;
  readonly mimetype?: string | null;
  readonly url?: string | null;
}

export interface Dataset {
  readonly dataset_id: string;
  readonly dataset_uid?: string;
  readonly visibility?: string;
  readonly has_records?: boolean;
  readonly data_visible?: boolean;
  readonly features?: readonly string[] | null;
  readonly attachments?: readonly DatasetAttachment[] | null;
  readonly fields?: readonly DatasetField[] | null;
  readonly metas?: DatasetMetas | null;
}

/** `GET /catalog/datasets` */
export interface CatalogResponse {
  readonly total_count: number;
  readonly results: readonly Dataset[];
  readonly links?: readonly Link[];
}

/** A record value: scalars, arrays for multivalued fields, objects for geo fields. */
export type RecordValue = unknown;
export type DatasetRecord = Readonly<Record<string, RecordValue>>;

/** `GET /catalog/datasets/{id}/records` */
export interface RecordsResponse {
  /** Absent when the query has a group_by: the interface does not count groups. */
  readonly total_count?: number;
  readonly results: readonly DatasetRecord[];
  readonly links?: readonly Link[];
}

/** A facet filter, `refine=` or `exclude=`: written `facet:value` on the wire and in the explorer's address. */
export interface FacetFilter {
  readonly facet: string;
  readonly value: string;
}

export type FacetValueState = 'displayed' | 'refined' | 'excluded' | (string & {});

/** One value of a facet. `value` is what refine/exclude take; `name` is its label (the last path part when hierarchical). */
export interface FacetValue {
  readonly name: string;
  readonly value: string;
  readonly state: FacetValueState;
  /** Missing on excluded values. */
  readonly count?: number;
  /** The next level of a hierarchical facet, present under a refined value. */
  readonly facets?: readonly FacetValue[];
}

export interface Facet {
  readonly name: string;
  readonly facets: readonly FacetValue[];
}

/** `GET /catalog/facets` and `GET /catalog/datasets/{id}/facets` */
export interface FacetsResponse {
  readonly facets: readonly Facet[];
  readonly links?: readonly Link[];
}

export interface Attachment {
  readonly href: string;
  readonly metas: {
    readonly 'mime-type'?: string | null;
    readonly title?: string | null;
    readonly url?: string | null;
    readonly id?: string | null;
  };
}

/** `GET /catalog/datasets/{id}/attachments` (documentation examples spell the links key `_links`). */
export interface AttachmentsResponse {
  readonly attachments: readonly Attachment[];
  readonly links?: readonly Link[];
  readonly _links?: readonly Link[];
}

/** The `error_code`s of the interface's error bodies. */
export type ErrorCode =
  | 'ODSQLError'
  | 'InvalidRESTParameterError'
  | 'NotFoundResource'
  | 'Unauthorized'
  | 'QueryTimeout'
  | 'TooManyRequests'
  | 'InternalServerError'
  | 'ServiceUnavailable';

/** The error body of a 4xx/5xx answer (a portal may use codes this server does not). */
export interface ErrorBody {
  readonly error_code: ErrorCode | (string & {});
  readonly message: string;
}

/** `GET /catalog/datasets/{id}/records/{record_id}` in v2.1: the record's fields (`_id` and the like with `include_links`). */
export type RecordResponse = DatasetRecord;
