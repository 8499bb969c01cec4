import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../api';
import { origin } from '../../server/testing/http';
import { recordQuery } from '../queries/options';
import { recordsParams } from '../queries/request-params';
import { parseDatasetSearch } from '../routes/dataset-search';
import { recordId, recordPagesQuery } from './queries';

/* The table's queries against the real server: pages that follow each other, and records read back by id. */

describe('record pages on the embedded server', () => {
  it('loads consecutive pages of 100 whose ids read the same records back', async () => {
    const client = createClient({ baseUrl: origin() });
    const queries = new QueryClient();
    const params = recordsParams(
      parseDatasetSearch(new URLSearchParams('sort=-imdb_rating&refine=major_genre:Drama')),
    );
    const options = recordPagesQuery(client, 'movies', params);
    const first = await queries.fetchInfiniteQuery(options);
    const total = first.pages[0]!.response.total_count;
    expect(total).toBeGreaterThan(200);
    const data = await queries.fetchInfiniteQuery({ ...options, pages: 3 });
    expect(data.pages.map((p) => p.offset)).toEqual([0, 100, 200]);
    const records = data.pages.flatMap((p) => p.response.results);
    expect(records).toHaveLength(300);
    const ids = records.map(recordId);
    expect(new Set(ids).size).toBe(300);
    expect(records.every((r) => r.major_genre === 'Drama')).toBe(true);
    const ratings = records.map((r) => r.imdb_rating).filter((r): r is number => typeof r === 'number');
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

    const far = records[250]!;
    const read = await queries.fetchQuery(recordQuery(client, 'movies', recordId(far)!, {}, undefined));
    expect(read.title).toBe(far.title);
    expect(read.imdb_rating).toBe(far.imdb_rating);
  });

  it('sends the dataset clock: date-times come back on it', async () => {
    const client = createClient({ baseUrl: origin() });
    const queries = new QueryClient();
    const params = recordsParams(parseDatasetSearch(new URLSearchParams('sort=time')), 'America/Los_Angeles');
    const data = await queries.fetchInfiniteQuery(recordPagesQuery(client, 'earthquakes', params));
    const time = data.pages[0]!.response.results[0]!.time;
    expect(time).toMatch(/-0[78]:00$/);
  });
});
