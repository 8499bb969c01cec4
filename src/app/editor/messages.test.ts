import { describe, expect, it } from 'vitest';
import { checkQuery } from '../../odsql';
import { diagnosticText } from './messages';

const schema = { fields: [{ name: 'delay', type: 'int' as const }] };

describe('diagnosticText', () => {
  it('adds what the parser expected to a syntax error', () => {
    const [d] = checkQuery({ order_by: 'delay sideways' }, schema);
    expect(diagnosticText(d!)).toBe("unexpected sideways at position 6, expected ',', 'asc' or 'desc'");
  });

  it('keeps a semantic message as it is', () => {
    const [d] = checkQuery({ where: 'nope > 1' }, schema);
    expect(diagnosticText(d!)).toBe('Unknown field: nope');
  });
});
