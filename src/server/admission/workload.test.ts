import { describe, expect, it } from 'vitest';
import { workloadOf } from './workload';

describe('workload class', () => {
  it('finds pages, facets and the catalog interactive', () => {
    for (const url of [
      '/api/explore/v2.1/catalog/datasets/flights/records?limit=20&where=x',
      '/api/explore/v2.1/catalog/datasets/flights/facets?refine=origin%3ASFO',
      '/api/explore/v2.1/catalog/datasets?limit=20',
      '/api/records/1.0/search/?dataset=flights',
      '/api/explore/v2.1/catalog/datasets/flights/records?select=group_by_count',
    ])
      expect(workloadOf(url)).toBe('interactive');
  });

  it('finds aggregations, exports and downloads analytical', () => {
    for (const url of [
      '/api/explore/v2.1/catalog/datasets/flights/records?select=count(*)&group_by=origin',
      '/api/explore/v2.0/catalog/datasets/flights/aggregates?select=count(*)',
      '/api/explore/v2.1/catalog/datasets/flights/exports/csv?limit=100',
      '/api/explore/v2.1/catalog/exports/json',
      '/api/records/1.0/analyze/?dataset=flights',
      '/api/records/1.0/download/?dataset=flights',
    ])
      expect(workloadOf(url)).toBe('analytical');
  });
});
