import { readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isRunning } from '../leftovers';

/*
 * The usage files of processes that are gone, folded into a starting process's own file, so that the
 * usage folder holds one file per running process instead of one per start, without a count lost or
 * counted twice whatever moment a crash stops the fold:
 *
 * 1. each gone file `D.json` is claimed by renaming it `O.absorbing.D.json.claim` (O: the new process's
 *    file stem); a rename succeeds for one claimer only, and readers skip the claim (not `.json`);
 * 2. the new process writes `O.json` with the claimed counts and the claimed names in `absorbed`;
 * 3. it removes its claims.
 *
 * A start also settles claims left by a claimer that is gone: a claim its claimer's file lists in
 * `absorbed` was counted (step 3 did not run) and is removed; any other is renamed back to `D.json` (step 2
 * did not run) and folded like the rest. A `.tmp` of a gone process (a write cut in the middle) is removed.
 * Process ids are this machine's: servers sharing a data folder run on one machine.
 */

export type Counts = Map<string, { downloads: number; api_calls: number }>;

export interface CountsFile {
  readonly counts: Counts;
  readonly absorbed: readonly string[];
}

/** `<stamp>-<pid>-<random>.json`, the name of a process's usage file. */
const USAGE_FILE = /^[0-9a-z]+-(\d+)-[0-9a-f]+\.json$/;
const CLAIM = /^([0-9a-z]+-(\d+)-[0-9a-f]+)\.absorbing\.(.+\.json)\.claim$/;
const TMP = /^[0-9a-z]+-(\d+)-[0-9a-f]+\.json\.tmp$/;

function number(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/**
 * A usage file's counts: `{counts, absorbed}`, or the earlier plain map of dataset ids (no dataset entry
 * is an array, so `absorbed` tells the forms apart). Undefined when the text is not one.
 */
export function parseCountsFile(text: string): CountsFile | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const record = json as Record<string, unknown>;
  const current = Array.isArray(record.absorbed);
  const entries = current ? record.counts : record;
  if (typeof entries !== 'object' || entries === null) return undefined;
  const counts: Counts = new Map();
  for (const [id, value] of Object.entries(entries as Record<string, unknown>)) {
    const c = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    counts.set(id, { downloads: number(c.downloads), api_calls: number(c.api_calls) });
  }
  const absorbed = current
    ? (record.absorbed as unknown[]).filter((a): a is string => typeof a === 'string')
    : [];
  return { counts, absorbed };
}

function readCounts(path: string): CountsFile | undefined {
  try {
    return parseCountsFile(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function gone(pid: string | undefined): boolean {
  const n = Number(pid);
  return Number.isInteger(n) && n > 0 && n !== process.pid && !isRunning(n);
}

function addInto(total: Counts, counts: Counts): void {
  for (const [id, c] of counts) {
    const entry = total.get(id) ?? { downloads: 0, api_calls: 0 };
    entry.downloads += c.downloads;
    entry.api_calls += c.api_calls;
    total.set(id, entry);
  }
}

/** Claims of gone claimers: removed when counted, else given back under their own name. */
function settleClaims(dir: string, names: readonly string[]): void {
  for (const name of names) {
    const claim = CLAIM.exec(name);
    if (!claim || !gone(claim[2])) continue;
    const claimer = readCounts(join(dir, `${claim[1]}.json`));
    try {
      if (claimer?.absorbed.includes(claim[3]!)) rmSync(join(dir, name), { force: true });
      else renameSync(join(dir, name), join(dir, claim[3]!));
    } catch {
      // Another start settled it first.
    }
  }
}

/**
 * Folds the usage files of gone processes into the starting process's (`stem`): returns the counts it
 * took over and their files' names, after `write(counts, absorbed)` has saved them as its own file.
 */
export function absorbLeftovers(
  dir: string,
  stem: string,
  write: (counts: Counts, absorbed: readonly string[]) => void,
): CountsFile {
  const list = (): string[] => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  };
  settleClaims(dir, list());
  const counts: Counts = new Map();
  const absorbed: string[] = [];
  const claims: string[] = [];
  for (const name of list()) {
    if (TMP.test(name) && gone(TMP.exec(name)?.[1])) rmSync(join(dir, name), { force: true });
    const owner = USAGE_FILE.exec(name)?.[1];
    if (!owner || !gone(owner)) continue;
    const claim = join(dir, `${stem}.absorbing.${name}.claim`);
    try {
      renameSync(join(dir, name), claim);
    } catch {
      continue; // claimed by another start
    }
    const file = readCounts(claim);
    if (file) addInto(counts, file.counts);
    absorbed.push(name);
    claims.push(claim);
  }
  if (absorbed.length === 0) return { counts, absorbed };
  try {
    write(counts, absorbed);
  } catch {
    // A full disk: the gone files go back as they were, for a later start to fold.
    for (const [i, name] of absorbed.entries()) renameSync(claims[i]!, join(dir, name));
    return { counts: new Map(), absorbed: [] };
  }
  for (const claim of claims) rmSync(claim, { force: true });
  return { counts, absorbed };
}
