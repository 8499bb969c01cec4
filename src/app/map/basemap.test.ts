import { describe, expect, it } from 'vitest';
import { unwrapLine } from './basemap';

describe('offline basemap', () => {
  it('keeps lines continuous across the antimeridian', () => {
    expect(
      unwrapLine([
        [178, 65],
        [179.9, 66],
        [-179.5, 66],
        [-178, 65],
      ]),
    ).toEqual([
      [178, 65],
      [179.9, 66],
      [180.5, 66],
      [182, 65],
    ]);
    expect(
      unwrapLine([
        [-179, 1],
        [179, 2],
      ]),
    ).toEqual([
      [-179, 1],
      [-181, 2],
    ]);
  });
});
