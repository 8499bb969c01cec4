import type { FastifyRequest } from 'fastify';
import type { Dataset } from '../catalog/types';
import { ApiError, datasetNotFound } from '../errors';

/*
 * What the caller of one request may read. The access hook (auth/hooks.ts) resolves the caller's API key
 * once per request and records it here; routes then ask through these functions, which are the only way
 * to a dataset or the catalog table. A request the hook never saw can read nothing: access fails closed.
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

/** The caller, which every API route has: without one, the access hook did not run (a bug, logged). */
function requireCaller(request: FastifyRequest): Caller {
  const caller = callers.get(request);
  if (!caller) throw new Error(`${request.url}: the access hook did not run for this request`);
  return caller;
}

/**
 * Whether the caller may read a dataset: true for a public dataset and for a restricted one the caller's
 * key grants; also true for an id that does not exist, so that the route still answers its own 404.
 */
export function canReadDataset(request: FastifyRequest, datasetId: string): boolean {
  return requireCaller(request).canRead(datasetId);
}

/**
 * The dataset a route serves, for this caller: 404 when unknown, 401 when restricted to other keys. Routes
 * find datasets through this alone, so none can serve one without the access decision.
 */
export function readableDataset(
  catalog: { get(datasetId: string): Dataset | undefined },
  request: FastifyRequest,
  datasetId: string,
): Dataset {
  const ds = catalog.get(datasetId);
  if (!ds) throw datasetNotFound(datasetId);
  if (!requireCaller(request).canRead(ds.dataset_id)) {
    throw new ApiError(
      'Unauthorized',
      `The dataset ${ds.dataset_id} is restricted: call with an API key that may read it.`,
    );
  }
  return ds;
}

/**
 * The catalog table (see backend/catalog-rows.ts) as this caller sees it: a view leaving out the
 * restricted datasets its key does not grant, so that lists, `total_count`, facet counts and catalog
 * exports run on it never reveal them.
 */
export function catalogTableFor(request: FastifyRequest): string {
  return requireCaller(request).catalogTable;
}
