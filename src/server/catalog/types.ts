// Wire types, defined once in src/api; passed through for the catalog's own modules.

import type { FieldAnnotations } from '../../api/types';
import type { FieldType, Lang } from '../../odsql';

export type { FacetSort, FieldAnnotations } from '../../api/types';

/** `domain`: anyone may read the dataset; `restricted`: only callers whose API key grants it. */
export const VISIBILITIES = ['domain', 'restricted'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export interface FieldDescriptor {
  readonly name: string;
  readonly label: string;
  readonly type: FieldType;
  readonly description: string | null;
  readonly annotations: FieldAnnotations;
}

/** A file published with a dataset. */
export interface Attachment {
  /** Identifier used in the attachment URL (lower snake case of the file name). */
  readonly id: string;
  readonly title: string;
  readonly mimetype: string;
  /** Absolute path of the file on disk. */
  readonly path: string;
}

/**
 * `metas.default`: every key of the default template is present, `null` when unset. Timestamps are ISO
 * 8601 UTC strings.
 */
export interface DefaultMetas {
  readonly title: string;
  readonly description: string | null;
  readonly theme: readonly string[] | null;
  readonly keyword: readonly string[] | null;
  readonly license: string | null;
  readonly license_url: string | null;
  readonly language: string | null;
  readonly metadata_languages: readonly string[] | null;
  readonly timezone: string | null;
  readonly modified: string;
  readonly modified_updates_on_metadata_change: boolean;
  readonly modified_updates_on_data_change: boolean;
  readonly data_processed: string;
  readonly metadata_processed: string;
  readonly geographic_reference: readonly string[] | null;
  readonly geographic_reference_auto: boolean | null;
  readonly territory: readonly string[] | null;
  readonly geometry_types: readonly string[] | null;
  /** Bounding box of the dataset's geometries as a GeoJSON Feature with a Polygon, or null. */
  readonly bbox: unknown;
  readonly publisher: string | null;
  readonly references: string | null;
  readonly records_count: number;
  readonly attributions: readonly string[] | null;
  readonly source_domain: string | null;
  readonly source_domain_title: string | null;
  readonly source_domain_address: string | null;
  readonly source_dataset: string | null;
  readonly shared_catalog: string | null;
  readonly federated: boolean;
  readonly parent_domain: string | null;
  readonly update_frequency: string | null;
}

/** The metadata a publisher translates (the portal's translatable `default` metas). */
export interface MetasTranslation {
  readonly title?: string;
  readonly description?: string;
  readonly keyword?: readonly string[];
  readonly theme?: readonly string[];
}

/** A field's translated label and description. */
export interface FieldTranslation {
  readonly label?: string;
  readonly description?: string;
}

/** A dataset's metadata in one language; what it leaves out falls back to the untranslated text. */
export interface DatasetTranslation {
  readonly metas: MetasTranslation;
  /** By field name. */
  readonly fields: Readonly<Record<string, FieldTranslation>>;
  /** Attachment titles, by attachment id. */
  readonly attachments: Readonly<Record<string, string>>;
}

/** Translations by language (the `lang` parameter's languages). */
export type DatasetTranslations = Readonly<Partial<Record<Lang, DatasetTranslation>>>;

/** A dataset as the catalog serves it. Its records live in `table` (layout: layout/columns.ts). */
export interface Dataset {
  readonly dataset_id: string;
  /** `restricted`: only callers whose API key grants the dataset see it (auth/). */
  readonly visibility: Visibility;
  readonly dataset_uid: string;
  /** Name of the SQL table holding the records (trusted: chosen by ingestion, never by a request). */
  readonly table: string;
  readonly fields: readonly FieldDescriptor[];
  readonly features: readonly string[];
  readonly attachments: readonly Attachment[];
  readonly metas: { readonly default: DefaultMetas };
  readonly has_records: boolean;
  readonly data_visible: boolean;
  /**
   * The publisher's translations (served when a request asks for their language, never as such);
   * absent from datasets stored before translations existed.
   */
  readonly translations?: DatasetTranslations;
}
