import { createContext, type ReactNode, use, useMemo } from 'react';
import { createClient, type ExploreClient } from '../../api';
import { useApiKey } from '../hooks/useApiKey';
import { currentLanguage, type Language } from '../i18n/locale';
import { firstDataFetch } from './first-data';

const ClientContext = createContext<ExploreClient | null>(null);

/** Gives the views a client of the chosen portal ('' is the server that serves the page). */
export function ExploreClientProvider({
  portal,
  children,
}: {
  readonly portal: string;
  readonly children: ReactNode;
}) {
  const apiKey = useApiKey(portal);
  const client = useMemo(() => portalClient(portal, apiKey), [portal, apiKey]);
  return <ClientContext value={client}>{children}</ClientContext>;
}

export function useExploreClient(): ExploreClient {
  const client = use(ClientContext);
  if (!client) throw new Error('useExploreClient must be used inside ExploreClientProvider');
  return client;
}

/**
 * The client of a portal with its key, in the reader's language: the one the views are given. The
 * page's own server, asked without a key, may have answered the first requests inside the page.
 */
export function portalClient(portal: string, apiKey: string): ExploreClient {
  const options = apiKey !== '' ? { apiKey } : portal === '' ? { fetch: firstDataFetch } : {};
  return inLanguage(createClient({ baseUrl: portal, ...options }), currentLanguage());
}

/**
 * The client asking in the reader's language (`lang`) wherever the interface takes it: metadata a
 * portal translates (titles, descriptions, keywords, themes, field labels), the catalog facets' theme
 * and keyword values, and date formatting then follow the explorer's language.
 */
export function inLanguage(client: ExploreClient, lang: Language): ExploreClient {
  return {
    ...client,
    listDatasets: (params, signal) => client.listDatasets({ ...params, lang }, signal),
    getCatalogFacets: (params, signal) => client.getCatalogFacets({ ...params, lang }, signal),
    getDataset: (id, params, signal) => client.getDataset(id, { ...params, lang }, signal),
    getRecords: (id, params, signal) => client.getRecords(id, { ...params, lang }, signal),
    getRecord: (id, recordId, params, signal) => client.getRecord(id, recordId, { ...params, lang }, signal),
    getFacets: (id, params, signal) => client.getFacets(id, { ...params, lang }, signal),
  };
}
