import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../api';
import { changesBetween, markOf } from './visits';

const dataset = (metas: Record<string, unknown>) =>
  ({ dataset_id: 'd', metas: { default: metas } }) as unknown as Dataset;

describe('a dataset changed since the last visit', () => {
  it('compares the dates and the number of records, nothing else', () => {
    const before = markOf(dataset({ modified: '2024-01-01', records_count: 3, title: 'A' }));
    expect(
      changesBetween(before, markOf(dataset({ modified: '2024-01-01', records_count: 3, title: 'B' }))),
    ).toEqual([]);
    expect(
      changesBetween(
        before,
        markOf(dataset({ modified: '2024-02-01', data_processed: '2024-02-01T00:00:00Z', records_count: 5 })),
      ),
    ).toEqual(['modified', 'data_processed', 'records_count']);
  });
});
