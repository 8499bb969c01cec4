import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import { menuColumns, moveColumn, placeColumn, toggleColumn, visibleColumns } from './columns';

const fields: DatasetField[] = ['a', 'b', 'c', 'd'].map((name) => ({
  name,
  label: name.toUpperCase(),
  type: 'text',
}));

describe('column layout', () => {
  it('shows every field in schema order by default, and only known fields otherwise', () => {
    expect(visibleColumns(fields, undefined)).toEqual(['a', 'b', 'c', 'd']);
    expect(visibleColumns(fields, ['c', 'x', 'a'])).toEqual(['c', 'a']);
    expect(visibleColumns(fields, ['x'])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('lists the visible columns first in the menu, then the hidden ones', () => {
    expect(menuColumns(fields, ['c', 'a']).map((c) => [c.field.name, c.visible])).toEqual([
      ['c', true],
      ['a', true],
      ['b', false],
      ['d', false],
    ]);
  });

  it('hides a column, never the last one, and shows it again in its place', () => {
    const hidden = toggleColumn(fields, undefined, 'b');
    expect(hidden).toEqual(['a', 'c', 'd']);
    expect(toggleColumn(fields, hidden, 'b')).toBeUndefined();
    expect(toggleColumn(fields, ['c'], 'c')).toEqual(['c']);
    // Once reordered, a column shown again goes last.
    expect(toggleColumn(fields, ['c', 'a'], 'b')).toEqual(['c', 'a', 'b']);
    expect(toggleColumn(fields, ['a'], 'nope')).toEqual(['a']);
  });

  it('moves a column within the visible ones, and back to the default layout', () => {
    expect(moveColumn(fields, undefined, 'c', -2)).toEqual(['c', 'a', 'b', 'd']);
    expect(moveColumn(fields, ['c', 'a', 'b', 'd'], 'c', 2)).toBeUndefined();
    expect(moveColumn(fields, undefined, 'a', -1)).toBeUndefined();
    expect(moveColumn(fields, undefined, 'd', 5)).toBeUndefined();
    expect(moveColumn(fields, ['b', 'd'], 'd', -1)).toEqual(['d', 'b']);
    expect(moveColumn(fields, ['b', 'd'], 'a', 1)).toEqual(['b', 'd']);
  });

  it('drops a dragged column where its target is', () => {
    expect(placeColumn(fields, undefined, 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(placeColumn(fields, undefined, 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(placeColumn(fields, ['a', 'b'], 'c', 'a')).toEqual(['a', 'b']);
  });
});
