/** Failures of the SQL engine, kept apart from DuckDB so that the pool and the HTTP layer share them. */

export type EngineErrorKind =
  | 'conversion'
  | 'out_of_range'
  | 'invalid_input'
  | 'binder'
  | 'parser'
  | 'interrupted'
  | 'busy'
  /** The query needs more memory than the engine may use (not the request's fault, nor transient only). */
  | 'memory'
  /**
   * The engine could not reach (part of) itself: a cluster node refused, reset or timed out. Neither the
   * request's fault nor ours; the HTTP layer answers 503 with `Retry-After`. DuckDB never fails so.
   */
  | 'unavailable'
  | 'other';

/**
 * A failed query. `message` keeps DuckDB's text for logs; `kind` tells the HTTP layer whether the request
 * caused it (conversion, range, input, binder and parser errors) without showing that text to clients.
 */
export class EngineError extends Error {
  readonly kind: EngineErrorKind;
  constructor(message: string, kind: EngineErrorKind, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EngineError';
    this.kind = kind;
  }
}

/** The query was cancelled through its AbortSignal. Named `AbortError` like the platform's own. */
export class QueryCancelledError extends EngineError {
  constructor(options?: { cause?: unknown }) {
    super('The query was cancelled', 'interrupted', options);
    this.name = 'AbortError';
  }
}

const KIND_PREFIXES: readonly (readonly [string, EngineErrorKind])[] = [
  ['Conversion Error:', 'conversion'],
  ['Out of Range Error:', 'out_of_range'],
  ['Invalid Input Error:', 'invalid_input'],
  ['Binder Error:', 'binder'],
  ['Parser Error:', 'parser'],
  ['INTERRUPT Error:', 'interrupted'],
  ['Out of Memory Error:', 'memory'],
];

export function engineErrorKind(message: string): EngineErrorKind {
  for (const [prefix, kind] of KIND_PREFIXES) if (message.startsWith(prefix)) return kind;
  return 'other';
}

/**
 * No connection of the query's lane came free within the longest queue wait: the server is saturated
 * with this kind of work. The HTTP layer answers 503 with `Retry-After`.
 */
export class EngineBusyError extends EngineError {
  constructor(
    readonly lane: string,
    readonly waitedMs: number,
  ) {
    super(`No ${lane} connection came free within ${waitedMs} ms`, 'busy');
    this.name = 'EngineBusyError';
  }
}

/**
 * The engine could not reach a node it needs (refused, reset, timed out, a shard with no replica left).
 * `node` names it (`host:port`) where the failure says which, for the log.
 */
export class EngineUnavailableError extends EngineError {
  constructor(
    message: string,
    readonly node: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, 'unavailable', options);
    this.name = 'EngineUnavailableError';
  }
}

/** Whether a failure is the engine being unreachable (rather than the query or a fault of ours). */
export function isEngineUnavailable(error: unknown): error is EngineError {
  return error instanceof EngineError && error.kind === 'unavailable';
}
