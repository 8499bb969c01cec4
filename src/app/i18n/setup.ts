import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { fieldWordsEn, fieldWordsFr } from './field-words';
import { fr } from './fr';
import { initialLanguage } from './locale';
import { vocabularyEn, vocabularyFr } from './vocabulary';

/**
 * i18next with both catalogs bundled (a few kilobytes each): the first page renders in the reader's
 * language without waiting for a catalog. Plurals follow `Intl.PluralRules` (`_one`, `_other`).
 */
export function setupI18n(): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: initialLanguage(),
      fallbackLng: 'en',
      supportedLngs: ['en', 'fr'],
      resources: {
        en: { translation: { ...en, vocabulary: vocabularyEn, fields: fieldWordsEn } },
        fr: { translation: { ...fr, vocabulary: vocabularyFr, fields: fieldWordsFr } },
      },
      // React escapes what it renders.
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    i18next.services.formatter?.add('number', formatNumberIn);
  }
  return i18next;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * `{{count, number}}`: one formatter per language. i18next's own keys its cache by every option of the
 * call, the count among them, so it built a formatter for each number shown (tens of milliseconds of
 * the first render of a page of facets and counts).
 */
function formatNumberIn(value: unknown, lng: string | undefined): string {
  const language = lng ?? 'en';
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return typeof value === 'number' || typeof value === 'bigint' ? format.format(value) : String(value);
}

/** Translation outside components (labels built by plain modules); the app re-renders on a change. */
export const t: typeof i18next.t = ((...args: Parameters<typeof i18next.t>) =>
  setupI18n().t(...args)) as typeof i18next.t;
