import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The conformance corpus (captures/README.md): responses of real Opendatasoft portals, one file per
 * exchange, copied from the shared corpus so that the suite reads nothing outside the repository.
 */

export interface Capture {
  /** The file name without `.json` (`01-v21-dataset-metadata-public-trees`). */
  readonly name: string;
  readonly source: string;
  readonly request: { readonly method: 'GET'; readonly url: string };
  readonly status: number;
  /** The body: parsed JSON, or a string for CSV and other bodies. */
  readonly response: unknown;
  readonly response_headers?: Readonly<Record<string, string>>;
  readonly notes: string;
}

export const CAPTURES_DIR = join(import.meta.dirname, 'captures');

export function loadCaptures(): Capture[] {
  return readdirSync(CAPTURES_DIR)
    .filter((f) => /^\d\d-.*\.json$/.test(f))
    .sort()
    .map((f) => ({
      name: f.replace(/\.json$/, ''),
      ...(JSON.parse(readFileSync(join(CAPTURES_DIR, f), 'utf8')) as Omit<Capture, 'name'>),
    }));
}

/** The capture whose file name starts with `number` (`'01'`). */
export function capture(captures: readonly Capture[], number: string): Capture {
  const found = captures.find((c) => c.name.startsWith(`${number}-`));
  if (!found) throw new Error(`no capture ${number}`);
  return found;
}

/** A truncation the notes record: the array at `path` (`$.facets[0].facets`) kept `kept` of `of` items. */
export interface Truncation {
  readonly path: string;
  readonly kept: number;
  readonly of: number;
}

export function truncations(notes: string): Truncation[] {
  return [...notes.matchAll(/(\$[^\s;]*) truncated to first (\d+) of (\d+) items/g)].map((m) => ({
    path: m[1]!,
    kept: Number(m[2]),
    of: Number(m[3]),
  }));
}
