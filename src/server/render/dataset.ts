import type { Link } from '../../api/types';
import type { ApiVersion } from '../../api/version';
import type {} from '../../odsql';
import type { Dataset, FieldAnnotations, FieldDescriptor } from '../catalog/types';
import { formatInstant } from './instant';

/** URL of an attachment file. */
export function attachmentUrl(root: string, datasetId: string, attachmentId: string): string {
  return `${root}/catalog/datasets/${encodeURIComponent(datasetId)}/attachments/${encodeURIComponent(attachmentId)}`;
}

/** v2.1 writes annotations as scalars; v2.0 as lists (`{"facet": []}`, `{"facetsort": ["-count"]}`). */
function annotations(a: FieldAnnotations, version: ApiVersion): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(a) as [string, unknown][]) {
    if (value === undefined || value === false) continue;
    if (version === '2.1') out[key] = value;
    else out[key] = value === true ? [] : [value];
  }
  return out;
}

function field(f: FieldDescriptor, version: ApiVersion): Record<string, unknown> {
  // Key orders follow the real service's answers for each version.
  if (version === '2.1') {
    return {
      name: f.name,
      description: f.description,
      annotations: annotations(f.annotations, version),
      label: f.label,
      type: f.type,
    };
  }
  return {
    description: f.description,
    label: f.label,
    type: f.type,
    name: f.name,
    annotations: annotations(f.annotations, version),
  };
}

const TIMESTAMP_METAS = ['modified', 'data_processed', 'metadata_processed'] as const;

/**
 * The keys of v2.0's default template, in its order (conformance captures 32, 33): the set of that
 * version, without the keys v2.1 added (`geometry_types`, `bbox`, `update_frequency`).
 */
const DEFAULT_KEYS_V20 = [
  'records_count',
  'modified',
  'source_domain_address',
  'references',
  'keyword',
  'source_domain_title',
  'geographic_reference',
  'timezone',
  'title',
  'parent_domain',
  'theme',
  'modified_updates_on_data_change',
  'metadata_processed',
  'data_processed',
  'territory',
  'description',
  'modified_updates_on_metadata_change',
  'shared_catalog',
  'source_domain',
  'attributions',
  'geographic_area_mode',
  'geographic_reference_auto',
  'geographic_area',
  'publisher',
  'language',
  'license',
  'source_dataset',
  'metadata_languages',
  'oauth_scope',
  'federated',
  'license_url',
] as const;

/** The keys of the DCAT template, which v2.1 lists first, every key null when unset (capture 01). */
export const DCAT_KEYS = [
  'created',
  'issued',
  'creator',
  'contributor',
  'contact_name',
  'contact_email',
  'accrualperiodicity',
  'spatial',
  'temporal',
  'granularity',
  'dataquality',
  'publisher_type',
  'conforms_to',
  'temporal_coverage_start',
  'temporal_coverage_end',
  'accessRights',
  'relation',
] as const;

/** Datasets carry no DCAT metadata of their own: the template is written with every key unset. */
const DCAT_UNSET: Readonly<Record<string, null>> = Object.fromEntries(DCAT_KEYS.map((k) => [k, null]));

function metas(ds: Dataset, version: ApiVersion, tz: string): Record<string, unknown> {
  const d: Record<string, unknown> = { ...ds.metas.default };
  for (const key of TIMESTAMP_METAS) {
    const v = d[key];
    if (typeof v === 'string') d[key] = formatInstant(v, tz);
  }
  if (version === '2.1') return { dcat: { ...DCAT_UNSET }, default: d };
  return { default: Object.fromEntries(DEFAULT_KEYS_V20.map((k) => [k, d[k] ?? null])) };
}

/** The dataset object: flat in v2.1, the inner `dataset` of the wrapper in v2.0. */
export function datasetObject(
  ds: Dataset,
  root: string,
  version: ApiVersion,
  tz: string,
): Record<string, unknown> {
  const attachments = ds.attachments.map((a) => ({
    mimetype: a.mimetype,
    url: attachmentUrl(root, ds.dataset_id, a.id),
    id: a.id,
    title: a.title,
  }));
  const fields = ds.fields.map((f) => field(f, version));
  if (version === '2.1') {
    return {
      visibility: ds.visibility,
      fields,
      dataset_id: ds.dataset_id,
      dataset_uid: ds.dataset_uid,
      has_records: ds.has_records,
      features: ds.features,
      attachments,
      alternative_exports: [],
      data_visible: ds.data_visible,
      metas: metas(ds, version, tz),
    };
  }
  return {
    dataset_id: ds.dataset_id,
    dataset_uid: ds.dataset_uid,
    attachments,
    has_records: ds.has_records,
    data_visible: ds.data_visible,
    fields,
    metas: metas(ds, version, tz),
    features: ds.features,
  };
}

/** Links of a dataset: itself, its records, facets, attachments, exports and the catalog. */
export function datasetLinks(root: string, datasetId: string): Link[] {
  const self = `${root}/catalog/datasets/${encodeURIComponent(datasetId)}`;
  // The rels and order the real service writes (conformance captures 32, 33); `aggregate` is the
  // v2.0 aggregates endpoint.
  return [
    { rel: 'self', href: self },
    { rel: 'datasets', href: `${root}/catalog/datasets` },
    { rel: 'records', href: `${self}/records` },
    { rel: 'exports', href: `${self}/exports` },
    { rel: 'aggregate', href: `${self}/aggregates` },
    { rel: 'facets', href: `${self}/facets` },
  ];
}

/**
 * Links inside an open object (where no schema orders their keys) in v2.0's key order, `href` first
 * (conformance capture 32).
 */
export function linksV20(links: readonly Link[]): { href: string; rel: string }[] {
  return links.map((l) => ({ href: l.href, rel: l.rel }));
}

/** Keeps the keys a catalog or dataset `select` asks for, in the asked order. */
export function pickKeys(
  object: Record<string, unknown>,
  keys: readonly string[] | undefined,
): Record<string, unknown> {
  if (!keys) return object;
  const out: Record<string, unknown> = {};
  for (const k of keys) if (k in object) out[k] = object[k];
  return out;
}
