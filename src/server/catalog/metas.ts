import { humanize } from '../../layout/field-names';
import type { ResolvedField } from '../../layout/fields';
import type { Lang } from '../../odsql';
import { bboxPolygon } from '../../odsql';
import type { RecordStats } from '../backend/local-engine';
import type { DatasetDescriptor } from '../ingest/descriptor';
import { isoUtc } from '../ingest/files';
import { datasetUid } from '../ingest/names';
import type { DescriptorTranslation } from '../ingest/translations';
import type { Attachment, Dataset, DatasetTranslation, DefaultMetas, FieldDescriptor } from './types';

/** Builds the dataset the catalog serves from its descriptor and what ingestion found. */

export interface DatasetParts {
  readonly descriptor: DatasetDescriptor;
  readonly table: string;
  readonly fields: readonly ResolvedField[];
  readonly stats: RecordStats;
  readonly attachments: readonly Attachment[];
  /** Ingestion time (data_processed and metadata_processed), ISO 8601. */
  readonly processedAt: string;
  /** Last modification of the data when the descriptor does not say: the source file's time. */
  readonly sourceModified: string;
}

export function datasetFeatures(fields: readonly { readonly type: string }[]): string[] {
  const features: string[] = [];
  if (fields.some((f) => f.type === 'int' || f.type === 'double')) features.push('analyze');
  if (fields.some((f) => f.type === 'date' || f.type === 'datetime')) features.push('timeserie');
  if (fields.some((f) => f.type === 'geo_point_2d' || f.type === 'geo_shape')) features.push('geo');
  return features;
}

/** The bounding box as the interface shows it: a GeoJSON Feature holding a Polygon. */
export function bboxFeature(bbox: RecordStats['bbox']): unknown {
  if (!bbox) return null;
  const [minx, miny, maxx, maxy] = bbox;
  const { type, coordinates } = bboxPolygon(minx, miny, maxx, maxy) as { type: string; coordinates: unknown };
  // The service writes a geometry's coordinates before its type (conformance capture 01).
  return { type: 'Feature', geometry: { coordinates, type }, properties: {} };
}

/**
 * The descriptor's translations as the dataset keeps them: attachment titles by attachment id, and only
 * for fields the dataset has (inferred fields are known once the source is read).
 */
function datasetTranslations(parts: DatasetParts): Partial<Record<Lang, DatasetTranslation>> {
  const names = new Set(parts.fields.map((f) => f.name));
  const translations: Partial<Record<Lang, DatasetTranslation>> = {};
  for (const [lang, t] of Object.entries(parts.descriptor.translations) as [Lang, DescriptorTranslation][]) {
    const attachments: Record<string, string> = {};
    for (const a of parts.attachments) {
      const title = t.attachments[a.path];
      if (title !== undefined) attachments[a.id] = title;
    }
    translations[lang] = {
      metas: t.metas,
      fields: Object.fromEntries(Object.entries(t.fields).filter(([name]) => names.has(name))),
      attachments,
    };
  }
  return translations;
}

function defaultMetas(parts: DatasetParts): DefaultMetas {
  const metas = parts.descriptor.metas;
  const language = metas.language ?? null;
  const translated = Object.keys(parts.descriptor.translations);
  const languages = [...(language ? [language] : []), ...translated];
  return {
    title: metas.title ?? humanize(parts.descriptor.dataset_id),
    description: metas.description ?? null,
    theme: metas.theme ?? null,
    keyword: metas.keyword ?? null,
    license: metas.license ?? null,
    license_url: metas.license_url ?? null,
    language,
    metadata_languages: languages.length > 0 ? languages : null,
    timezone: metas.timezone ?? null,
    modified: metas.modified === undefined ? parts.sourceModified : isoUtc(new Date(metas.modified)),
    modified_updates_on_metadata_change: false,
    modified_updates_on_data_change: metas.modified === undefined,
    data_processed: parts.processedAt,
    metadata_processed: parts.processedAt,
    geographic_reference: metas.geographic_reference ?? null,
    geographic_reference_auto: null,
    territory: metas.territory ?? null,
    geometry_types: parts.stats.geometryTypes,
    bbox: bboxFeature(parts.stats.bbox),
    publisher: metas.publisher ?? null,
    references: metas.references ?? null,
    records_count: parts.stats.recordsCount,
    attributions: metas.attributions ?? null,
    source_domain: null,
    source_domain_title: null,
    source_domain_address: null,
    source_dataset: null,
    shared_catalog: null,
    federated: false,
    parent_domain: null,
    update_frequency: metas.update_frequency ?? null,
  };
}

function fieldDescriptor(field: ResolvedField): FieldDescriptor {
  return {
    name: field.name,
    label: field.label,
    type: field.type,
    description: field.description,
    annotations: field.annotations,
  };
}

export function buildDataset(parts: DatasetParts): Dataset {
  const translations = datasetTranslations(parts);
  return {
    dataset_id: parts.descriptor.dataset_id,
    visibility: parts.descriptor.visibility,
    dataset_uid: datasetUid(parts.descriptor.dataset_id),
    table: parts.table,
    fields: parts.fields.map(fieldDescriptor),
    features: datasetFeatures(parts.fields),
    attachments: parts.attachments,
    metas: { default: defaultMetas(parts) },
    has_records: parts.stats.recordsCount > 0,
    data_visible: true,
    ...(Object.keys(translations).length > 0 ? { translations } : {}),
  };
}
