import Fastify from 'fastify';
import type { JSONSchema } from 'json-schema-to-ts';
import { describe, expect, it } from 'vitest';
import {
  type AttachmentFromSchema,
  aggregationsResponseSchema,
  attachmentsResponseSchema,
  type ErrorBodyFromSchema,
  type FacetValueLeafFromSchema,
  facetsResponseSchema,
  type LinkFromSchema,
  linksResponseSchema,
  RESPONSE_SCHEMAS,
  type RecordsV20FromSchema,
  type RecordsV21FromSchema,
  replySchemas,
} from './schemas';
import type { Attachment, ErrorBody, FacetValue, Link, RecordsResponse } from './types';
import type { RecordsResponseV20 } from './types-v20';

/*
 * The schemas the routes declare, checked two ways: at compile time against the types the explorer
 * reads, and at run time through Fastify's own serialiser (in-process `inject`, no socket), which must
 * give back replies shaped like the captured ones key for key, in order, nulls and nesting included.
 */

type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
type Fits<A, B> = [A] extends [B] ? true : false;

/** Fails to compile as soon as a schema and its type disagree. */
const agreements: [
  SameKeys<LinkFromSchema, Link>,
  Fits<LinkFromSchema, Link>,
  SameKeys<ErrorBodyFromSchema, ErrorBody>,
  SameKeys<FacetValueLeafFromSchema, Omit<FacetValue, 'facets'>>,
  Fits<FacetValueLeafFromSchema, Omit<FacetValue, 'facets'>>,
  SameKeys<AttachmentFromSchema, Attachment>,
  SameKeys<AttachmentFromSchema['metas'], Attachment['metas']>,
  Fits<AttachmentFromSchema, Attachment>,
  SameKeys<RecordsV21FromSchema, RecordsResponse>,
  Fits<RecordsV21FromSchema, RecordsResponse>,
  SameKeys<RecordsV20FromSchema, RecordsResponseV20>,
] = [true, true, true, true, true, true, true, true, true, true, true];

/** The text Fastify writes for `body` under the route schema `schema`. */
async function serialised(schema: JSONSchema, body: unknown, status = 200): Promise<string> {
  const app = Fastify();
  app.get('/', { schema: { response: replySchemas(schema) } }, async (_req, reply) =>
    reply.status(status).send(body),
  );
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res.body;
}

const link = (rel: string): Link => ({ rel, href: `https://example.org/api/explore/v2.1/${rel}` });
/** v2.0 writes `href` before `rel` (captures 32–35). */
const linkV20 = (rel: string) => ({ href: `https://example.org/api/v2/${rel}`, rel });

