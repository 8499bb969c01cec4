import { describe, expect, it } from 'vitest';
import { parsePortalUrl } from './portal';

describe('parsePortalUrl', () => {
  it('accepts a bare host and adds https', () => {
    expect(parsePortalUrl('data.example.org')).toEqual({ ok: true, url: 'https://data.example.org' });
  });

  it('reduces portal page and API addresses to the portal root', () => {
    expect(parsePortalUrl('https://data.example.org/explore/dataset/trees/table/?q=oak')).toEqual({
      ok: true,
      url: 'https://data.example.org',
    });
    expect(parsePortalUrl(' http://127.0.0.1:8097/api/explore/v2.1/catalog/datasets ')).toEqual({
      ok: true,
      url: 'http://127.0.0.1:8097',
    });
    expect(parsePortalUrl('http://localhost:9/')).toEqual({ ok: true, url: 'http://localhost:9' });
  });

  it('refuses what is not a web address, with a reason', () => {
    for (const input of ['', 'not a url', 'ftp://data.example.org', 'portal']) {
      const result = parsePortalUrl(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason.length).toBeGreaterThan(10);
    }
  });
});
