import { describe, expect, it } from 'vitest';
import { geometryText } from './csv-text';

describe('geometry cells', () => {
  it('write coordinates before type, with the service spacing (conformance capture 08)', () => {
    expect(geometryText({ type: 'Point', coordinates: [-123.06036999913398, 49.27117199821082] })).toBe(
      '{"coordinates": [-123.06036999913398, 49.27117199821082], "type": "Point"}',
    );
    expect(
      geometryText({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0.5],
            [0, 0],
          ],
        ],
      }),
    ).toBe('{"coordinates": [[[0, 0], [1, 0.5], [0, 0]]], "type": "Polygon"}');
  });
});
