import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import { completeClause } from './completion';

const fields: DatasetField[] = [
  { name: 'origin', label: 'Origin airport', type: 'text' },
  { name: 'delay', label: 'delay', type: 'int' },
  { name: 'and', label: 'A reserved name', type: 'text' },
];

/** Completions at the `|` of a clause. */
function at(marked: string, clause: Parameters<typeof completeClause>[2], explicit = false) {
  const pos = marked.indexOf('|');
  return completeClause(marked.replace('|', ''), pos, clause, fields, explicit);
}

function labels(marked: string, clause: Parameters<typeof completeClause>[2], explicit = false) {
  return at(marked, clause, explicit)?.options.map((o) => o.label) ?? null;
}

describe('completeClause', () => {
  it('offers fields with type and label, functions with signature, at the start of a value', () => {
    const result = at('del|', 'where')!;
    expect(result.from).toBe(0);
    expect(result.to).toBe(3);
    const origin = result.options.find((o) => o.label === 'origin');
    expect(origin).toMatchObject({ type: 'field', detail: 'text', info: 'Origin airport', apply: 'origin' });
    const startswith = result.options.find((o) => o.label === 'startswith');
    expect(startswith).toMatchObject({ type: 'function', apply: 'startswith(' });
    expect(startswith?.detail).toMatch(/^startswith\(/);
    expect(result.options.find((o) => o.label === 'delay')?.info).toBeUndefined();
  });

  it('back-quotes a field named like an operator', () => {
    expect(at('x = 1 or a|', 'where')!.options.find((o) => o.label === 'and')?.apply).toBe('`and`');
  });

  it('offers only the functions allowed in the clause', () => {
    expect(labels('a|', 'where')).not.toContain('avg');
    expect(labels('a|', 'select')).toContain('avg');
    expect(labels('c|', 'group_by')).not.toContain('count');
    expect(labels('r|', 'group_by')).toContain('range');
    expect(labels('r|', 'order_by')).toContain('random');
    expect(labels('w|', 'select')).not.toContain('within_distance');
  });

  it('offers operators after a value, per clause', () => {
    expect(labels('delay > 3 |', 'where', true)).toEqual([
      'and',
      'or',
      'not',
      'like',
      'in',
      'is null',
      'is not null',
    ]);
    expect(labels('origin a|', 'where')).toContain('and');
    expect(labels('delay d|', 'order_by')).toEqual(['asc', 'desc']);
    expect(labels('avg(delay) |', 'select', true)).toEqual(['as']);
  });

  it('offers values after an operator word, a comma or a bracket', () => {
    expect(labels('delay > 3 and o|', 'where')).toContain('origin');
    expect(labels('origin, |', 'select', true)).toContain('delay');
    expect(labels('avg(|', 'select', true)).toContain('delay');
    expect(labels('avg(|', 'select')).toContain('delay');
  });

  it('stays quiet inside strings, units, aliases, and when nothing is typed', () => {
    expect(at('origin = "SF|', 'where')).toBeNull();
    expect(at("within_distance(p, geom'POINT(1 2)', 10k|", 'where')).toBeNull();
    expect(at('avg(delay) as m|', 'select')).toBeNull();
    expect(at('origin = |', 'where')).toBeNull();
    expect(at('12|', 'where')).toBeNull();
    // Typed in full: Enter should run, not accept the same word.
    expect(at('origin|', 'where')).toBeNull();
    expect(at('delay desc|', 'order_by')).toBeNull();
    expect(labels('origin|', 'where', true)).toContain('origin');
  });
});
