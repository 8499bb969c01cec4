import { useEffect, useMemo } from 'react';
import { navigate } from '../router/history';
import { useLocation } from '../router/useLocation';
import { PORTAL_PARAM, PORTAL_STORAGE_KEY, type PortalChoice, readPortalParam } from '../routes/portal-param';

/** The portal named in the address. */
export function usePortal(): PortalChoice {
  const { search } = useLocation();
  const param = search.get(PORTAL_PARAM);
  return useMemo(() => readPortalParam(param), [param]);
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(PORTAL_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStored(portal: string): void {
  try {
    if (portal === '') window.localStorage.removeItem(PORTAL_STORAGE_KEY);
    else window.localStorage.setItem(PORTAL_STORAGE_KEY, portal);
  } catch {
    // Storage can be disabled; the address still holds the choice.
  }
}

/** The portal the app starts on: the address's, else the one usePortalMemory will put in it. */
export function startingPortal(search: URLSearchParams): string {
  const param = search.get(PORTAL_PARAM);
  return readPortalParam(param ?? readStored()).portal;
}

/**
 * An address without a portal gets the one the reader chose last time (local storage), so the
 * address always names the portal being read. Only an explicit choice is remembered, not every
 * link followed.
 */
export function usePortalMemory(): void {
  const { search, pathname } = useLocation();
  const param = search.get(PORTAL_PARAM);
  useEffect(() => {
    if (param !== null) return;
    const choice = readPortalParam(readStored());
    if (choice.portal === '') return;
    const next = new URLSearchParams(search);
    next.set(PORTAL_PARAM, choice.portal);
    navigate(`${pathname}?${next.toString()}`, { replace: true });
  }, [param, pathname, search]);
}

/** Switches portal: datasets differ from one portal to another, so the reader goes back to the catalog. */
export function choosePortal(portal: string): void {
  writeStored(portal);
  navigate(portal === '' ? '/' : `/?${new URLSearchParams({ [PORTAL_PARAM]: portal }).toString()}`);
}
