import { describe, expect, it } from 'vitest';
import { queryChip } from './query-chip';

describe('queryChip', () => {
  it('lists the written clauses in the order of the interface', () => {
    expect(queryChip({ group_by: 'origin', where: 'delay  >\n10', select: ' ' })).toEqual({
      kind: 'query',
      key: 'query',
      label: 'Query: where delay > 10 · group_by origin',
    });
  });

  it('shortens a long query and gives nothing without one', () => {
    const label = queryChip({ where: `origin in (${'"SFO", '.repeat(30)}"LAX")` })!.label;
    expect(label).toHaveLength('Query: '.length + 80);
    expect(label.endsWith('…')).toBe(true);
    expect(queryChip({})).toBeUndefined();
  });
});
