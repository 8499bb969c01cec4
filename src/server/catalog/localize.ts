import type { Lang } from '../../odsql';
import type { Dataset } from './types';

/*
 * A dataset in the language a request asks for (`lang`): its translated title, description, keywords,
 * themes, field labels and descriptions, attachment titles. Each item without a translation keeps the
 * untranslated text, as the portal does; a request without `lang` gets the untranslated metadata.
 */

/** The dataset as served in `lang` (itself when there is nothing to translate). */
export function datasetIn(ds: Dataset, lang: Lang | undefined): Dataset {
  const translation = lang === undefined ? undefined : ds.translations?.[lang];
  if (!translation) return ds;
  const { metas, fields, attachments } = translation;
  const base = ds.metas.default;
  return {
    ...ds,
    metas: {
      ...ds.metas,
      default: {
        ...base,
        title: metas.title ?? base.title,
        description: metas.description ?? base.description,
        keyword: metas.keyword ?? base.keyword,
        theme: metas.theme ?? base.theme,
      },
    },
    fields: ds.fields.map((f) => {
      const t = fields[f.name];
      return t ? { ...f, label: t.label ?? f.label, description: t.description ?? f.description } : f;
    }),
    attachments: ds.attachments.map((a) => {
      const title = attachments[a.id];
      return title === undefined ? a : { ...a, title };
    }),
  };
}

/** The languages the dataset is translated into. */
export function translatedLanguages(ds: Dataset): Lang[] {
  return Object.keys(ds.translations ?? {}) as Lang[];
}
