import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../api';
import { datasetsQuery, recordQuery, recordsQuery } from './options';

interface Call {
  readonly url: string;
  readonly signal: AbortSignal | null | undefined;
}

function recordingFetch(calls: Call[], body: unknown): typeof fetch {
  return (input, init) => {
    calls.push({ url: String(input), signal: init?.signal });
    return new Promise((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      setTimeout(() => resolve(new Response(JSON.stringify(body))), 20);
    });
  };
}

describe('query options', () => {
  it('keep portals, keys and parameters apart in the cache', () => {
    const here = createClient();
    const there = createClient({ baseUrl: 'https://data.example.org' });
    const keyed = createClient({ baseUrl: 'https://data.example.org', apiKey: 'k' });
    const keys = [here, there, keyed].map((c) => JSON.stringify(datasetsQuery(c, { limit: 10 }).queryKey));
    expect(new Set(keys).size).toBe(3);
    expect(keys.join()).not.toContain('"k"');
    expect(recordsQuery(here, 'x', { limit: 1 }).queryKey).not.toEqual(
      recordsQuery(here, 'x', { limit: 2 }).queryKey,
    );
    expect(recordQuery(here, 'x', 'r1').queryKey).not.toEqual(recordQuery(here, 'x', 'r2').queryKey);
  });

  it('hand TanStack Query’s signal to fetch, so a cancelled query aborts its request', async () => {
    const calls: Call[] = [];
    const client = createClient({ fetch: recordingFetch(calls, { total_count: 0, results: [] }) });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = recordsQuery(client, 'flights', { limit: 100 });
    const pending = queryClient.fetchQuery(options).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 0));
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    await pending;
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal?.aborted).toBe(true);
    // A finished query is served from the cache without a new request.
    const done = recordsQuery(client, 'flights', { limit: 10 });
    await queryClient.fetchQuery(done);
    await queryClient.fetchQuery({ ...done, staleTime: 60_000 });
    expect(calls).toHaveLength(2);
  });
});
