import type { PageRoute } from './page-route';

/*
 * Who may show an explorer page inside a frame. The explorer's own pages refuse every frame: a page of
 * another site could lay it under its own and have a reader click on things unseen (clickjacking). An
 * embedded view (`/embed/…`) exists to be framed by any site; it changes nothing on the server, and
 * what it shows is what its address already asks the API for.
 */

export type FramingHeaders = Readonly<Record<string, string>>;

/** Any site may frame an embedded view. */
export const EMBED_FRAMING: FramingHeaders = { 'Content-Security-Policy': 'frame-ancestors *' };

/** No site may frame the explorer; X-Frame-Options for browsers that predate frame-ancestors. */
export const EXPLORER_FRAMING: FramingHeaders = {
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

export function framingHeaders(route: PageRoute): FramingHeaders {
  return route.page === 'embed' ? EMBED_FRAMING : EXPLORER_FRAMING;
}
