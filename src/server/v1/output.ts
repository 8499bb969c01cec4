import type { FastifyReply } from 'fastify';
import { V1_SERIALISER_SCHEMAS } from '../../api/schemas-v10';
import type { V1Replies } from '../../api/types-v10';
import { ApiError, invalidParameter } from '../errors';
import { boolean, type QueryString, single } from '../http/params';
import { asciiJson, pythonJson } from '../http/python-json';

/*
 * How v1 answers are written (odsql.md §10): `format` among those an endpoint has, JSONP when a
 * `callback` is given (or `format=jsonp`/`geojsonp`), and `pretty_print` for indented JSON.
 */

/** `format`, lower-cased, checked against the endpoint's formats (the first is the default). */
export function v1Format<F extends string>(query: QueryString, formats: readonly F[]): F {
  const raw = single(query, 'format');
  if (raw === undefined || raw.trim() === '') return formats[0]!;
  const lower = raw.trim().toLowerCase() as F;
  if (!formats.includes(lower)) throw invalidParameter('format', raw, `one of ${formats.join(', ')}`);
  return lower;
}

/** JavaScript reserved words: a callback cannot be named after them. */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally ' +
    'for function if import in instanceof new null return super switch this throw true try typeof var void ' +
    'while with yield let static implements interface package private protected public await arguments eval'
  ).split(' '),
);

/** A dotted path of JavaScript identifiers (`cb`, `jQuery123_456`, `app.handlers.done`), ASCII only. */
const CALLBACK = /^[A-Za-z_$][\w$]{0,99}(\.[A-Za-z_$][\w$]{0,99}){0,9}$/;

/**
 * The JSONP callback name, when one is given. Only plain dotted identifiers are accepted: anything else
 * (brackets, parentheses, quotes, spaces) could make the answer run other code in the caller's page.
 */
export function callbackName(query: QueryString): string | undefined {
  const raw = single(query, 'callback');
  if (raw === undefined || raw === '') return undefined;
  if (!CALLBACK.test(raw) || raw.split('.').some((part) => RESERVED.has(part))) {
    throw invalidParameter(
      'callback',
      raw,
      'a JavaScript function name: letters, digits, _ and $, not starting with a digit, parts joined by dots',
    );
  }
  return raw;
}

/** A JSON answer of a kind of reply, written through that kind's schema (api/schemas-v10.ts). */
export type V1Body = {
  readonly [K in keyof V1Replies]: {
    readonly kind: K;
    readonly json: V1Replies[K];
    /** JSONP wanted by the format itself (`jsonp`, `geojsonp`): a callback is then required. */
    readonly padded?: boolean;
    /** Media type of unpadded JSON (GeoJSON has its own). */
    readonly mediaType?: string;
  };
}[keyof V1Replies];

/** Sends a JSON answer, as JSONP when asked, indented when `pretty_print` is true. */
export function sendV1(reply: FastifyReply, query: QueryString, body: V1Body): FastifyReply {
  const callback = callbackName(query);
  if (body.padded && callback === undefined) {
    throw new ApiError(
      'InvalidRESTParameterError',
      'Invalid value for callback API parameter: a JSONP format needs the name of the function to call (callback=…).',
    );
  }
  const pretty = boolean(query, 'pretty_print', false);
  // Fastify's type says object, but its serialiser takes any JSON its schema describes (arrays too).
  const compact = reply.serializeInput(
    body.json as Record<string, unknown>,
    V1_SERIALISER_SCHEMAS[body.kind],
  );
  // The service's own JSON text (python-json.ts): spaced and ASCII-escaped, or indented by 4.
  const text = pretty ? asciiJson(JSON.stringify(JSON.parse(compact), null, 4)) : pythonJson(compact);
  if (callback === undefined) {
    return reply.type(body.mediaType ?? 'application/json; charset=utf-8').send(text);
  }
  // The comment in front keeps a crafted name from being read as another file type (Rosetta Flash);
  // nosniff keeps browsers from running the answer as anything but script.
  return reply
    .type('application/javascript; charset=utf-8')
    .header('X-Content-Type-Options', 'nosniff')
    .send(`/**/ typeof ${callback} === 'function' && ${callback}(${text});`);
}
