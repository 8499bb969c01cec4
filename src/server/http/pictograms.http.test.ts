import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmallServer, startSmallServer } from '../testing/small-server';

/*
 * The marker pictograms ods-widgets asks the portal for (PictoHelper.mapPictoToURL in its
 * services/utils.js): `ods-circle` → set-v3/pictos/circle.svg, `dot` → set-v2/dot.svg,
 * `icon-circle` → set-v1/fa/circle.svg. The widgets fetch them from the portal's origin with XHR and
 * colour their shapes, so each must be an SVG document, readable from another origin.
 */

let server: SmallServer;

beforeAll(async () => {
  server = await startSmallServer({});
});

afterAll(async () => {
  await server?.close();
});

const WIDGET_PATHS = [
  '/static/pictos/img/set-v3/pictos/circle.svg',
  '/static/pictos/img/set-v2/dot.svg',
  '/static/pictos/img/set-v1/fa/circle.svg',
];

describe('marker pictograms', () => {
  it.each(WIDGET_PATHS)('serves %s as an SVG another origin may read', async (path) => {
    const response = await fetch(`${server.origin}${path}`, {
      headers: { origin: 'https://widgets.example.org' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('access-control-allow-origin')).toBe('https://widgets.example.org');
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<circle [^>]*\/>.*<\/svg>$/);
  });

  it('answers 404 for a pictogram it does not draw (the widgets then draw their own dot)', async () => {
    const response = await fetch(`${server.origin}/static/pictos/img/set-v3/pictos/bus.svg`);
    expect(response.status).toBe(404);
  });
});
