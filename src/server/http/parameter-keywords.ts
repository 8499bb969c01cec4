import type { default as Ajv, FuncKeywordDefinition, SchemaValidateFunction } from 'ajv';

/*
 * JSON Schema keywords for the texts of query parameters, added to Fastify's validator (app.ts). A
 * parameter arrives as text, and the interface reads some of its texts as integers, flags or names from a
 * list; Ajv's own coercion would take `1e2`, `0x10` or ` 5` for numbers, which the interface refuses. Each
 * keyword says, when it refuses a value, what was expected (`params.expected`), in the wording of the
 * interface's error message (schema-errors.ts writes the message).
 */

/**
 * `integerText: {minimum, maximum}`: a decimal integer, optionally signed, within the bounds. Blank passes
 * (the route's default applies).
 */
export interface IntegerText {
  readonly minimum: number;
  readonly maximum: number;
}

/** `oneOfText: {values}`: one of the values (lower case), in any case. Empty passes (the default applies). */
export interface OneOfText {
  readonly values: readonly string[];
}

/** The refusal a keyword reports: Ajv adds the parameter's path and, verbose, its value. */
interface Refusal {
  readonly keyword: string;
  readonly message: string;
  readonly params: { readonly expected: string };
}

const INTEGER = /^-?\d+$/;
const FLAGS = new Set(['true', 'false', '1', '0']);

/** The parameter's name, as the data's path inside the query string gives it. */
function parameterName(instancePath: string): string {
  return instancePath.slice(1).replaceAll('~1', '/').replaceAll('~0', '~');
}

/** A keyword whose check is `accepts`, refusing with the interface's "expected" wording. */
function textKeyword<S>(
  keyword: string,
  schemaType: 'object' | 'boolean',
  accepts: (text: string, schema: S) => boolean,
  expected: (schema: S, name: string, text: string) => string,
): FuncKeywordDefinition {
  const validate: SchemaValidateFunction = (schema: S, data: unknown, _parent, where): boolean => {
    if (typeof data !== 'string' || accepts(data, schema)) return true;
    const refusal: Refusal = {
      keyword,
      message: 'must be a valid parameter value',
      params: { expected: expected(schema, parameterName(where?.instancePath ?? ''), data) },
    };
    validate.errors = [refusal];
    return false;
  };
  return { keyword, type: 'string', schemaType, errors: true, validate };
}

const integerText = textKeyword<IntegerText>(
  'integerText',
  'object',
  (text, { minimum, maximum }) => {
    const t = text.trim();
    const value = Number(t);
    if (t === '') return true;
    return INTEGER.test(t) && Number.isSafeInteger(value) && value >= minimum && value <= maximum;
  },
  ({ minimum, maximum }, name, text) => {
    const t = text.trim();
    const integral = INTEGER.test(t) && Number.isSafeInteger(Number(t));
    // An integer out of range names the range; anything else says an integer was expected.
    return `${integral ? '' : 'an integer with '}${minimum} <= ${name} <= ${maximum}`;
  },
);

/** `flagText: true`: true, false, 1 or 0, in any case. Empty passes (the default applies). */
const flagText = textKeyword<boolean>(
  'flagText',
  'boolean',
  (text) => text === '' || FLAGS.has(text.toLowerCase()),
  () => 'true or false',
);

const oneOfText = textKeyword<OneOfText>(
  'oneOfText',
  'object',
  (text, { values }) => text === '' || values.includes(text.toLowerCase()),
  ({ values }) => `one of ${values.join(', ')}`,
);

/** Adds the keywords to Fastify's Ajv (its `ajv.plugins` option). */
export function parameterKeywords(ajv: Ajv): Ajv {
  for (const definition of [integerText, flagText, oneOfText]) ajv.addKeyword(definition);
  return ajv;
}
