import { describe, expect, it } from 'vitest';
import { getJson } from '../testing/http';

describe('test server', () => {
  it('answers the catalog of the default datasets', async () => {
    const res = await getJson<{ total_count: number }>('/catalog/datasets', { limit: 0 });
    expect(res.status).toBe(200);
    expect(res.body.total_count).toBeGreaterThanOrEqual(10);
  });
});
