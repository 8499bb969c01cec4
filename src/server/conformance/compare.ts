/*
 * How an answer is held against a capture: byte for byte against the service's JSON text (`dumps`, an
 * independent writer of Python's `json.dumps` defaults, so that the server's own writer is not the
 * judge of itself), or by shape (keys, their order and the kinds of values) where the capture is
 * printed output or its values are those of a live portal.
 */

type Json = unknown;

function escapeString(text: string): string {
  return JSON.stringify(text).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Python's `json.dumps(value)`: `", "` and `": "` separators, non-ASCII escaped. */
export function dumps(value: Json): string {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'string') return escapeString(value);
  if (Array.isArray(value)) return `[${value.map(dumps).join(', ')}]`;
  return `{${Object.entries(value as Record<string, Json>)
    .map(([k, v]) => `${escapeString(k)}: ${dumps(v)}`)
    .join(', ')}}`;
}

/** Path steps of `$.facets[0].facets` or `$.metas.custom`. */
function steps(path: string): (string | number)[] {
  return [...path.replace(/^\$/, '').matchAll(/\.([^.[]+)|\[(\d+)\]/g)].map((m) =>
    m[1] !== undefined ? m[1] : Number(m[2]),
  );
}

export function at(value: Json, path: string): Json {
  let v = value;
  for (const s of steps(path)) v = (v as Record<string | number, Json> | undefined)?.[s];
  return v;
}

/**
 * A copy of `value` with the value at `path` set (or removed when `replacement` is undefined); `[*]`
 * stands for every item of an array.
 */
export function withAt(value: Json, path: string, replacement: Json | undefined): Json {
  const star = path.indexOf('[*]');
  if (star >= 0) {
    const items = at(value, path.slice(0, star));
    if (!Array.isArray(items)) return value;
    const rest = path.slice(star + 3);
    return withAt(
      value,
      path.slice(0, star),
      items.map((item) => withAt(item, `$${rest}`, replacement)),
    );
  }
  const [first, ...rest] = steps(path);
  if (first === undefined) return replacement;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[first as number] = withAt(copy[first as number], `$${rest.map(stepText).join('')}`, replacement);
    return copy;
  }
  const object = { ...(value as Record<string, Json>) };
  if (rest.length === 0 && replacement === undefined) delete object[first];
  else object[first] = withAt(object[first], `$${rest.map(stepText).join('')}`, replacement);
  return object;
}

function stepText(s: string | number): string {
  return typeof s === 'number' ? `[${s}]` : `.${s}`;
}

function kind(v: Json): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

export interface ShapeOptions {
  /** Object keys compared as sets where the capture's own sources disagree on their order. */
  readonly unordered?: boolean;
  /** Paths (`$.datasets[0].dataset.fields[3].annotations`) whose objects are values of a portal. */
  readonly opaque?: RegExp;
}

/**
 * The differences of shape between an answer and a capture: keys and their order, and the kinds of
 * values (a null on either side matches any value: values differ between portals). Arrays are
 * compared item by item on the items both have.
 */
export function shapeDifferences(
  actual: Json,
  expected: Json,
  options: ShapeOptions = {},
  path = '$',
): string[] {
  if (actual === null || expected === null) return [];
  if (kind(actual) !== kind(expected))
    return [`${path}: ${kind(actual)} where the capture has ${kind(expected)}`];
  if (Array.isArray(actual) && Array.isArray(expected)) {
    const n = Math.min(actual.length, expected.length);
    const out: string[] = [];
    if (expected.length > 0 && actual.length === 0) out.push(`${path}: empty where the capture has items`);
    for (let i = 0; i < n; i++)
      out.push(...shapeDifferences(actual[i], expected[i], options, `${path}[${i}]`));
    return out;
  }
  if (kind(actual) === 'object' && !options.opaque?.test(path)) {
    const a = actual as Record<string, Json>;
    const e = expected as Record<string, Json>;
    const ak = Object.keys(a);
    const ek = Object.keys(e);
    const same = options.unordered
      ? [...ak].sort().join() === [...ek].sort().join()
      : ak.join() === ek.join();
    if (!same) return [`${path}: keys ${JSON.stringify(ak)} where the capture has ${JSON.stringify(ek)}`];
    return ek.flatMap((k) => shapeDifferences(a[k], e[k], options, `${path}.${k}`));
  }
  return [];
}
