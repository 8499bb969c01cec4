import type { FastifyRequest } from 'fastify';

/*
 * What the caller of one request may read. The access hook (auth/hooks.ts) resolves the caller's API key
 * once per request and records it here; routes then ask through these functions. A request the hook
 * never saw (a route outside the API prefixes) can read no restricted dataset: access fails closed.
 */

/** Who is calling: anonymous, or the holder of a valid key (its name from the keys file, never the key). */
export interface Caller {
  /** Name of the key in the keys file; undefined when anonymous. */
  readonly keyName: string | undefined;
  /** Whether this caller may read a dataset that exists. Unknown ids answer true (the route's 404 decides). */
  canRead(datasetId: string): boolean;
  /** The table the catalog queries of this caller run on: the catalog without the datasets it cannot read. */
  readonly catalogTable: string;
}

const callers = new WeakMap<FastifyRequest, Caller>();

/** Called by the access hook once the key is checked. */
export function setCaller(request: FastifyRequest, caller: Caller): void {
  callers.set(request, caller);
}

/** The caller of a request, or undefined when the access hook did not run for it. */
export function callerOf(request: FastifyRequest): Caller | undefined {
  return callers.get(request);
}

/**
 * Whether the caller may read a dataset: true for a public dataset and for a restricted one the caller's
 * key grants; also true for an id that does not exist, so that the route still answers its own 404.
 */
export function canReadDataset(request: FastifyRequest, datasetId: string): boolean {
  const caller = callers.get(request);
  if (!caller) return false;
  return caller.canRead(datasetId);
}

/**
 * The catalog table (see storage/catalog-table.ts) as this caller sees it: a view leaving out the
 * restricted datasets its key does not grant, so that lists, `total_count`, facet counts and catalog
 * exports run on it never reveal them.
 */
export function catalogTableFor(request: FastifyRequest): string {
  const caller = callers.get(request);
  // A programming error (a catalog route outside the API prefixes), never a request's fault.
  if (!caller) throw new Error('catalogTableFor: the access hook did not run for this request');
  return caller.catalogTable;
}
