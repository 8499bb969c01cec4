import { createContext, type ReactNode, use, useMemo } from 'react';
import { createClient, type ExploreClient } from '../../api';
import { useApiKey } from '../hooks/useApiKey';

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
  const client = useMemo(
    () => createClient({ baseUrl: portal, ...(apiKey !== '' ? { apiKey } : {}) }),
    [portal, apiKey],
  );
  return <ClientContext value={client}>{children}</ClientContext>;
}

export function useExploreClient(): ExploreClient {
  const client = use(ClientContext);
  if (!client) throw new Error('useExploreClient must be used inside ExploreClientProvider');
  return client;
}
