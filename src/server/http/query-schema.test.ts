import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import {
  flag,
  integer,
  language,
  pagedQuerystring,
  pathParams,
  querystring,
  text,
  texts,
} from './query-schema';
import { PARAMETER_VALIDATION } from './schema-errors';

/*
 * The parameter schemas on a bare Fastify app with the server's validation options: whatever a schema
 * refuses, the handler never runs and the refusal is the interface's wording (the server's error handler
 * writes the body; here the ApiError is read as is).
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify(PARAMETER_VALIDATION);
  app.setErrorHandler((error, _req, reply) => {
    if (error instanceof ApiError)
      return reply.status(error.status).send({ code: error.code, message: error.message });
    return reply.status(500).send({ message: String(error) });
  });
  const schema = {
    querystring: pagedQuerystring(
      { select: text, group_by: text, where: texts('where'), include_links: flag, lang: language },
      'by group_by',
    ),
  };
  app.get('/records', { schema }, async (req) => ({ query: req.query }));
  app.get(
    '/items/:item_id',
    { schema: { params: pathParams('item_id'), querystring: querystring({ n: integer(1, 5) }) } },
    async (req) => ({ params: req.params }),
  );
  await app.ready();
});

afterAll(() => app.close());

async function ask(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

async function refusal(url: string): Promise<string> {
  const { status, body } = await ask(url);
  expect(status, url).toBe(400);
  expect(body.code).toBe('InvalidRESTParameterError');
  return body.message as string;
}

describe('parameter schemas', () => {
  it('lets declared parameters of the right form through, and unknown ones untouched', async () => {
    const { status, body } = await ask('/records?limit=5&where=a&where=b&include_links=TRUE&lang=FR&x=1&x=2');
    expect(status).toBe(200);
    expect(body.query).toEqual({
      limit: '5',
      where: ['a', 'b'],
      include_links: 'TRUE',
      lang: 'FR',
      x: ['1', '2'],
    });
    // A repeatable parameter given once is read as a list.
    expect((await ask('/records?where=a')).body.query).toEqual({ where: ['a'] });
  });

  it('refuses an integer out of range, or no integer, with the bounds', async () => {
    expect(await refusal('/records?limit=101')).toBe(
      'Invalid value for limit API parameter: 101 was found but -1 <= limit <= 100 is expected.',
    );
    for (const value of ['1e2', '0x10', '1.5', 'ten', '99999999999999999999']) {
      expect(await refusal(`/records?offset=${value}`)).toBe(
        `Invalid value for offset API parameter: ${value} was found but an integer with 0 <= offset <= ${Number.MAX_SAFE_INTEGER} is expected.`,
      );
    }
    expect((await ask('/records?limit=%20')).status).toBe(200);
  });

  it('bounds limit by whether the request groups', async () => {
    expect((await ask('/records?group_by=a&limit=20000')).status).toBe(200);
    expect(await refusal('/records?group_by=a&limit=20001')).toBe(
      'Invalid value for limit API parameter: 20001 was found but -1 <= limit <= 20000 is expected.',
    );
    expect(await refusal('/records?group_by=%20&limit=101')).toMatch(/-1 <= limit <= 100 is expected/);
  });

  it('refuses a second value of a single parameter', async () => {
    expect(await refusal('/records?select=a&select=b')).toBe(
      'Invalid value for select API parameter: a, b was found but a single value is expected.',
    );
  });

  it('refuses a repeated parameter given more times than its bound', async () => {
    const url = `/records?${Array.from({ length: 101 }, () => 'where=x').join('&')}`;
    expect(await refusal(url)).toBe('The where API parameter is given 101 times, at most 100 are allowed.');
  });

  it('refuses a flag or a language that is none', async () => {
    expect(await refusal('/records?include_links=maybe')).toBe(
      'Invalid value for include_links API parameter: maybe was found but true or false is expected.',
    );
    expect(await refusal('/records?lang=xx')).toMatch(
      /^Invalid value for lang API parameter: xx was found but one of en, fr/,
    );
  });

  it('checks integers of any route with its own bounds', async () => {
    expect((await ask('/items/a?n=5')).status).toBe(200);
    expect(await refusal('/items/a?n=6')).toBe(
      'Invalid value for n API parameter: 6 was found but 1 <= n <= 5 is expected.',
    );
  });
});
