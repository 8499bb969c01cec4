import { describe, expect, it } from 'vitest';
import { framingHeaders } from './framing';
import { pageRoute } from './page-route';

describe('who may frame a page', () => {
  it('lets any site frame an embedded view, and none the explorer', () => {
    expect(framingHeaders(pageRoute('/embed/a%20b/map'))).toEqual({
      'Content-Security-Policy': 'frame-ancestors *',
    });
    for (const path of ['/', '/datasets/x/map', '/datasets/x/table', '/embed/x/export', '/embed', '/other'])
      expect(framingHeaders(pageRoute(path))).toEqual({
        'Content-Security-Policy': "frame-ancestors 'none'",
        'X-Frame-Options': 'DENY',
      });
  });
});
