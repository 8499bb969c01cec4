import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePoint, controlInName, controlInText } from './text';

const isControl = (c: number) => c <= 0x1f || (c >= 0x7f && c <= 0x9f);

describe('control characters in request text', () => {
  it('finds exactly the control characters of a name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const expected = [...s].find((ch) => isControl(ch.codePointAt(0)!));
        expect(controlInName(s)).toBe(expected);
      }),
    );
  });

  it('allows tab and line breaks in clauses, and nothing else of the controls', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const expected = [...s].find((ch) => {
          const c = ch.codePointAt(0)!;
          return isControl(c) && c !== 0x09 && c !== 0x0a && c !== 0x0d;
        });
        expect(controlInText(s)).toBe(expected);
      }),
    );
  });

  it('never flags text without controls, whatever else it holds', () => {
    const clean = fc
      .string({ unit: 'binary' })
      .map((s) => [...s].filter((ch) => !isControl(ch.codePointAt(0)!)).join(''));
    fc.assert(
      fc.property(clean, (s) => {
        expect(controlInName(s)).toBeUndefined();
        expect(controlInText(s)).toBeUndefined();
      }),
    );
  });

  it('names a character by its code point', () => {
    expect(codePoint('\u0000')).toBe('U+0000');
    expect(codePoint('\u009f')).toBe('U+009F');
  });
});
