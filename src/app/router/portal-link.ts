/** The portal choice follows the reader from page to page, so every internal address carries it. */
export function withPortal(href: string, portal: string): string {
  if (portal === '') return href;
  if (new URL(href, 'http://explorer.local').searchParams.has('portal')) return href;
  const value = encodeURIComponent(portal).replace(/%3A/gi, ':').replace(/%2F/gi, '/');
  return `${href}${href.includes('?') ? '&' : '?'}portal=${value}`;
}
