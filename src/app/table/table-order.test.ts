import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import { parseDatasetSearch } from '../routes/dataset-search';
import { plainOrder, tableKeys } from './table-order';

const fields = [
  { name: 'delay', type: 'int' },
  { name: 'origin', type: 'text' },
  { name: 'origin_coordinates', type: 'geo_point_2d' },
] as DatasetField[];

describe('the table order', () => {
  it('reads an order_by of fields, and nothing else', () => {
    expect(plainOrder('delay desc, `origin` ASC')).toEqual([
      { field: 'delay', direction: 'desc' },
      { field: 'origin', direction: 'asc' },
    ]);
    expect(plainOrder('random(1)')).toBeUndefined();
    expect(plainOrder('lower(origin)')).toBeUndefined();
    expect(plainOrder('delay,')).toBeUndefined();
  });

  it('pages by the header sort or the query order, then by record id', () => {
    const keys = tableKeys(parseDatasetSearch(new URLSearchParams('sort=-delay,origin')), fields);
    expect(keys?.map((k) => `${k.field} ${k.direction}`)).toEqual([
      'delay desc',
      'origin asc',
      'recordid asc',
    ]);
    const query = tableKeys(
      parseDatasetSearch(new URLSearchParams('order_by=origin desc&sort=delay')),
      fields,
    );
    expect(query?.map((k) => k.field)).toEqual(['origin', 'recordid']);
  });

  it('has no keys in the portal order, nor on a key it cannot compare', () => {
    expect(tableKeys(parseDatasetSearch(new URLSearchParams('')), fields)).toBeUndefined();
    expect(tableKeys(parseDatasetSearch(new URLSearchParams('order_by=random(3)')), fields)).toBeUndefined();
    expect(
      tableKeys(parseDatasetSearch(new URLSearchParams('sort=origin_coordinates')), fields),
    ).toBeUndefined();
  });
});
