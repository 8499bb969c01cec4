/** The portal choice follows the reader from page to page, so every internal address carries it. */
export function withPortal(href: string, portal: string): string {
  if (portal === '') return href;
  const url = new URL(href, 'http://explorer.local');
  if (!url.searchParams.has('portal')) url.searchParams.set('portal', portal);
  return `${url.pathname}${url.search}${url.hash}`;
}
