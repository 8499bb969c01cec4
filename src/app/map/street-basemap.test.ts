import { describe, expect, it } from 'vitest';
import { STREET_SOURCE, streetStyle } from './street-basemap';

const BASEMAP = {
  tiles: ['http://127.0.0.1/basemap/tiles/{z}/{x}/{y}.mvt'],
  minzoom: 0,
  maxzoom: 14,
  bounds: [-0.5, 51.3, 0.3, 51.7],
  attribution: '© OpenStreetMap contributors',
};

describe('street basemap style', () => {
  it('reads the tiles the page names, with their zooms, area and credit', () => {
    const style = streetStyle(BASEMAP, 'en');
    expect(style.sources[STREET_SOURCE]).toEqual({ type: 'vector', ...BASEMAP });
  });

  it('asks for no glyphs, sprite or icon: nothing leaves the server', () => {
    const style = streetStyle(BASEMAP, 'fr');
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    const json = JSON.stringify(style.layers);
    expect(json).not.toContain('icon-image');
    expect(style.layers.map((l) => l.id)).toEqual(
      expect.arrayContaining(['earth', 'water', 'roads_major', 'places_locality']),
    );
  });

  it("names places in the visitor's language where the tiles have it", () => {
    const names = (lang: string) =>
      JSON.stringify(streetStyle(BASEMAP, lang).layers.find((l) => l.id === 'places_locality'));
    expect(names('fr')).toContain('name:fr');
    expect(names('en')).toContain('name:en');
    expect(names('en')).not.toContain('name:fr');
  });
});
