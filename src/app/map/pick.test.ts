import { describe, expect, it } from 'vitest';
import { hoverLeft } from './pick';

describe('a pointer’s tooltip', () => {
  it('stands right of the pointer, else left of it, else against the edge, always on the map', () => {
    expect(hoverLeft(100, 150, 800)).toBe(112);
    // A tap at the centre of a phone's map, for a tooltip wider than either half.
    expect(hoverLeft(300, 150, 360)).toBe(138);
    expect(hoverLeft(179, 190, 358)).toBe(164);
    expect(hoverLeft(10, 400, 358)).toBe(4);
  });
});
