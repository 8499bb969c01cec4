import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../config';

/*
 * The keys file, `<DATA_DIR>/apikeys.json`: the API keys the server accepts and the restricted datasets
 * each one may read (format in docs/operations.md, "Access control and quotas"). Keys are kept as SHA-256
 * digests, so that the plain keys stay out of memory dumps and lookups take the same time whatever the
 * key sent.
 */

export const KEYS_FILE = 'apikeys.json';

/** One key of the file: its name (for people and logs) and what it grants. */
export interface KeyGrant {
  readonly name: string;
  /** Restricted datasets this key reads (public ones are readable by all); `all` grants every dataset. */
  readonly datasets: 'all' | ReadonlySet<string>;
}

export interface KeyRing {
  /** The grant of a key as sent by a client, or undefined for a key the file does not hold. */
  find(key: string): KeyGrant | undefined;
  readonly grants: readonly KeyGrant[];
}

/** A keys file that cannot be used: the server refuses to start rather than serve with the wrong keys. */
export class KeysFileError extends ConfigError {}

const MIN_KEY_LENGTH = 16;
/** Characters a key may hold: they travel in URLs and headers unescaped. */
const KEY_CHARS = /^[A-Za-z0-9._~-]+$/;

export function digest(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the file's content; `where` names the file in messages. */
export function parseKeyRing(value: unknown, where: string): KeyRing {
  const fail = (message: string): never => {
    throw new KeysFileError(`${where}: ${message}`);
  };
  if (!isObject(value)) return fail('must be an object with a "keys" list');
  const unknown = Object.keys(value).find((k) => k !== 'keys');
  if (unknown !== undefined) fail(`unknown key "${unknown}" (allowed: keys)`);
  if (!Array.isArray(value.keys)) return fail('"keys" must be a list');
  const byDigest = new Map<string, KeyGrant>();
  const names = new Set<string>();
  for (const [i, item] of (value.keys as unknown[]).entries()) {
    const at = `keys[${i}]`;
    if (!isObject(item)) return fail(`${at} must be an object with name, key and datasets`);
    const extra = Object.keys(item).find((k) => !['name', 'key', 'datasets'].includes(k));
    if (extra !== undefined) fail(`${at}: unknown key "${extra}" (allowed: name, key, datasets)`);
    const { name, key, datasets } = item;
    if (typeof name !== 'string' || name.trim() === '') return fail(`${at}.name must be a non-empty string`);
    if (names.has(name)) fail(`${at}.name "${name}" is used twice`);
    // The key itself is never quoted in messages: they reach the console and its logs.
    if (typeof key !== 'string' || key.length < MIN_KEY_LENGTH || !KEY_CHARS.test(key)) {
      return fail(
        `${at}.key (of "${name}") must be at least ${MIN_KEY_LENGTH} characters among A-Z a-z 0-9 . _ ~ -`,
      );
    }
    const hash = digest(key);
    if (byDigest.has(hash)) fail(`${at}.key (of "${name}") is the same as another key's`);
    let grant: KeyGrant['datasets'];
    if (datasets === '*') grant = 'all';
    else if (Array.isArray(datasets) && datasets.every((d) => typeof d === 'string'))
      grant = new Set(datasets);
    else return fail(`${at}.datasets must be a list of dataset ids, or "*" for every dataset`);
    names.add(name);
    byDigest.set(hash, { name, datasets: grant });
  }
  return { find: (key) => byDigest.get(digest(key)), grants: [...byDigest.values()] };
}

/** Reads the keys file of a data folder; without one, no key is accepted and restricted datasets stay closed. */
export async function loadKeyRing(dataDir: string): Promise<KeyRing> {
  const path = join(dataDir, KEYS_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return parseKeyRing({ keys: [] }, path);
    throw new KeysFileError(`${path} cannot be read: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new KeysFileError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseKeyRing(value, path);
}
