/* Field names and labels derived from source column names (field resolution, the catalog). */

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
