import { describe, expect, it } from 'vitest';
import { formatLocation, parseLocation, parseMapView, sameLocation, writeMapView } from './map-view';

describe('map view in the address', () => {
  it('reads zoom, latitude and longitude, and refuses values off the map', () => {
    expect(parseLocation('4.5,40.7,-74')).toEqual({ zoom: 4.5, lat: 40.7, lon: -74 });
    for (const text of ['4,40', '4,91,0', '4,0,181', '21,0,0', '-1,0,0', 'a,b,c', '4,1e2,0']) {
      expect(parseLocation(text), text).toBeUndefined();
    }
  });

  it('writes short links: two decimals of zoom, five of degrees, longitudes wrapped', () => {
    expect(formatLocation({ zoom: 3.14567, lat: 40.7127753, lon: -74.0059728 })).toBe(
      '3.15,40.71278,-74.00597',
    );
    expect(formatLocation({ zoom: 2, lat: 0, lon: 190 })).toBe('2,0,-170');
    expect(sameLocation({ zoom: 2, lat: 1, lon: 1 }, { zoom: 2.001, lat: 1.000001, lon: 1 })).toBe(true);
  });

  it('leaves the defaults out of the address', () => {
    const search = new URLSearchParams();
    writeMapView(search, { basemap: 'offline' });
    expect(search.toString()).toBe('');
    writeMapView(search, { basemap: 'online', location: { zoom: 1, lat: 2, lon: 3 } });
    expect(parseMapView(search)).toEqual({ basemap: 'online', location: { zoom: 1, lat: 2, lon: 3 } });
  });
});
