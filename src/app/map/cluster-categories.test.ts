import { describe, expect, it } from 'vitest';
import { clustersByCell } from './cluster-categories';
import { cellSize } from './map-data';

const row = (lon: number, lat: number, count: number, category: string) => ({
  cluster: { cluster_centroid: { lon, lat } },
  count,
  category,
});

describe('clusters by cell', () => {
  it('merges the rows of a cell, coloured by its most frequent value', () => {
    const size = cellSize(4);
    const answer = {
      results: [
        row(size * 0.2, size * 0.2, 3, 'CA'),
        row(size * 0.6, size * 0.6, 9, 'NV'),
        row(size * 1.5, size * 0.5, 2, 'OR'),
      ],
    };
    const cells = clustersByCell(answer, 4).results;
    expect(cells).toHaveLength(2);
    expect(cells[0]).toMatchObject({ count: 12, category: 'NV' });
    const centroid = (cells[0]!.cluster as { cluster_centroid: { lon: number } }).cluster_centroid;
    expect(centroid.lon).toBeCloseTo((size * 0.2 * 3 + size * 0.6 * 9) / 12);
    expect(cells[1]).toMatchObject({ count: 2, category: 'OR' });
    // The same answer gives the same object: the map does not cut it into tiles again.
    expect(clustersByCell(answer, 4)).toBe(clustersByCell(answer, 4));
  });
});
