import type { ErrorBody, ErrorCode } from '../api/types';
import { type Diagnostic, type DiagnosticMessage, formatOdsqlMessage, semanticError } from '../odsql';
import { EngineError } from './engine/errors';

/** The HTTP status of each error code of the interface (the codes are wire types, in src/api). */
export const ERROR_CODES: Readonly<Record<ErrorCode, number>> = {
  ODSQLError: 400,
  InvalidRESTParameterError: 400,
  NotFoundResource: 404,
  Unauthorized: 401,
  QueryTimeout: 400,
  TooManyRequests: 429,
  InternalServerError: 500,
  ServiceUnavailable: 503,
};

/** An error answered with the interface's JSON body `{error_code, message}`. */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Seconds after which the client may try again (`Retry-After`), for 429 and 503 answers. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }
}

export function odsqlError(diagnostics: readonly Diagnostic[]): ApiError {
  return new ApiError('ODSQLError', formatOdsqlMessage(diagnostics));
}

/** A semantic ODSQL error spanning the whole `select` clause (a query of the wrong kind for its endpoint). */
export function selectError(message: DiagnosticMessage, select: string | undefined): ApiError {
  const source = select ?? '';
  return odsqlError([
    { ...semanticError(message, { from: 0, to: source.length }, source), clause: 'select' },
  ]);
}

/** `Invalid value for limit API parameter: 1473 was found but -1 <= limit <= 100 is expected.` */
export function invalidParameter(name: string, value: string, expected: string): ApiError {
  const shown = value.length > 200 ? `${value.slice(0, 200)}…` : value;
  return new ApiError(
    'InvalidRESTParameterError',
    `Invalid value for ${name} API parameter: ${shown} was found but ${expected} is expected.`,
  );
}

/** `The facet API parameter is given 1000 times, at most 100 are allowed.` */
export function tooManyParameters(name: string, count: number, max: number): ApiError {
  return new ApiError(
    'InvalidRESTParameterError',
    `The ${name} API parameter is given ${count} times, at most ${max} are allowed.`,
  );
}

/** `The sort API parameter has 25000 sort keys, at most 10 are allowed.` */
export function tooManyValues(name: string, count: number, max: number, values: string): ApiError {
  return new ApiError(
    'InvalidRESTParameterError',
    `The ${name} API parameter has ${count} ${values}, at most ${max} are allowed.`,
  );
}

export function datasetNotFound(datasetId: string): ApiError {
  return new ApiError('NotFoundResource', `The requested dataset ${datasetId} does not exist.`);
}

export function recordNotFound(datasetId: string, recordId: string): ApiError {
  return new ApiError(
    'NotFoundResource',
    `The requested record ${recordId} does not exist in dataset ${datasetId}.`,
  );
}

/**
 * Error bodies are pretty-printed with a 2-space indent, `error_code` first, as the real service
 * writes them.
 */
export function errorBody(code: ErrorCode, message: string): string {
  const body: ErrorBody = { error_code: code, message };
  // Not a response schema: the service's 2-space indent, which Fastify's serialiser does not write.
  return JSON.stringify(body, null, 2);
}

/**
 * How long a client is asked to wait when the engine cannot reach part of its cluster: a restarted node
 * is seen again within a second or two (the cluster's state is read every second).
 */
export const RETRY_AFTER_UNAVAILABLE_S = 10;

/** The answer while the engine cannot reach a node it needs (the server logs the outage once). */
export function engineUnavailable(): ApiError {
  return new ApiError(
    'ServiceUnavailable',
    'The data engine cannot reach part of its cluster at the moment: try again in a few seconds.',
    RETRY_AFTER_UNAVAILABLE_S,
  );
}

/**
 * An engine failure as the interface's answer, where it has one: a value the query computes that cannot be
 * represented (an overflow, an impossible conversion) is the request's fault, a 400; a query needing more
 * memory than the engine may use is a 503 that says how to ask less; an engine that cannot reach a node
 * it needs is a 503 with `Retry-After`. Anything else stays a failure of ours (500, logged).
 */
export function engineFailure(error: unknown): unknown {
  if (!(error instanceof EngineError)) return error;
  if (error.kind === 'conversion' || error.kind === 'out_of_range' || error.kind === 'invalid_input') {
    return new ApiError(
      'ODSQLError',
      'ODSQL query is malformed: a value computed by the query is out of range or cannot be converted.',
    );
  }
  if (error.kind === 'memory') {
    return new ApiError(
      'ServiceUnavailable',
      'The query needs more memory than the server may use now: narrow it with filters, or try again later.',
    );
  }
  if (error.kind === 'unavailable') return engineUnavailable();
  return error;
}
