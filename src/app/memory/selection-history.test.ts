import { describe, expect, it } from 'vitest';
import { SelectionHistory, selectionKey } from './selection-history';

describe('the selection history', () => {
  it('undoes and redoes each change, and a new change drops the redo', () => {
    const history = new SelectionHistory();
    history.visit('/datasets/a/table', 0);
    history.visit('/datasets/a/table?refine=x:1', 10_000);
    history.visit('/datasets/a/table?refine=x:1&sort=-n', 20_000);
    expect(history.undo()).toBe('/datasets/a/table?refine=x:1');
    // The undo's own arrival is no new change.
    history.visit('/datasets/a/table?refine=x:1', 21_000);
    expect(history.undo()).toBe('/datasets/a/table');
    expect(history.canUndo).toBe(false);
    expect(history.redo()).toBe('/datasets/a/table?refine=x:1');
    history.visit('/datasets/a/map?refine=x:1', 30_000);
    expect(history.canRedo).toBe(false);
    expect(history.undo()).toBe('/datasets/a/table?refine=x:1');
  });

  it('leaves the open record out, and counts a run of map moves once', () => {
    const history = new SelectionHistory();
    history.visit('/datasets/a/map?location=2,1,1', 0);
    history.visit('/datasets/a/map?location=2,1,1&record=abc', 100);
    expect(history.canUndo).toBe(false);
    history.visit('/datasets/a/map?location=3,1,1', 5000);
    history.visit('/datasets/a/map?location=4,1,1', 5500);
    history.visit('/datasets/a/map?location=5,1,1', 6000);
    expect(history.undo()).toBe('/datasets/a/map?location=2,1,1');
    expect(history.redo()).toBe('/datasets/a/map?location=5,1,1');
    // A move long after is a change of its own.
    history.visit('/datasets/a/map?location=6,1,1', 20_000);
    expect(history.undo()).toBe('/datasets/a/map?location=5,1,1');
  });

  it('takes the map fitted on load for the state it opened, and a move after it for a change', () => {
    const history = new SelectionHistory();
    history.visit('/datasets/a/table?refine=x:1', 0);
    history.visit('/datasets/a/map?refine=x:1', 10_000);
    // The first fit writes where the map looks, with nothing else changed.
    history.visit('/datasets/a/map?refine=x:1&location=4,39,-98', 10_500);
    expect(history.undo()).toBe('/datasets/a/table?refine=x:1');
    expect(history.redo()).toBe('/datasets/a/map?refine=x:1&location=4,39,-98');
    expect(history.canRedo).toBe(false);
    // The visitor's own pan is a change.
    history.visit('/datasets/a/map?refine=x:1&location=6,40,-90', 30_000);
    expect(history.undo()).toBe('/datasets/a/map?refine=x:1&location=4,39,-98');
    // A location with anything else changed is a change too.
    const fresh = new SelectionHistory();
    fresh.visit('/datasets/a/map', 0);
    fresh.visit('/datasets/a/map?refine=x:1&location=4,39,-98', 10_000);
    expect(fresh.undo()).toBe('/datasets/a/map');
  });

  it('compares states whatever the order of their parameters', () => {
    expect(selectionKey('/d?b=1&a=2&record=x')).toBe(selectionKey('/d?a=2&b=1'));
  });

  it('lets an address that writes a default out take the place of the current step', () => {
    const history = new SelectionHistory();
    history.visit('/datasets/movies/table', 0);
    history.visit('/datasets/movies/analyze', 10);
    history.visit('/datasets/movies/analyze?chart.x=release_date&chart.precision=year', 20, true);
    expect(history.canRedo).toBe(false);
    expect(history.undo()).toBe('/datasets/movies/table');
    expect(history.redo()).toBe('/datasets/movies/analyze?chart.x=release_date&chart.precision=year');
  });
});
