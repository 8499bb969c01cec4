import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createClient, type ExploreClient } from '../../api';
import { datasetFacetSource } from '../filters/facet-enumeration';
import { recordPagesQuery } from '../table/queries';
import { exploreKeys } from './keys';
import { clientKey, datasetQuery, recordQuery, recordsQuery } from './options';

const PORTAL = 'https://data.example.org';

/** A portal that answers who asked: the records count is the length of the Authorization header. */
function portalFetch(calls: string[]): typeof fetch {
  return async (input, init) => {
    const auth = new Headers(init?.headers).get('Authorization') ?? '';
    calls.push(`${auth}|${String(input)}`);
    const url = new URL(String(input));
    const body = url.pathname.includes('/records/')
      ? { record: { id: 'r1', fields: { who: auth } }, _id: 'r1', who: auth }
      : url.pathname.endsWith('/records')
        ? { total_count: auth.length, results: [{ _id: 'r1', who: auth }] }
        : { dataset_id: 'flights', fields: [], metas: { default: { title: auth } } };
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  };
}

const clients = (calls: string[]) => ({
  anonymous: createClient({ baseUrl: PORTAL, fetch: portalFetch(calls) }),
  keyed: createClient({ baseUrl: PORTAL, apiKey: 'key-one', fetch: portalFetch(calls) }),
  other: createClient({ baseUrl: PORTAL, apiKey: 'key-two', fetch: portalFetch(calls) }),
});

describe('query keys', () => {
  it('tell apart the portal, the key and its absence, and never hold the key itself', () => {
    const { anonymous, keyed, other } = clients([]);
    const identities = [anonymous, keyed, other, createClient()].map(clientKey);
    expect(new Set(identities).size).toBe(4);
    expect(identities.join()).not.toContain('key-one');
    expect(identities.join()).not.toContain('key-two');
    // Spaces around a pasted key do not make it another key.
    expect(clientKey(createClient({ baseUrl: PORTAL, apiKey: ' key-one ' }))).toBe(clientKey(keyed));
  });

  it('start every entry of the factory with the client identity', () => {
    const { anonymous, keyed } = clients([]);
    const args: Record<keyof typeof exploreKeys, unknown[]> = {
      portal: [],
      catalog: [],
      datasets: [{}],
      catalogFacets: [{}],
      catalogFacetValues: [{}],
      dataset: ['d'],
      records: ['d', {}],
      recordPages: ['d', {}],
      facets: ['d', {}],
      facetValues: ['d', {}, undefined],
      range: ['d', 'f', {}],
      record: ['d', 'r', {}],
      attachments: ['d'],
      mapFeatures: ['d', 'u'],
      mapClusters: ['d', {}],
    };
    for (const [name, make] of Object.entries(exploreKeys)) {
      const build = make as (client: string, ...rest: unknown[]) => readonly unknown[];
      const rest = args[name as keyof typeof exploreKeys];
      const a = build(clientKey(anonymous), ...rest);
      const k = build(clientKey(keyed), ...rest);
      expect(a.slice(0, 2), name).toEqual(['explore', clientKey(anonymous)]);
      expect(a, name).not.toEqual(k);
    }
  });

  it('keep anonymous and keyed calls in separate cache entries, for every kind of request', async () => {
    const calls: string[] = [];
    const { anonymous, keyed, other } = clients(calls);
    const queries = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    const who = (c: ExploreClient) =>
      c.authenticated ? `Apikey ${c === keyed ? 'key-one' : 'key-two'}` : '';

    for (const client of [anonymous, keyed, other, anonymous, keyed]) {
      const count = await queries.fetchQuery(recordsQuery(client, 'flights', { limit: 0 }));
      expect(count.total_count).toBe(who(client).length);
      const pages = await queries.fetchInfiniteQuery(recordPagesQuery(client, 'flights', {}));
      expect(pages.pages[0]?.response.results[0]?.who).toBe(who(client));
      const record = await queries.fetchQuery(recordQuery(client, 'flights', 'r1'));
      expect((record as { who?: string }).who).toBe(who(client));
      const dataset = await queries.fetchQuery(datasetQuery(client, 'flights'));
      expect(dataset.metas?.default?.title).toBe(who(client));
    }
    // Four requests per client, each asked once: the repeated anonymous and keyed rounds came from the
    // cache, and no keyed answer was ever served to the anonymous client or the other way round.
    expect(calls).toHaveLength(12);
    const facetKeys = [anonymous, keyed].map((c) =>
      JSON.stringify(datasetFacetSource(c, 'flights', { q: '', refine: [], exclude: [] }).key),
    );
    expect(facetKeys[0]).not.toBe(facetKeys[1]);
  });
});
