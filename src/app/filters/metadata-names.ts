import { t } from '../i18n/setup';
import { type Vocabulary, vocabularyEn, vocabularyFr } from '../i18n/vocabulary';

/*
 * Theme and feature values as words of the reader's language (i18n/vocabulary.ts). A value is named
 * for display only: filters keep the value the portal answered.
 */

type ThemeKey = keyof Vocabulary['themes'];

/** Case and accents aside, as people write themes: `Économie` is `economie`. */
const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .trim();

/** A theme's key by its name in either language. */
const THEMES: ReadonlyMap<string, ThemeKey> = new Map(
  [vocabularyEn, vocabularyFr].flatMap((vocabulary) =>
    (Object.entries(vocabulary.themes) as [ThemeKey, string][]).map(([key, name]) => [fold(name), key]),
  ),
);

/** `Transport` → `Transports` in French; a theme the vocabulary does not know stays as it is. */
export function themeName(value: string): string {
  const key = THEMES.get(fold(value));
  return key ? t(`vocabulary.themes.${key}`) : value;
}

/** `timeserie` → `Time series` (`Série temporelle` in French); unknown features stay as they are. */
export function featureName(value: string): string {
  return Object.hasOwn(vocabularyEn.features, value) ? t(`vocabulary.features.${value}`) : value;
}
