import { describe, expect, it } from 'vitest';
import { createClient, createClientV20 } from './client';
import { ApiError } from './errors';

interface Call {
  readonly url: string;
  readonly signal: AbortSignal | null | undefined;
  readonly headers: Headers;
}

function fakeFetch(status: number, body: unknown, calls: Call[] = []): typeof fetch {
  return async (input, init) => {
    calls.push({ url: String(input), signal: init?.signal, headers: new Headers(init?.headers) });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { 'content-type': 'application/json' } });
  };
}

describe('createClient', () => {
  it('calls the v2.1 records endpoint of the portal with every parameter and the signal', async () => {
    const calls: Call[] = [];
    const client = createClient({
      baseUrl: 'https://data.example.org/',
      fetch: fakeFetch(200, { total_count: 1, results: [{ a: 1 }] }, calls),
    });
    const controller = new AbortController();
    const page = await client.getRecords(
      'seattle weather',
      { where: 'search("rain")', refine: ['date:2013'], exclude: ['weather:sun'], limit: 20, offset: 20 },
      controller.signal,
    );
    expect(page.total_count).toBe(1);
    const call = calls[0]!;
    const url = new URL(call.url);
    expect(url.origin + url.pathname).toBe(
      'https://data.example.org/api/explore/v2.1/catalog/datasets/seattle%20weather/records',
    );
    expect(url.searchParams.getAll('refine')).toEqual(['date:2013']);
    expect(url.searchParams.get('exclude')).toBe('weather:sun');
    expect(call.signal).toBe(controller.signal);
  });

  it('accepts grouped records, which come without a total', async () => {
    const client = createClient({ fetch: fakeFetch(200, { results: [{ species: 'Adelie', n: 152 }] }) });
    const page = await client.getRecords('penguins', { group_by: 'species' });
    expect(page.total_count).toBeUndefined();
    expect(page.results).toHaveLength(1);
    await expect(
      createClient({ fetch: fakeFetch(200, { total_count: 'x', results: [] }) }).getRecords('p'),
    ).rejects.toThrow(ApiError);
  });

  it('uses the page origin when no base address is given', () => {
    expect(createClient().urls.facets('x', { facet: ['a', 'b'] })).toBe(
      '/api/explore/v2.1/catalog/datasets/x/facets?facet=a&facet=b',
    );
  });

  it('throws the portal error code, message and status', async () => {
    const client = createClient({
      fetch: fakeFetch(400, { error_code: 'ODSQLError', message: 'ODSQL query is malformed.' }),
    });
    const error = await client.getRecords('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      errorCode: 'ODSQLError',
      message: 'ODSQL query is malformed.',
    });
  });

  it('reads quota answers, which have their own shape', async () => {
    const client = createClient({
      fetch: fakeFetch(429, {
        errorcode: 10002,
        reset_time: '2021-01-26T00:00:00Z',
        limit_time_unit: 'day',
        call_limit: 10000,
        error: 'Too many requests on the domain.',
      }),
    });
    await expect(client.listDatasets()).rejects.toMatchObject({
      status: 429,
      errorCode: '10002',
      message: 'Too many requests on the domain. The quota resets at 2021-01-26T00:00:00Z.',
    });
  });

  it('reports an unreachable portal as a network error', async () => {
    const client = createClient({
      baseUrl: 'http://127.0.0.1:9',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(client.getCatalogFacets()).rejects.toMatchObject({
      status: 0,
      errorCode: 'NetworkError',
      message: 'Could not reach http://127.0.0.1:9. Check the portal address and your connection.',
    });
  });

  it('refuses an answer that is not Explore API data', async () => {
    const client = createClient({ fetch: fakeFetch(200, '<!doctype html><p>Welcome</p>') });
    await expect(client.getDataset('x')).rejects.toMatchObject({ errorCode: 'UnexpectedResponse' });
  });

  it('lets a cancelled request reject with the abort, not an ApiError', async () => {
    const controller = new AbortController();
    const client = createClient({
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    });
    const pending = client.getAttachments('x', controller.signal);
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('sends the API key as a header, never in the address', async () => {
    const calls: Call[] = [];
    const client = createClient({ apiKey: ' secret-key ', fetch: fakeFetch(200, { a: 1 }, calls) });
    expect(client.authenticated).toBe(true);
    await client.getRecord('trees', 'r 1', { select: 'genus' });
    expect(calls[0]!.url).toBe('/api/explore/v2.1/catalog/datasets/trees/records/r%201?select=genus');
    expect(calls[0]!.headers.get('authorization')).toBe('Apikey secret-key');
    const anonymous: Call[] = [];
    await createClient({ fetch: fakeFetch(200, { a: 1 }, anonymous) }).getRecord('trees', 'r1');
    expect(anonymous[0]!.headers.has('authorization')).toBe(false);
  });

  it('reads v2.0 wrapped shapes and refuses v2.1 flat ones there', async () => {
    const calls: Call[] = [];
    const v20 = createClientV20({
      baseUrl: 'https://data.example.org',
      fetch: fakeFetch(
        200,
        {
          total_count: 1,
          links: [],
          records: [{ links: [], record: { id: 'r', timestamp: 't', size: 1, fields: {} } }],
        },
        calls,
      ),
    });
    const page = await v20.getRecords('trees', { limit: 1 });
    expect(page.records).toHaveLength(1);
    expect(calls[0]!.url).toBe(
      'https://data.example.org/api/explore/v2.0/catalog/datasets/trees/records?limit=1',
    );
    const flat = createClientV20({ fetch: fakeFetch(200, { total_count: 1, results: [] }) });
    await expect(flat.getDatasets()).rejects.toMatchObject({ kind: 'unexpected' });
  });
});
