import { describe, expect, it } from 'vitest';
import { matchRoute } from '../routes/paths';
import { DEFAULT_EMBED_OPTIONS, embedPath, readEmbedOptions, viewState } from './embed-address';
import { embedSnippet, MAX_SIDE, MIN_SIDE, readSide } from './embed-snippet';

describe('the embed route', () => {
  it('is one view of a dataset, table, map or chart', () => {
    expect(matchRoute('/embed/a%20b/map')).toEqual({ page: 'embed', datasetId: 'a b', view: 'map' });
    expect(matchRoute('/embed/x/analyze/')).toEqual({ page: 'embed', datasetId: 'x', view: 'analyze' });
    expect(matchRoute('/embed/x/export')).toMatchObject({ page: 'not-found' });
    expect(matchRoute('/embed/x')).toMatchObject({ page: 'not-found' });
    expect(matchRoute('/embed/x/table/more')).toMatchObject({ page: 'not-found' });
  });

  it('keeps the view’s state and writes only the options that differ from the default', () => {
    const state = new URLSearchParams('refine=weather:rain&sort=-date&location=4,40,-100&chart.x=date');
    expect(embedPath('seattle weather', 'table', state, DEFAULT_EMBED_OPTIONS)).toBe(
      '/embed/seattle%20weather/table?refine=weather:rain&sort=-date&location=4,40,-100&chart.x=date',
    );
    expect(embedPath('x', 'map', state, { card: false, lock: true, wheel: false })).toBe(
      '/embed/x/map?refine=weather:rain&sort=-date&location=4,40,-100&chart.x=date&card=0&lock=1',
    );
    expect(embedPath('x', 'map', new URLSearchParams(), { card: true, lock: false, wheel: true })).toBe(
      '/embed/x/map?wheel=1',
    );
    // The map's options mean nothing elsewhere, and a locked map does not zoom with the wheel.
    expect(embedPath('x', 'analyze', new URLSearchParams(), { card: true, lock: true, wheel: true })).toBe(
      '/embed/x/analyze',
    );
    expect(embedPath('x', 'map', new URLSearchParams(), { card: true, lock: true, wheel: true })).toBe(
      '/embed/x/map?lock=1',
    );
  });

  it('replaces the options an address already has', () => {
    const embedded = new URLSearchParams('q=rain&card=0&lock=1&wheel=1');
    expect(viewState(embedded).toString()).toBe('q=rain');
    expect(embedPath('x', 'map', embedded, DEFAULT_EMBED_OPTIONS)).toBe('/embed/x/map?q=rain');
  });

  it('reads options leniently, and their defaults when absent or malformed', () => {
    expect(readEmbedOptions(new URLSearchParams())).toEqual({ card: true, lock: false, wheel: false });
    expect(readEmbedOptions(new URLSearchParams('card=false&lock=true&wheel=on'))).toEqual({
      card: false,
      lock: true,
      wheel: true,
    });
    expect(readEmbedOptions(new URLSearchParams('card=maybe&lock=&wheel=2'))).toEqual(DEFAULT_EMBED_OPTIONS);
  });
});

describe('the embed snippet', () => {
  it('is an iframe of the size chosen, its address and title escaped as attributes', () => {
    expect(
      embedSnippet('https://d.org/embed/x/map?q="a"&lock=1', 'Rain <&> "sun": map', {
        width: 640,
        height: 480,
      }),
    ).toBe(
      '<iframe src="https://d.org/embed/x/map?q=&quot;a&quot;&amp;lock=1" width="640" height="480" ' +
        'title="Rain &lt;&amp;&gt; &quot;sun&quot;: map" style="border: 0" loading="lazy" allowfullscreen></iframe>',
    );
  });

  it('takes a typed side in whole pixels within bounds', () => {
    expect(readSide(' 812.4 ')).toBe(812);
    expect(readSide('10')).toBe(MIN_SIDE);
    expect(readSide('99999')).toBe(MAX_SIDE);
    expect(readSide('')).toBeUndefined();
    expect(readSide('12px')).toBeUndefined();
    expect(readSide('-300')).toBeUndefined();
  });
});
