import { describe, expect, it } from 'vitest';
import { asciiJson, pythonJson } from './python-json';

describe('the service JSON form', () => {
  it('spaces separators outside strings only (conformance capture 03)', () => {
    expect(pythonJson(JSON.stringify({ total_count: 185845, results: [{ total: 185845 }] }))).toBe(
      '{"total_count": 185845, "results": [{"total": 185845}]}',
    );
    const tricky = { 'a,b:c': 'x, y: "z", \\', list: [1, [2, 3], {}, []] };
    const text = pythonJson(JSON.stringify(tricky));
    expect(text).toBe('{"a,b:c": "x, y: \\"z\\", \\\\", "list": [1, [2, 3], {}, []]}');
    expect(JSON.parse(text)).toEqual(tricky);
  });

  it('escapes every character outside ASCII, beyond the BMP as a surrogate pair (captures 01, 42)', () => {
    expect(pythonJson(JSON.stringify({ name: 'Pyrénées', nbsp: 'a\u00a0b', emoji: '😀' }))).toBe(
      '{"name": "Pyr\\u00e9n\\u00e9es", "nbsp": "a\\u00a0b", "emoji": "\\ud83d\\ude00"}',
    );
    expect(asciiJson('{\n    "a": "é"\n}')).toBe('{\n    "a": "\\u00e9"\n}');
  });
});
