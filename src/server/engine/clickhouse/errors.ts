import { EngineBusyError, EngineError, type EngineErrorKind, QueryCancelledError } from '../errors';

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

/** The error code at the start of a ClickHouse error text (`Code: 62, e.displayText() = …`). */
export function clickhouseErrorCode(text: string): number | undefined {
  const match = /^\s*Code: (\d+)/.exec(text);
  return match ? Number(match[1]) : undefined;
}

export function clickhouseError(text: string, signal?: AbortSignal): EngineError {
  if (signal?.aborted) return new QueryCancelledError({ cause: new Error(text) });
  const code = clickhouseErrorCode(text);
  if (code !== undefined && BUSY.has(code)) return new EngineBusyError('clickhouse', 0);
  const kind = code === undefined ? 'other' : (KINDS.get(code) ?? 'other');
  return new EngineError(`ClickHouse: ${text.trim().slice(0, 2000)}`, kind);
}

/** A failure to reach the server at all (refused, reset, timed out). */
export function connectionError(error: unknown, signal?: AbortSignal): EngineError {
  if (signal?.aborted) return new QueryCancelledError({ cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new EngineError(`ClickHouse unreachable: ${message}`, 'other', { cause: error });
}
