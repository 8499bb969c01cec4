import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPageDrawing, startDrawing } from './page-drawing';

describe('the page drawing', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lasts while any drawing lasts, each ended once however often it is told', () => {
    expect(isPageDrawing()).toBe(false);
    const endMap = startDrawing();
    const endOther = startDrawing();
    endMap();
    endMap();
    expect(isPageDrawing()).toBe(true);
    endOther();
    expect(isPageDrawing()).toBe(false);
  });

  it('stops holding other work back after ten seconds, should a drawing never end', () => {
    vi.useFakeTimers();
    const end = startDrawing();
    vi.advanceTimersByTime(9_999);
    expect(isPageDrawing()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isPageDrawing()).toBe(false);
    end();
    expect(isPageDrawing()).toBe(false);
  });
});
