import { describe, expect, it } from 'vitest';
import { quoteUsageNames } from './index';

describe('quoteUsageNames', () => {
  it('back-quotes the usage fields outside quotes only', () => {
    expect(quoteUsageNames('explore.download_count desc, title')).toBe(
      '`explore.download_count` desc, title',
    );
    expect(quoteUsageNames('explore.popularity_score > 3 and title = "explore.api_call_count"')).toBe(
      '`explore.popularity_score` > 3 and title = "explore.api_call_count"',
    );
    expect(quoteUsageNames('`explore.download_count`')).toBe('`explore.download_count`');
    expect(quoteUsageNames('xexplore.download_count')).toBe('xexplore.download_count');
  });
});
