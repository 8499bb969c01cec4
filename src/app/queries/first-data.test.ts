import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createClient, createUrls, type Dataset } from '../../api';
import { firstDataUrls, LANGUAGE_COOKIE, PAGE_LANGUAGES } from '../../server/explorer/first-data';
import { firstMapUrl, MAP_FIRST_DATA } from '../../server/explorer/first-map-data';
import { EMBED_PAGE_VIEWS, PAGE_TABS, pageRoute } from '../../server/explorer/page-route';
import { LANGUAGE_COOKIE as APP_COOKIE, LANGUAGES } from '../i18n/locale';
import { CLUSTER_LIMIT, CLUSTER_RADIUS, FEATURE_THRESHOLD, FIT_CLUSTER_ZOOM } from '../map/map-data';
import { prefetchMapData } from '../map/map-queries';
import { parseDatasetSearch } from '../routes/dataset-search';
import { DATASET_TABS, type DatasetTab, EMBED_VIEWS, matchRoute } from '../routes/paths';
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
    expect(EMBED_PAGE_VIEWS).toEqual(EMBED_VIEWS);
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
      '/embed/x/map',
      '/embed/%E2%82%AC/analyze',
      '/embed/x/information',
      '/embed/x',
    ])
      expect(pageRoute(path).page === 'other').toBe(matchRoute(path).page === 'not-found');
  });

  it.each([
    [FEATURE_THRESHOLD + 1, 'fr'],
    [FEATURE_THRESHOLD, 'en'],
  ] as const)(
    'names the map’s next request as the explorer asks it (%i records, %s)',
    async (total, lang) => {
      // `year` is a word of the language: quoted in the request, as the explorer quotes it.
      const dataset = {
        dataset_id: 'a b/c',
        fields: [
          { name: 'name', label: 'Name', type: 'text' },
          { name: 'year', label: 'Place', type: 'geo_point_2d' },
        ],
      } as unknown as Dataset;
      const asked: string[] = [];
      const capture: typeof fetch = async (input) => {
        asked.push(String(input));
        return new Response('{"total_count":0,"results":[]}', { status: 200 });
      };
      const client = inLanguage(createClient({ fetch: capture }), lang);
      prefetchMapData(new QueryClient(), client, dataset, {}, total, false);
      await new Promise((resolve) => setTimeout(resolve, 0));
      const urls = createUrls('');
      const answers = new Map([
        [urls.dataset('a b/c', { lang }), JSON.stringify(dataset)],
        [urls.records('a b/c', { limit: 0, lang }), JSON.stringify({ total_count: total, results: [] })],
      ]);
      const server = firstMapUrl(pageRoute('/datasets/a%20b%2Fc/map'), lang, (u) => answers.get(u));
      expect(asked).toHaveLength(1);
      if (total > FEATURE_THRESHOLD) {
        expect(server).toBe(asked[0]);
        expect(server).toContain('geo_cluster(%60year%60');
      } else {
        // The records themselves (the GeoJSON export): left for the explorer to ask.
        expect(server).toBeUndefined();
        expect(asked[0]).toContain('/exports/geojson');
      }
      expect(
        firstMapUrl(pageRoute('/datasets/a%20b%2Fc/table'), lang, (u) => answers.get(u)),
      ).toBeUndefined();
    },
  );

  it('knows the map’s constants', () => {
    expect(MAP_FIRST_DATA).toEqual({
      featureThreshold: FEATURE_THRESHOLD,
      fitZoom: FIT_CLUSTER_ZOOM,
      radius: CLUSTER_RADIUS,
      limit: CLUSTER_LIMIT,
    });
  });
});
