import { useMemo, useSyncExternalStore } from 'react';
import { currentHref, subscribeToLocation } from './history';

export interface AppLocation {
  readonly pathname: string;
  readonly search: URLSearchParams;
  readonly href: string;
}

export function useLocation(): AppLocation {
  const href = useSyncExternalStore(subscribeToLocation, currentHref);
  return useMemo(() => {
    const url = new URL(href, 'http://explorer.local');
    return { pathname: url.pathname, search: url.searchParams, href };
  }, [href]);
}
