import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { codePoint, controlInText } from './text';

/**
 * Refuses a request whose query parameters or path segments hold a control character (see text.ts),
 * with the interface's 400 body naming the parameter and the character's code point.
 */
export function checkRequestText(request: FastifyRequest): void {
  const refuse = (where: string, char: string): never => {
    throw new ApiError(
      'InvalidRESTParameterError',
      `Invalid value for ${where}: control characters such as ${codePoint(char)} are not allowed.`,
    );
  };
  const query = request.query as Readonly<Record<string, unknown>> | undefined;
  for (const [name, value] of Object.entries(query ?? {})) {
    const badName = controlInText(name);
    if (badName) refuse('an API parameter name', badName);
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v !== 'string') continue;
      const bad = controlInText(v);
      if (bad) refuse(`${name} API parameter`, bad);
    }
  }
  const params = request.params as Readonly<Record<string, unknown>> | undefined;
  for (const [name, value] of Object.entries(params ?? {})) {
    if (typeof value !== 'string') continue;
    const bad = controlInText(value);
    if (bad) refuse(`the ${name} in the path`, bad);
  }
}
