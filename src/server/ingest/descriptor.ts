import { isAbsolute, resolve } from 'node:path';
import type { FieldSpec, GeoPointSpec } from '../../layout/fields';
import type { FieldType } from '../../odsql';
import { type FieldAnnotations, VISIBILITIES, type Visibility } from '../catalog/types';
import { DescriptorError } from './descriptor-error';
import { FIELD_NAME, parseField } from './descriptor-fields';
import {
  checkKeys,
  expectObject,
  type Json,
  optionalString,
  requiredString,
  stringList,
} from './descriptor-json';
import { SOURCE_ENCODINGS, type SourceEncoding, sourceEncoding } from './encoding';
import { type DescriptorTranslations, parseTranslations, type TranslationsJson } from './translations';

/*
 * Dataset descriptors: the JSON a user drops in `<DATA_DIR>/datasets/` (see README.md), checked and
 * normalised here. Every problem is reported as a `DescriptorError` naming the offending key.
 */

export const SOURCE_FORMATS = ['csv', 'tsv', 'json', 'ndjson', 'geojson', 'topojson', 'parquet'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

export interface SourceSpec {
  /** Absolute path of the file. */
  readonly path: string;
  /** Declared format, or `undefined` to decide from the extension (and, for `.json`, the content). */
  readonly format: SourceFormat | undefined;
  /** Column delimiter of a CSV file. */
  readonly delimiter: string | undefined;
  /** Declared text encoding, or `undefined` to detect it (ingest/encoding.ts). */
  readonly encoding: SourceEncoding | undefined;
  /** Object of a TopoJSON topology to read (default: its first object). */
  readonly topojsonObject: string | undefined;
}

export interface JoinSpec {
  readonly source: SourceSpec;
  /** Column of the joined file. */
  readonly key: string;
  /** Column of the main source matched against `key`. */
  readonly on: string;
}

export interface AttachmentSpec {
  readonly path: string;
  readonly title: string | undefined;
  readonly mimetype: string | undefined;
}

/** `metas` keys a descriptor may set; the others are computed. */
export interface DescriptorMetas {
  readonly title?: string;
  readonly description?: string;
  readonly keyword?: readonly string[];
  readonly theme?: readonly string[];
  readonly publisher?: string;
  readonly license?: string;
  readonly license_url?: string;
  readonly references?: string;
  readonly language?: string;
  readonly timezone?: string;
  readonly attributions?: readonly string[];
  readonly territory?: readonly string[];
  readonly geographic_reference?: readonly string[];
  readonly modified?: string;
  readonly update_frequency?: string;
}

export interface DatasetDescriptor {
  readonly dataset_id: string;
  readonly visibility: Visibility;
  readonly source: SourceSpec;
  /** Source values read as null (besides empty CSV cells). */
  readonly nullValues: readonly string[];
  readonly join: JoinSpec | undefined;
  readonly metas: DescriptorMetas;
  /** Declared fields, or `undefined` to infer them from the source. */
  readonly fields: readonly FieldSpec[] | undefined;
  readonly geoPoint: GeoPointSpec | undefined;
  readonly attachments: readonly AttachmentSpec[];
  /** The metadata in other languages (translations.ts). */
  readonly translations: DescriptorTranslations;
}

/** A descriptor as written in JSON (what `parseDescriptor` accepts), for descriptors defined in code. */
export interface DescriptorJson {
  readonly dataset_id: string;
  readonly visibility?: Visibility;
  readonly source: string;
  readonly format?: SourceFormat;
  readonly delimiter?: string;
  readonly encoding?: string;
  readonly topojson_object?: string;
  readonly null_values?: readonly string[];
  readonly join?: {
    readonly source: string;
    readonly format?: SourceFormat;
    readonly delimiter?: string;
    readonly encoding?: string;
    readonly key: string;
    readonly on: string;
  };
  readonly metas?: DescriptorMetas;
  readonly fields?: readonly {
    readonly name: string;
    readonly source?: string;
    readonly type?: FieldType;
    readonly label?: string;
    readonly description?: string | null;
    readonly annotations?: FieldAnnotations;
    readonly format?: string;
  }[];
  readonly geo_point?: { readonly lat: string; readonly lon: string; readonly field?: string };
  readonly attachments?: readonly (
    | string
    | { readonly path: string; readonly title?: string; readonly mimetype?: string }
  )[];
  readonly translations?: TranslationsJson;
}

export { DescriptorError };

const DATASET_ID = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
const STRING_METAS = [
  'title',
  'description',
  'publisher',
  'license',
  'license_url',
  'references',
  'language',
  'timezone',
  'modified',
  'update_frequency',
] as const;
const LIST_METAS = ['keyword', 'theme', 'attributions', 'territory', 'geographic_reference'] as const;

function parseFormat(value: unknown, where: string): SourceFormat | undefined {
  if (value === undefined || value === null) return undefined;
  const format = SOURCE_FORMATS.find((f) => f === value);
  if (!format) throw new DescriptorError(`${where} must be one of ${SOURCE_FORMATS.join(', ')}`);
  return format;
}

function resolvePath(path: string, baseDir: string): string {
  return isAbsolute(path) ? path : resolve(baseDir, path);
}

function parseMetas(value: unknown): DescriptorMetas {
  if (value === undefined || value === null) return {};
  const object = expectObject(value, 'metas');
  checkKeys(object, [...STRING_METAS, ...LIST_METAS], 'metas');
  const metas: Record<string, string | readonly string[]> = {};
  for (const key of STRING_METAS) {
    const text = optionalString(object, key, 'metas');
    if (text !== undefined) metas[key] = text;
  }
  for (const key of LIST_METAS) {
    const list = stringList(object[key], `metas.${key}`);
    if (list !== undefined) metas[key] = list;
  }
  if (typeof metas.modified === 'string' && Number.isNaN(Date.parse(metas.modified))) {
    throw new DescriptorError('metas.modified must be an ISO 8601 date-time');
  }
  if (typeof metas.timezone === 'string' && !isTimeZone(metas.timezone)) {
    throw new DescriptorError(`metas.timezone: unknown time zone "${metas.timezone}"`);
  }
  return metas;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function parseSource(object: Json, baseDir: string, where: string): SourceSpec {
  const path = resolvePath(requiredString(object, 'source', where), baseDir);
  const delimiter = optionalString(object, 'delimiter', where);
  if (delimiter !== undefined && delimiter.length !== 1) {
    throw new DescriptorError(`${where}.delimiter must be one character`);
  }
  const encodingLabel = optionalString(object, 'encoding', where);
  const encoding = encodingLabel === undefined ? undefined : sourceEncoding(encodingLabel);
  if (encodingLabel !== undefined && encoding === undefined) {
    throw new DescriptorError(
      `${where}.encoding "${encodingLabel}" is not one of ${SOURCE_ENCODINGS.join(', ')} (or latin-1)`,
    );
  }
  return {
    path,
    format: parseFormat(object.format, `${where}.format`),
    delimiter,
    encoding,
    topojsonObject: optionalString(object, 'topojson_object', where),
  };
}

function parseJoin(value: unknown, baseDir: string): JoinSpec | undefined {
  if (value === undefined || value === null) return undefined;
  const object = expectObject(value, 'join');
  checkKeys(object, ['source', 'format', 'delimiter', 'encoding', 'key', 'on'], 'join');
  return {
    source: parseSource(object, baseDir, 'join'),
    key: requiredString(object, 'key', 'join'),
    on: requiredString(object, 'on', 'join'),
  };
}

function parseGeoPoint(value: unknown): GeoPointSpec | undefined {
  if (value === undefined || value === null) return undefined;
  const object = expectObject(value, 'geo_point');
  checkKeys(object, ['lat', 'lon', 'field'], 'geo_point');
  const field = optionalString(object, 'field', 'geo_point') ?? 'geo_point_2d';
  if (!FIELD_NAME.test(field))
    throw new DescriptorError(`geo_point.field "${field}" must be lower snake case`);
  return {
    lat: requiredString(object, 'lat', 'geo_point'),
    lon: requiredString(object, 'lon', 'geo_point'),
    field,
  };
}

function parseAttachments(value: unknown, baseDir: string): AttachmentSpec[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new DescriptorError('attachments must be a list');
  return value.map((item: unknown, index) => {
    const where = `attachments[${index}]`;
    if (typeof item === 'string')
      return { path: resolvePath(item, baseDir), title: undefined, mimetype: undefined };
    const object = expectObject(item, where);
    checkKeys(object, ['path', 'title', 'mimetype'], where);
    return {
      path: resolvePath(requiredString(object, 'path', where), baseDir),
      title: optionalString(object, 'title', where),
      mimetype: optionalString(object, 'mimetype', where),
    };
  });
}

const DESCRIPTOR_KEYS = [
  'dataset_id',
  'visibility',
  'source',
  'format',
  'delimiter',
  'encoding',
  'topojson_object',
  'null_values',
  'join',
  'metas',
  'fields',
  'geo_point',
  'attachments',
  'translations',
];

/** Checks a descriptor; relative paths are resolved against `baseDir` (the descriptor's folder). */
export function parseDescriptor(value: unknown, baseDir: string): DatasetDescriptor {
  const object = expectObject(value, 'the descriptor');
  checkKeys(object, DESCRIPTOR_KEYS, 'the descriptor');
  const datasetId = requiredString(object, 'dataset_id', 'the descriptor');
  if (!DATASET_ID.test(datasetId) || datasetId.length > 100) {
    throw new DescriptorError(
      `dataset_id "${datasetId}" must be lower case letters and digits separated by - or _`,
    );
  }
  let fields: FieldSpec[] | undefined;
  if (object.fields !== undefined && object.fields !== null) {
    if (!Array.isArray(object.fields) || object.fields.length === 0) {
      throw new DescriptorError('fields must be a non-empty list (or be left out to infer the fields)');
    }
    fields = object.fields.map((field: unknown, index) => parseField(field, index));
  }
  const geoPoint = parseGeoPoint(object.geo_point);
  const names = [...(fields ?? []).map((f) => f.name)];
  if (geoPoint && !names.includes(geoPoint.field)) names.push(geoPoint.field);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) throw new DescriptorError(`field "${repeated}" is declared twice`);
  const visibility = VISIBILITIES.find((v) => v === (object.visibility ?? 'domain'));
  if (!visibility) throw new DescriptorError(`visibility must be one of ${VISIBILITIES.join(', ')}`);
  const metas = parseMetas(object.metas);
  const attachments = parseAttachments(object.attachments, baseDir);
  const written = Array.isArray(object.attachments) ? (object.attachments as unknown[]) : [];
  return {
    dataset_id: datasetId,
    visibility,
    source: parseSource(object, baseDir, 'the descriptor'),
    nullValues: stringList(object.null_values, 'null_values') ?? [],
    join: parseJoin(object.join, baseDir),
    metas,
    fields,
    geoPoint,
    attachments,
    translations: parseTranslations(object.translations, {
      fieldNames: fields ? names : undefined,
      // Attachments are named in translations as the descriptor lists them.
      attachments: new Map(
        written.map((item, i) => [
          typeof item === 'string' ? item : String((item as { path?: unknown }).path),
          attachments[i]!.path,
        ]),
      ),
      language: metas.language,
    }),
  };
}
