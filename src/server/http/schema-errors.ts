import type { FastifySchemaValidationError } from 'fastify';
import { ApiError, invalidParameter, tooManyParameters } from '../errors';
import { parameterKeywords } from './parameter-keywords';

/*
 * Fastify's `schemaErrorFormatter`: a request whose parameters do not fit its route's querystring or params
 * schema is refused here, once for every route, with the interface's 400 `InvalidRESTParameterError` and
 * its wording (errors.ts). Ajv runs `verbose`, so each error carries the value it refused.
 */

/** A parameter name from the error's JSON pointer (`/limit`, `/refine.date`). */
function parameterName(instancePath: string): string {
  return instancePath.slice(1).replaceAll('~1', '/').replaceAll('~0', '~');
}

function shown(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The interface's refusal of the first parameter Ajv found wrong. */
export function refusedParameter(errors: readonly FastifySchemaValidationError[], dataVar: string): ApiError {
  const error = errors[0];
  const where = dataVar === 'params' ? 'path segment' : 'API parameter';
  if (!error) return new ApiError('InvalidRESTParameterError', `The request has an invalid ${where}.`);
  const { keyword, params } = error;
  const data = (error as { data?: unknown }).data;
  const missing = (params as { missingProperty?: string }).missingProperty;
  const name = missing ?? parameterName(error.instancePath);
  const expected = (params as { expected?: unknown }).expected;
  if (typeof expected === 'string') return invalidParameter(name, shown(data), expected);
  if (keyword === 'maxItems' && Array.isArray(data)) {
    return tooManyParameters(name, data.length, Number((params as { limit?: unknown }).limit));
  }
  if (keyword === 'type' && Array.isArray(data)) return invalidParameter(name, shown(data), 'a single value');
  if (keyword === 'required')
    return new ApiError('InvalidRESTParameterError', `The ${name} ${where} is missing.`);
  return invalidParameter(name, shown(data), error.message ?? 'a valid value');
}

/**
 * Fastify's options for checking parameters: the keywords of parameter texts, Ajv verbose (errors keep
 * the value refused), and the refusal above.
 */
export const PARAMETER_VALIDATION = {
  ajv: { customOptions: { verbose: true }, plugins: [parameterKeywords] },
  schemaErrorFormatter: refusedParameter,
};
