import { createUrls } from '../../api/urls';
import type { PageRoute } from './page-route';

/*
 * The API requests a dataset page makes before it can show anything, as the explorer writes them
 * (src/app/queries/page-prefetch.ts; first-data.test.ts keeps the two in step): the server answers them
 * inside the page, so the first rows wait for no round trip. Only for a page without filters, whose
 * requests do not depend on the reader's state, and in the language the explorer will start in.
 */

export const PAGE_LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof PAGE_LANGUAGES)[number];

/** The cookie the explorer writes beside its remembered language, so the server starts in the same. */
export const LANGUAGE_COOKIE = 'explorer_lang';

/** The table's first page, as the records table asks for it. */
const FIRST_PAGE = { limit: 100, offset: 0, include_links: true } as const;

function asLanguage(text: string | undefined): Language | undefined {
  const base = (text ?? '').trim().toLowerCase().split(/[-_;]/)[0];
  return PAGE_LANGUAGES.find((l) => l === base);
}

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * The language the explorer will start in (src/app/i18n/locale.ts): the address's `lang`, the
 * remembered choice, then the browser's languages in its order of preference; English otherwise.
 */
export function pageLanguage(
  search: URLSearchParams,
  headers: { readonly cookie?: string; readonly 'accept-language'?: string },
): Language {
  const chosen =
    asLanguage(search.get('lang') ?? undefined) ?? asLanguage(cookie(headers.cookie, LANGUAGE_COOKIE));
  if (chosen) return chosen;
  for (const candidate of (headers['accept-language'] ?? '').split(',')) {
    const language = asLanguage(candidate);
    if (language) return language;
  }
  return 'en';
}

/** The requests answered inside the page, as paths on the server's own origin. */
export function firstDataUrls(route: PageRoute, search: URLSearchParams, lang: Language): string[] {
  if (route.page !== 'dataset') return [];
  // Filters, a sort, another portal: the page's requests depend on them; the explorer sends its own.
  if ([...search.keys()].some((key) => key !== 'lang')) return [];
  const urls = createUrls('');
  const id = route.datasetId;
  const requests = [urls.dataset(id, { lang })];
  if (route.tab === 'table') requests.push(urls.records(id, { ...FIRST_PAGE, lang }));
  // The map's count decides between records and clusters.
  if (route.tab === 'map') requests.push(urls.records(id, { limit: 0, lang }));
  return requests;
}
