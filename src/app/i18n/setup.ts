import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { fr } from './fr';
import { initialLanguage } from './locale';

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
      resources: { en: { translation: en }, fr: { translation: fr } },
      // React escapes what it renders.
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  }
  return i18next;
}

/** Translation outside components (labels built by plain modules); the app re-renders on a change. */
export const t: typeof i18next.t = ((...args: Parameters<typeof i18next.t>) =>
  setupI18n().t(...args)) as typeof i18next.t;
