import { isLang, LANGS, type Lang } from '../../odsql';
import type { FieldTranslation, MetasTranslation } from '../catalog/types';
import { DescriptorError } from './descriptor-error';

/*
 * A descriptor's `translations`: the dataset's metadata in other languages, as a portal's publishers
 * translate it (title, description, keywords, themes, field labels and descriptions, attachment titles).
 * The portal answers in one of them when a request asks for it with `lang`, falling back per item to the
 * untranslated text (catalog/localize.ts):
 *
 *   "translations": {
 *     "fr": {
 *       "metas": { "title": "…", "description": "…", "keyword": ["…"], "theme": ["…"] },
 *       "fields": { "<field name>": { "label": "…", "description": "…" } },
 *       "attachments": { "<attachment path as listed>": { "title": "…" } }
 *     }
 *   }
 */

/** One language's translation as the descriptor gives it (attachments by their resolved path). */
export interface DescriptorTranslation {
  readonly metas: MetasTranslation;
  readonly fields: Readonly<Record<string, FieldTranslation>>;
  /** Attachment titles by the attachment's absolute path. */
  readonly attachments: Readonly<Record<string, string>>;
}

export type DescriptorTranslations = Readonly<Partial<Record<Lang, DescriptorTranslation>>>;

/** `translations` as written in JSON (what `parseTranslations` accepts), for descriptors defined in code. */
export type TranslationsJson = Readonly<
  Partial<
    Record<
      Lang,
      {
        readonly metas?: MetasTranslation;
        readonly fields?: Readonly<Record<string, FieldTranslation>>;
        readonly attachments?: Readonly<Record<string, { readonly title?: string }>>;
      }
    >
  >
>;

/** What the rest of the descriptor tells about the translations' targets. */
export interface TranslationTargets {
  /** The declared fields' names, or undefined when the fields are inferred from the source. */
  readonly fieldNames: readonly string[] | undefined;
  /** Attachment paths as written in the descriptor → their resolved paths. */
  readonly attachments: ReadonlyMap<string, string>;
  /** The language of the untranslated metadata (`metas.language`), which needs no translation. */
  readonly language: string | undefined;
}

type Json = Record<string, unknown>;

const FIELD_NAME = /^[a-z][a-z0-9_]*$/;

function objectAt(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DescriptorError(`${where} must be an object`);
  }
  return value as Json;
}

function onlyKeys(object: Json, allowed: readonly string[], where: string): void {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) {
      throw new DescriptorError(`${where}: unknown key "${key}" (allowed: ${allowed.join(', ')})`);
    }
  }
}

/** A translated text: absent, or a string that says something. */
function text(object: Json, key: string, where: string): string | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new DescriptorError(`${where}.${key} must be a string`);
  if (value.trim() === '') throw new DescriptorError(`${where}.${key} must not be empty`);
  return value;
}

function texts(object: Json, key: string, where: string): string[] | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string' && item.trim() !== '')) {
    throw new DescriptorError(`${where}.${key} must be a string or a list of non-empty strings`);
  }
  return list as string[];
}

function parseMetas(value: unknown, where: string): MetasTranslation {
  if (value === undefined || value === null) return {};
  const object = objectAt(value, where);
  onlyKeys(object, ['title', 'description', 'keyword', 'theme'], where);
  const title = text(object, 'title', where);
  const description = text(object, 'description', where);
  const keyword = texts(object, 'keyword', where);
  const theme = texts(object, 'theme', where);
  return {
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(keyword !== undefined ? { keyword } : {}),
    ...(theme !== undefined ? { theme } : {}),
  };
}

function parseFields(
  value: unknown,
  where: string,
  declared: readonly string[] | undefined,
): Record<string, FieldTranslation> {
  if (value === undefined || value === null) return {};
  const object = objectAt(value, where);
  const fields: Record<string, FieldTranslation> = {};
  for (const [name, item] of Object.entries(object)) {
    const at = `${where}.${name}`;
    if (declared ? !declared.includes(name) : !FIELD_NAME.test(name)) {
      throw new DescriptorError(`${where}: "${name}" is not a field of the dataset`);
    }
    const field = objectAt(item, at);
    onlyKeys(field, ['label', 'description'], at);
    const label = text(field, 'label', at);
    const description = text(field, 'description', at);
    fields[name] = {
      ...(label !== undefined ? { label } : {}),
      ...(description !== undefined ? { description } : {}),
    };
  }
  return fields;
}

function parseAttachments(
  value: unknown,
  where: string,
  listed: ReadonlyMap<string, string>,
): Record<string, string> {
  if (value === undefined || value === null) return {};
  const object = objectAt(value, where);
  const titles: Record<string, string> = {};
  for (const [path, item] of Object.entries(object)) {
    const at = `${where}.${path}`;
    const resolved = listed.get(path);
    if (resolved === undefined) {
      throw new DescriptorError(`${where}: "${path}" is not one of the dataset's attachments`);
    }
    const attachment = objectAt(item, at);
    onlyKeys(attachment, ['title'], at);
    const title = text(attachment, 'title', at);
    if (title !== undefined) titles[resolved] = title;
  }
  return titles;
}

/** Checks a descriptor's `translations` against the rest of it (see the top of this file). */
export function parseTranslations(value: unknown, targets: TranslationTargets): DescriptorTranslations {
  if (value === undefined || value === null) return {};
  const object = objectAt(value, 'translations');
  const translations: Partial<Record<Lang, DescriptorTranslation>> = {};
  for (const [lang, item] of Object.entries(object)) {
    const where = `translations.${lang}`;
    if (!isLang(lang)) {
      throw new DescriptorError(`translations: unknown language "${lang}" (one of ${LANGS.join(', ')})`);
    }
    if (lang === targets.language) {
      throw new DescriptorError(
        `${where}: "${lang}" is the language of the metadata itself (metas.language); translate into others`,
      );
    }
    const translation = objectAt(item, where);
    onlyKeys(translation, ['metas', 'fields', 'attachments'], where);
    translations[lang] = {
      metas: parseMetas(translation.metas, `${where}.metas`),
      fields: parseFields(translation.fields, `${where}.fields`, targets.fieldNames),
      attachments: parseAttachments(translation.attachments, `${where}.attachments`, targets.attachments),
    };
  }
  return translations;
}
