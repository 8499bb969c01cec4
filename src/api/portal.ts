/*
 * Portal addresses typed by people: `data.example.org`, `https://data.example.org/explore/`, or an API
 * address copied from a browser. All of them name the same portal root.
 */

export type PortalParse =
  | { readonly ok: true; readonly url: string }
  | { readonly ok: false; readonly reason: string };

export function parsePortalUrl(input: string): PortalParse {
  const text = input.trim();
  if (text === '')
    return { ok: false, reason: 'Enter the address of a portal, such as https://data.example.org.' };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, reason: `“${text}” is not a web address.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: 'A portal address starts with https:// or http://.' };
  }
  if (!url.hostname.includes('.') && url.hostname !== 'localhost' && !url.hostname.startsWith('[')) {
    return { ok: false, reason: `“${text}” is not a web address.` };
  }
  // Portal pages live under /explore, /pages or the API prefixes; the API is always at the root.
  const path = url.pathname.replace(/\/(api|explore|pages)(\/.*)?$/, '').replace(/\/+$/, '');
  return { ok: true, url: `${url.origin}${path}` };
}
