import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../api';
import { firstDataUrls, LANGUAGE_COOKIE, PAGE_LANGUAGES } from '../../server/explorer/first-data';
import { PAGE_TABS, pageRoute } from '../../server/explorer/page-route';
import { LANGUAGE_COOKIE as APP_COOKIE, LANGUAGES } from '../i18n/locale';
import { parseDatasetSearch } from '../routes/dataset-search';
import { DATASET_TABS, type DatasetTab, matchRoute } from '../routes/paths';
import { recordPagesQuery } from '../table/queries';
import { inLanguage } from './client-context';
import { datasetQuery, recordsQuery } from './options';
import { datasetFilterParams, recordsParams } from './request-params';

/*
 * The server answers a dataset page's first requests inside the page (src/server/explorer): it must
 * foresee them exactly as the explorer writes them, or the explorer asks again.
 */

/** The addresses the explorer asks for first on a tab without filters (page-prefetch.ts). */
async function explorerFirstUrls(tab: DatasetTab, lang: 'en' | 'fr'): Promise<string[]> {
  const urls: string[] = [];
  const capture: typeof fetch = async (input) => {
    urls.push(String(input));
    return new Response('{"total_count":0,"results":[]}', { status: 200 });
  };
  const client = inLanguage(createClient({ fetch: capture }), lang);
  const queries = new QueryClient();
  const state = parseDatasetSearch(new URLSearchParams());
  await queries.fetchQuery(datasetQuery(client, 'a b/c')).catch(() => undefined);
  if (tab === 'table')
    await queries.fetchInfiniteQuery(recordPagesQuery(client, 'a b/c', recordsParams(state)));
  if (tab === 'map')
    await queries.fetchQuery(recordsQuery(client, 'a b/c', { ...datasetFilterParams(state), limit: 0 }));
  return urls;
}

describe('the first data the server writes in a page', () => {
  it.each([
    ['table', 'fr'],
    ['map', 'en'],
    ['information', 'en'],
  ] as const)('names the requests the %s tab makes first (%s)', async (tab, lang) => {
    const route = pageRoute(`/datasets/${encodeURIComponent('a b/c')}/${tab}`);
    expect(firstDataUrls(route, new URLSearchParams(`lang=${lang}`), lang)).toEqual(
      await explorerFirstUrls(tab, lang),
    );
  });

  it('knows the explorer’s pages, languages and cookie', () => {
    expect(PAGE_TABS).toEqual(DATASET_TABS);
    expect(PAGE_LANGUAGES).toEqual(LANGUAGES);
    expect(LANGUAGE_COOKIE).toBe(APP_COOKIE);
    for (const path of [
      '/',
      '/datasets/x',
      '/datasets/x/map',
      '/datasets/%E2%82%AC/api',
      '/datasets/x/y',
      '/other',
      '/datasets/%zz/table',
    ])
      expect(pageRoute(path).page === 'other').toBe(matchRoute(path).page === 'not-found');
  });
});
