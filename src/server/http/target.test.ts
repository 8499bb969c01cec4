import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalPath, isValidHost, readTarget } from './target';

const records = '/api/explore/v2.1/catalog/datasets/payroll/records';

describe('readTarget', () => {
  it('keeps an origin-form target, query as sent', () => {
    expect(readTarget(`${records}?where=a%20%3D%201&x=..//`)).toEqual({
      ok: true,
      url: `${records}?where=a%20%3D%201&x=..//`,
    });
  });

  it('turns the absolute form into its path and takes the host from it (RFC 9112 §3.2.2)', () => {
    expect(readTarget(`http://x${records}?limit=1`)).toEqual({
      ok: true,
      url: `${records}?limit=1`,
      authority: 'x',
    });
    expect(readTarget(`HTTPS://Portal.example:8443${records}`)).toEqual({
      ok: true,
      url: records,
      authority: 'Portal.example:8443',
    });
    expect(readTarget('http://[::1]:8080?limit=1')).toEqual({
      ok: true,
      url: '/?limit=1',
      authority: '[::1]:8080',
    });
    expect(readTarget('http://x/api/../api/./explore//v2.1/')).toEqual({
      ok: true,
      url: '/api/explore/v2.1/',
      authority: 'x',
    });
  });

  it('refuses targets that are no path, and absolute ones without a valid host', () => {
    for (const target of [
      '*',
      'example.org:443',
      'api/explore',
      '',
      'ftp://x/api',
      'http://u:p@x/api',
      'http:///api',
    ]) {
      expect(readTarget(target).ok, target).toBe(false);
    }
  });
});

describe('canonicalPath', () => {
  it('removes dot segments, encoded ones too, and merges slashes', () => {
    expect(canonicalPath('/api/explore/v2.1/catalog/datasets/x/../payroll/records')).toBe(
      '/api/explore/v2.1/catalog/datasets/payroll/records',
    );
    expect(canonicalPath('/api/%2e%2E/api/%2e/x')).toBe('/api/x');
    expect(canonicalPath('//api///x')).toBe('/api/x');
    expect(canonicalPath('/../../etc/passwd')).toBe('/etc/passwd');
    expect(canonicalPath('/a/b/..')).toBe('/a/');
    expect(canonicalPath('/a/b/')).toBe('/a/b/');
    expect(canonicalPath('/')).toBe('/');
  });

  it('keeps an encoded slash inside its segment', () => {
    expect(canonicalPath('/api/explore/v2.1/catalog/datasets/a%2F..%2Fb')).toBe(
      '/api/explore/v2.1/catalog/datasets/a%2F..%2Fb',
    );
  });

  const segment = fc.oneof(
    fc.constantFrom(
      '',
      '.',
      '..',
      '%2e',
      '%2E%2e',
      '.%2e',
      'api',
      'explore',
      'v2.1',
      'datasets',
      '%2F',
      'a%2Fb',
    ),
    fc.string({ maxLength: 6 }).filter((s) => !s.includes('/') && !s.includes('?')),
  );
  const path = fc.array(segment, { maxLength: 12 }).map((segments) => `/${segments.join('/')}`);

  it('is canonical: starts with one slash, no empty or dot segment inside, and idempotent', () => {
    fc.assert(
      fc.property(path, (p) => {
        const c = canonicalPath(p);
        expect(c.startsWith('/')).toBe(true);
        expect(c).not.toMatch(/\/\//);
        const inner = c.split('/').slice(1, -1);
        for (const s of inner) expect(['.', '..']).not.toContain(s.replace(/%2e/gi, '.'));
        expect(canonicalPath(c)).toBe(c);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the absolute form of a path as the path itself', () => {
    fc.assert(
      fc.property(path, fc.constantFrom('http://x', 'https://h.example:1', 'http://[::1]'), (p, origin) => {
        const absolute = readTarget(`${origin}${p}`);
        const plain = readTarget(p);
        expect(absolute.ok && plain.ok && absolute.url === plain.url).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('isValidHost', () => {
  it('takes names, addresses and ports, and refuses the rest', () => {
    for (const host of [
      '127.0.0.1:8080',
      'localhost',
      'data.example.org',
      '[::1]:80',
      'a',
      'xn--bcher-kva.example',
    ]) {
      expect(isValidHost(host), host).toBe(true);
    }
    for (const host of [
      undefined,
      '',
      ' ',
      'a b',
      'x/y',
      'u@x',
      'x:99999',
      'x:',
      '[::1',
      'x,y',
      'x\r\nSet-Cookie: a',
    ]) {
      expect(isValidHost(host), String(host)).toBe(false);
    }
  });
});
