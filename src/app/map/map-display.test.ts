import { describe, expect, it } from 'vitest';
import {
  aggregateSelect,
  DEFAULT_DISPLAY,
  type MapDisplay,
  parseMapDisplay,
  writeMapDisplay,
} from './map-display';

const parse = (query: string) => parseMapDisplay(new URLSearchParams(query));
function written(display: MapDisplay): string {
  const search = new URLSearchParams();
  writeMapDisplay(search, display);
  return search.toString();
}

describe('map display in the address', () => {
  it('is the clusters of today by default, and writes nothing then', () => {
    expect(parse('')).toEqual(DEFAULT_DISPLAY);
    expect(written(DEFAULT_DISPLAY)).toBe('');
  });

  it('reads and writes back every mode', () => {
    const links = [
      'mapmode=clusters&mapagg=avg&mapfield=delay',
      'mapmode=heatmap',
      'mapmode=categories&mapfield=state',
      'mapmode=choropleth&mapfield=obesity_rate',
      'mapmode=areas&mapshapes=us-states&mapjoin=state%3Astate',
      'mapmode=areas&mapshapes=us-states&mapjoin=state%3Astate&mapagg=max&mapfield=elevation',
    ];
    for (const link of links) expect(written(parse(link)), link).toBe(link);
  });

  it('falls back to the default for what it cannot use', () => {
    expect(parse('mapmode=categories')).toEqual(DEFAULT_DISPLAY);
    expect(parse('mapmode=choropleth&mapfield=a b')).toEqual(DEFAULT_DISPLAY);
    expect(parse('mapmode=areas&mapshapes=us-states&mapjoin=state')).toEqual(DEFAULT_DISPLAY);
    expect(parse('mapmode=areas&mapshapes=../x&mapjoin=a:b')).toEqual(DEFAULT_DISPLAY);
    expect(parse('mapmode=sankey')).toEqual(DEFAULT_DISPLAY);
    // An aggregate needs its field; count needs none.
    expect(parse('mapmode=clusters&mapagg=avg')).toEqual(DEFAULT_DISPLAY);
    expect(parse('mapmode=heatmap&mapfield=delay&mapagg=avg')).toEqual({
      mode: 'heatmap',
      aggregate: 'count',
    });
  });

  it('names the aggregate in ODSQL', () => {
    expect(aggregateSelect('count', '`delay`')).toBe('count(*)');
    expect(aggregateSelect('avg', '`delay`')).toBe('avg(`delay`)');
    expect(aggregateSelect('max', undefined)).toBe('count(*)');
  });
});
