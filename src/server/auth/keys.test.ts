import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEYS_FILE, KeysFileError, loadKeyRing, parseKeyRing } from './keys';

const KEY = 'abcdefghijklmnop-0123';
const parse = (value: unknown) => parseKeyRing(value, 'apikeys.json');

describe('the keys file', () => {
  it('finds a key by its exact value and tells what it grants', () => {
    const ring = parse({
      keys: [
        { name: 'hr', key: KEY, datasets: ['payroll'] },
        { name: 'admin', key: `${KEY}-admin`, datasets: '*' },
      ],
    });
    expect(ring.find(KEY)).toEqual({ name: 'hr', datasets: new Set(['payroll']) });
    expect(ring.find(`${KEY}-admin`)?.datasets).toBe('all');
    expect(ring.find(KEY.toUpperCase())).toBeUndefined();
    expect(ring.find(`${KEY} `)).toBeUndefined();
    expect(ring.find('')).toBeUndefined();
    expect(ring.grants.map((g) => g.name)).toEqual(['hr', 'admin']);
  });

  it('refuses a malformed file, naming the problem without quoting a key', () => {
    const cases: [unknown, RegExp][] = [
      [[], /must be an object/],
      [{ keys: {} }, /"keys" must be a list/],
      [{ keys: [], extra: 1 }, /unknown key "extra"/],
      [
        { keys: [{ name: 'a', key: 'short', datasets: [] }] },
        /keys\[0\]\.key \(of "a"\) must be at least 16/,
      ],
      [{ keys: [{ name: 'a', key: `${KEY} x`, datasets: [] }] }, /must be at least 16 characters among/],
      [{ keys: [{ key: KEY, datasets: [] }] }, /keys\[0\]\.name must be a non-empty string/],
      [{ keys: [{ name: 'a', key: KEY }] }, /keys\[0\]\.datasets must be a list/],
      [{ keys: [{ name: 'a', key: KEY, datasets: [1] }] }, /datasets must be a list of dataset ids/],
      [{ keys: [{ name: 'a', key: KEY, datasets: [], quota: 3 }] }, /unknown key "quota"/],
      [
        {
          keys: [
            { name: 'a', key: KEY, datasets: [] },
            { name: 'a', key: `${KEY}2`, datasets: [] },
          ],
        },
        /name "a" is used twice/,
      ],
      [
        {
          keys: [
            { name: 'a', key: KEY, datasets: [] },
            { name: 'b', key: KEY, datasets: [] },
          ],
        },
        /keys\[1\]\.key \(of "b"\) is the same as another key's/,
      ],
    ];
    for (const [value, message] of cases) {
      let error: unknown;
      try {
        parse(value);
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(value)).toBeInstanceOf(KeysFileError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain(KEY);
    }
  });

  it('reads the file of a data folder; without one, no key is accepted', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'keys-'));
    try {
      expect((await loadKeyRing(dir)).grants).toEqual([]);
      await writeFile(
        join(dir, KEYS_FILE),
        JSON.stringify({ keys: [{ name: 'hr', key: KEY, datasets: [] }] }),
      );
      expect((await loadKeyRing(dir)).find(KEY)?.name).toBe('hr');
      await writeFile(join(dir, KEYS_FILE), '{"keys": [');
      await expect(loadKeyRing(dir)).rejects.toThrow(/apikeys\.json is not valid JSON/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
