import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { presentedKey, withoutKey } from './credentials';

function request(query: Record<string, string | string[]>, authorization?: string): FastifyRequest {
  return {
    query,
    headers: authorization === undefined ? {} : { authorization },
  } as unknown as FastifyRequest;
}

describe('presented keys', () => {
  it('come from the apikey parameter or the Authorization: Apikey header', () => {
    expect(presentedKey(request({}))).toEqual({ kind: 'none' });
    expect(presentedKey(request({ apikey: 'k1' }))).toEqual({ kind: 'key', key: 'k1' });
    expect(presentedKey(request({}, 'Apikey k2'))).toEqual({ kind: 'key', key: 'k2' });
    expect(presentedKey(request({}, '  APIKEY   k3 '))).toEqual({ kind: 'key', key: 'k3' });
    expect(presentedKey(request({ apikey: 'k4' }, 'Apikey k4'))).toEqual({ kind: 'key', key: 'k4' });
    expect(presentedKey(request({ apikey: ['k5', 'k5'] }))).toEqual({ kind: 'key', key: 'k5' });
  });

  it('are refused when two differ, and ignored when empty or in another scheme', () => {
    expect(presentedKey(request({ apikey: 'a' }, 'Apikey b'))).toEqual({ kind: 'conflict' });
    expect(presentedKey(request({ apikey: ['a', 'b'] }))).toEqual({ kind: 'conflict' });
    expect(presentedKey(request({ apikey: '' }))).toEqual({ kind: 'none' });
    expect(presentedKey(request({}, 'Bearer abc'))).toEqual({ kind: 'none' });
    expect(presentedKey(request({}, 'Basic dXNlcjpwYXNz'))).toEqual({ kind: 'none' });
  });
});

describe('URLs without the key', () => {
  it('drop every apikey parameter, however its name is spelled', () => {
    expect(withoutKey('/api/x?apikey=secret&limit=1')).toBe('/api/x?limit=1');
    expect(withoutKey('/api/x?limit=1&apikey=secret')).toBe('/api/x?limit=1');
    expect(withoutKey('/api/x?api%6Bey=secret&apikey=s2&where=a%3D1')).toBe('/api/x?where=a%3D1');
    expect(withoutKey('/api/x?apikey=secret')).toBe('/api/x');
    expect(withoutKey('/api/x?apikey')).toBe('/api/x');
    expect(withoutKey('/api/x?apikeys=1&%ZZ=2')).toBe('/api/x?apikeys=1&%ZZ=2');
    expect(withoutKey('/api/x')).toBe('/api/x');
  });
});
