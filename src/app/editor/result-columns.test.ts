import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import { formatComputed, resultColumns } from './result-columns';

const fields: DatasetField[] = [{ name: 'species', label: 'Species', type: 'text' }];

describe('resultColumns', () => {
  it('keeps the server key order, naming dataset fields', () => {
    const columns = resultColumns(
      [
        { species: 'Adelie', 'count(*)': 152 },
        { species: null, 'count(*)': 2, extra: 1 },
      ],
      fields,
    );
    expect(columns.map((c) => [c.key, c.field?.label ?? null, c.numeric])).toEqual([
      ['species', 'Species', false],
      ['count(*)', null, true],
      ['extra', null, true],
    ]);
    expect(resultColumns([], fields)).toEqual([]);
  });
});

describe('formatComputed', () => {
  it('formats numbers, keeps text and writes objects as JSON', () => {
    expect(formatComputed(4201.754385964912)).toBe('4,201.75');
    expect(formatComputed('x')).toBe('x');
    expect(formatComputed({ lon: 1, lat: 2 })).toBe('{"lon":1,"lat":2}');
    expect(formatComputed(null)).toBe('');
  });
});
