import { createHash } from 'node:crypto';

/**
 * Technical names: lower snake case, ASCII letters, digits and underscores, not starting with a digit.
 * `Beak Length (mm)` → `beak_length_mm`, `magType` → `mag_type`.
 */
export function toSnakeCase(text: string): string {
  const snake = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (snake === '') return 'field';
  return /^[0-9]/.test(snake) ? `f_${snake}` : snake;
}

/** Makes names unique by suffixing repeats with `_2`, `_3`… in order of appearance. */
export function deduplicateNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate); n++) candidate = `${name}_${n}`;
    taken.add(candidate);
    return candidate;
  });
}

/** A readable label from a technical name: `temp_max` → `Temp max`. */
export function humanize(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Attachment identifier of a file name: `airports.csv` → `airports_csv`. */
export function attachmentId(fileName: string): string {
  return toSnakeCase(fileName);
}

/** A stable short dataset uid in the interface's style (`da_` and six base-36 characters). */
export function datasetUid(datasetId: string): string {
  const digest = createHash('sha1').update(datasetId).digest('hex');
  return `da_${BigInt(`0x${digest.slice(0, 16)}`)
    .toString(36)
    .padStart(6, '0')
    .slice(0, 6)}`;
}

/** Name of the SQL table holding a dataset's records. */
export function recordsTableName(datasetId: string): string {
  return `ds_${datasetId.replace(/[^a-z0-9_]/g, '_')}`;
}
