/*
 * The versions of the Explore API, one spelling for the server and the explorer: `'2.1'`, `'2.0'`. The
 * path segment (`v2.1`) is derived from it, never written as another version name.
 */

const API_VERSIONS = ['2.1', '2.0'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

/** Where each version is served, from a portal's root. */
export const API_PATHS: Readonly<Record<ApiVersion, string>> = {
  '2.1': '/api/explore/v2.1',
  '2.0': '/api/explore/v2.0',
};