describe('reply schemas', () => {
  it('agree with the types (compile time)', () => {
    expect(agreements.every(Boolean)).toBe(true);
  });

  it('write open records as they are: any key, nulls, nested values, key order (capture 11)', async () => {
    const body = {
      total_count: 2,
      links: [link('self'), link('first')],
      results: [
        { tree_id: 1, genus: 'Acer', height: null, geo: { lon: 2.3, lat: 48.8 }, tags: ['a', 'b'], _id: 'x' },
        { zeta: true, alpha: 0.5, 'with space': 'é\u2028"' },
      ],
    };
    expect(await serialised(RESPONSE_SCHEMAS['2.1'].records, body)).toBe(JSON.stringify(body));
    // A group_by answer has no total_count and no links.
    const grouped = { results: [{ species: 'Adelie', 'count(*)': 152 }] };
    expect(await serialised(RESPONSE_SCHEMAS['2.1'].records, grouped)).toBe(JSON.stringify(grouped));
  });

  it('write the v2.0 record wrappers and aggregations (captures 34, 39)', async () => {
    const body = {
      total_count: 1,
      links: [linkV20('self')],
      records: [
        {
          links: [linkV20('self')],
          record: { id: 'abc', timestamp: '2021-01-04T11:22:14.44Z', size: 12, fields: { a: 1 } },
        },
        { record: { fields: { species: 'Adelie', count: 3 } } },
      ],
    };
    expect(await serialised(RESPONSE_SCHEMAS['2.0'].records, body)).toBe(JSON.stringify(body));
    const aggregations = { aggregations: [{ avg_x: 2.5, year: '2020' }] };
    expect(await serialised(aggregationsResponseSchema, aggregations)).toBe(JSON.stringify(aggregations));
  });

  it('write nested facet values to any depth (capture 05, hierarchical 38)', async () => {
    const body = {
      links: [link('self'), link('dataset')],
      facets: [
        {
          name: 'date',
          facets: [
            {
              name: '2020',
              count: 3,
              state: 'refined',
              value: '2020',
              facets: [
                {
                  name: '11',
                  count: 2,
                  state: 'refined',
                  value: '2020/11',
                  facets: [{ name: '05', count: 1, state: 'displayed', value: '2020/11/05' }],
                },
              ],
            },
            { name: '2019', state: 'excluded', value: '2019' },
          ],
        },
      ],
    };
    expect(await serialised(facetsResponseSchema, body)).toBe(JSON.stringify(body));
  });

  it('write v2.0 links href first and v2.0 facet values count first, whatever order they come in (37, 38)', async () => {
    const body = {
      links: [link('self')],
      facets: [{ name: 'modified', facets: [{ name: '2020', count: 8, state: 'refined', value: '2020' }] }],
    };
    expect(await serialised(RESPONSE_SCHEMAS['2.0'].facets, body)).toBe(
      JSON.stringify({
        links: [{ href: link('self').href, rel: 'self' }],
        facets: [{ name: 'modified', facets: [{ count: 8, state: 'refined', name: '2020', value: '2020' }] }],
      }),
    );
    expect(await serialised(RESPONSE_SCHEMAS['2.0'].links, { links: [link('csv')] })).toBe(
      JSON.stringify({ links: [{ href: link('csv').href, rel: 'csv' }] }),
    );
  });

  it('write attachments with null metas, and link lists (capture 28)', async () => {
    const body = {
      links: [link('self'), link('dataset')],
      attachments: [{ href: 'h', metas: { 'mime-type': null, title: 'T', url: 'u', id: 'i' } }],
    };
    expect(await serialised(attachmentsResponseSchema, body)).toBe(JSON.stringify(body));
    const links = { links: [link('self'), link('csv')] };
    expect(await serialised(linksResponseSchema, links)).toBe(JSON.stringify(links));
  });

  it('keep dataset objects open, in the order the server writes them (captures 01, 33)', async () => {
    const dataset = {
      visibility: 'domain',
      fields: [{ name: 'a', description: null }],
      dataset_id: 'd',
      metas: { default: { title: 'T' } },
    };
    expect(await serialised(RESPONSE_SCHEMAS['2.1'].dataset, dataset)).toBe(JSON.stringify(dataset));
    const wrapped = { links: [linkV20('self')], dataset };
    expect(await serialised(RESPONSE_SCHEMAS['2.0'].dataset, wrapped)).toBe(JSON.stringify(wrapped));
    const catalog = { total_count: 1, links: [linkV20('self')], datasets: [wrapped] };
    expect(await serialised(RESPONSE_SCHEMAS['2.0'].catalog, catalog)).toBe(JSON.stringify(catalog));
  });

  it('describe the error and quota bodies (captures 29, 45)', async () => {
    const error = { error_code: 'ODSQLError', message: 'ODSQL query is malformed' };
    expect(await serialised(linksResponseSchema, error, 400)).toBe(JSON.stringify(error));
    const quota = {
      errorcode: 10005,
      reset_time: '2021-01-26T00:00:00Z',
      limit_time_unit: 'day',
      call_limit: 1000,
      error: 'x',
    };
    expect(await serialised(linksResponseSchema, quota, 429)).toBe(JSON.stringify(quota));
  });

  it('drops what a fixed schema does not list: why records and datasets stay open', async () => {
    expect(await serialised(linksResponseSchema, { links: [], extra: 1 })).toBe('{"links":[]}');
  });
});
