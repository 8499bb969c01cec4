import { describe, expect, it } from 'vitest';
import { toggledSort } from './sorting';

describe('header sort', () => {
  it('cycles one column: ascending, descending, none', () => {
    expect(toggledSort([], 'a', false)).toEqual([{ field: 'a', direction: 'asc' }]);
    expect(toggledSort([{ field: 'a', direction: 'asc' }], 'a', false)).toEqual([
      { field: 'a', direction: 'desc' },
    ]);
    expect(toggledSort([{ field: 'a', direction: 'desc' }], 'a', false)).toBeUndefined();
  });

  it('replaces a sort on several keys by a plain click', () => {
    const two = [
      { field: 'a', direction: 'desc' as const },
      { field: 'b', direction: 'asc' as const },
    ];
    expect(toggledSort(two, 'b', false)).toEqual([{ field: 'b', direction: 'asc' }]);
  });

  it('adds, turns and removes a key with Shift, keeping the others in their rank', () => {
    let sorts = toggledSort([{ field: 'a', direction: 'desc' }], 'b', true)!;
    expect(sorts).toEqual([
      { field: 'a', direction: 'desc' },
      { field: 'b', direction: 'asc' },
    ]);
    sorts = toggledSort(sorts, 'b', true)!;
    expect(sorts[1]).toEqual({ field: 'b', direction: 'desc' });
    expect(toggledSort(sorts, 'b', true)).toEqual([{ field: 'a', direction: 'desc' }]);
    expect(toggledSort(sorts, 'a', true)).toEqual([{ field: 'b', direction: 'desc' }]);
    expect(toggledSort([], 'c', true)).toEqual([{ field: 'c', direction: 'asc' }]);
  });
});
