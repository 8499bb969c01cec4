/** The portal choice follows the reader from page to page, so every internal address carries it. */
export function withPortal(href: string, portal: string): string {
  if (portal === '') return href;
  if (new URL(href, 'http://explorer.local').searchParams.has('portal')) return href;
  const value = encodeURIComponent(portal).replace(/%3A/gi, ':').replace(/%2F/gi, '/');
  return `${href}${href.includes('?') ? '&' : '?'}portal=${value}`;
}

/**
 * A language chosen in the address (`lang=fr`) follows the reader from page to page too. Without one,
 * each page speaks the remembered or the browser's language.
 */
export function withLanguage(href: string, language: string | null): string {
  if (!language) return href;
  if (new URL(href, 'http://explorer.local').searchParams.has('lang')) return href;
  return `${href}${href.includes('?') ? '&' : '?'}lang=${encodeURIComponent(language)}`;
}
