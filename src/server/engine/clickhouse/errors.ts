import {
  EngineBusyError,
  EngineError,
  type EngineErrorKind,
  EngineUnavailableError,
  QueryCancelledError,
} from '../errors';

/*
 * ClickHouse failures as the server's own EngineError kinds. The message keeps ClickHouse's text for
 * the log only: the HTTP layer answers from `kind` and never shows the message to a client.
 */

/** ClickHouse error codes (ErrorCodes.cpp) whose cause is the query as asked. */
const KINDS: ReadonlyMap<number, EngineErrorKind> = new Map([
  [6, 'conversion'], // CANNOT_PARSE_TEXT
  [27, 'conversion'], // CANNOT_PARSE_INPUT_ASSERTION_FAILED
  [38, 'conversion'], // CANNOT_PARSE_DATE
  [41, 'conversion'], // CANNOT_PARSE_DATETIME
  [70, 'conversion'], // CANNOT_CONVERT_TYPE
  [72, 'conversion'], // CANNOT_PARSE_NUMBER
  [43, 'binder'], // ILLEGAL_TYPE_OF_ARGUMENT
  [46, 'binder'], // UNKNOWN_FUNCTION
  [47, 'binder'], // UNKNOWN_IDENTIFIER
  [53, 'binder'], // TYPE_MISMATCH
  [42, 'binder'], // NUMBER_OF_ARGUMENTS_DOESNT_MATCH
  [44, 'binder'], // ILLEGAL_COLUMN
  [62, 'parser'], // SYNTAX_ERROR
  [69, 'out_of_range'], // ARGUMENT_OUT_OF_BOUND
  [36, 'invalid_input'], // BAD_ARGUMENTS
  [153, 'invalid_input'], // ILLEGAL_DIVISION
  [159, 'interrupted'], // TIMEOUT_EXCEEDED
  [394, 'interrupted'], // QUERY_WAS_CANCELLED
  [241, 'memory'], // MEMORY_LIMIT_EXCEEDED
]);

/** Codes that say the server is saturated, not that the query is wrong. */
const BUSY = new Set([202 /* TOO_MANY_SIMULTANEOUS_QUERIES */]);

/**
 * Codes that say a node the query needs could not be reached. What 18.16 answers, seen with a shard's
 * server stopped: 279 with the tries' 210s (`Connection refused (127.0.0.1:18311)`) for a read through a
 * Distributed table, 210 for a synchronous insert; killed while its rows streamed: 32 `Attempt to read
 * after eof: while receiving packet from 127.0.0.1:18311`.
 */
const UNAVAILABLE = new Set([
  198, // DNS_ERROR
  209, // SOCKET_TIMEOUT
  210, // NETWORK_ERROR
  279, // ALL_CONNECTION_TRIES_FAILED
]);

/** Code 32 (ATTEMPT_TO_READ_AFTER_EOF) is a node gone only when it was reading from one. */
const CUT_BY_PEER = /while receiving packet from/;

/** The node a ClickHouse error names: `(host:port)`, `from host:port`. */
const NODE = /(?:\(|from )((?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):\d{1,5})\b/;

/**
 * Socket-level failures of Node's fetch (in the error's `cause` chain): refused, reset, closed, timed
 * out, no route or name. Anything else thrown while reading an answer is not the node's absence.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

function networkCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
  }
  return undefined;
}

function unavailable(code: number, text: string): boolean {
  return UNAVAILABLE.has(code) || (code === 32 && CUT_BY_PEER.test(text));
}

/** The error code at the start of a ClickHouse error text (`Code: 62, e.displayText() = …`). */
export function clickhouseErrorCode(text: string): number | undefined {
  const match = /^\s*Code: (\d+)/.exec(text);
  return match ? Number(match[1]) : undefined;
}

export function clickhouseError(text: string, signal?: AbortSignal): EngineError {
  if (signal?.aborted) return new QueryCancelledError({ cause: new Error(text) });
  const code = clickhouseErrorCode(text);
  if (code !== undefined && BUSY.has(code)) return new EngineBusyError('clickhouse', 0);
  const message = `ClickHouse: ${text.trim().slice(0, 2000)}`;
  if (code !== undefined && unavailable(code, text))
    return new EngineUnavailableError(message, NODE.exec(text)?.[1]);
  const kind = code === undefined ? 'other' : (KINDS.get(code) ?? 'other');
  return new EngineError(message, kind);
}

/**
 * A request to `node` (`host:port`) that failed without ClickHouse's answer: unreachable when the socket
 * failed (refused, reset, timed out), else a failure of ours (a reply we could not read).
 */
export function connectionError(error: unknown, signal: AbortSignal | undefined, node: string): EngineError {
  if (signal?.aborted) return new QueryCancelledError({ cause: error });
  const message = error instanceof Error ? error.message : String(error);
  const code = networkCode(error);
  if (code !== undefined)
    return new EngineUnavailableError(`ClickHouse unreachable (${node}): ${message} (${code})`, node, {
      cause: error,
    });
  return new EngineError(`ClickHouse (${node}): ${message}`, 'other', { cause: error });
}
