import i18next from 'i18next';

/*
 * The explorer speaks English and French. The language comes from `?lang=` in the address, else the
 * reader's last choice (localStorage), else the browser's languages; English when none is French.
 */

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', fr: 'Français' };

const STORAGE_KEY = 'explorer.lang';
/**
 * The same choice as a cookie, which the server reads to write the page's first data in the language
 * the explorer will start in (src/server/explorer/first-data.ts).
 */
export const LANGUAGE_COOKIE = 'explorer_lang';
const YEAR_S = 365 * 24 * 3600;

export function asLanguage(text: string | null | undefined): Language | undefined {
  const base = (text ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((l) => l === base);
}

/** The language to start in: the address, the remembered choice, then the browser. */
export function initialLanguage(): Language {
  if (typeof window === 'undefined') return 'en';
  const fromAddress = asLanguage(new URLSearchParams(window.location.search).get('lang'));
  if (fromAddress) return fromAddress;
  try {
    const remembered = asLanguage(window.localStorage.getItem(STORAGE_KEY));
    if (remembered) return remembered;
  } catch {
    // Storage refused (private mode): the browser decides.
  }
  for (const candidate of window.navigator.languages ?? [window.navigator.language]) {
    const language = asLanguage(candidate);
    if (language) return language;
  }
  return 'en';
}

export function rememberLanguage(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the explorer serves.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${YEAR_S}; SameSite=Lax`;
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered; the address still carries it.
  }
}

/** The language shown now. */
export function currentLanguage(): Language {
  return asLanguage(i18next.language) ?? 'en';
}

/** The locale numbers and dates are written in. */
export function appLocale(): string {
  return currentLanguage() === 'fr' ? 'fr-FR' : 'en-US';
}
