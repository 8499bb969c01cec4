import { between } from './key-midpoints';
import {
  afterClause,
  and,
  beforeClause,
  type Clause,
  equalClause,
  fromClause,
  type KeyTuple,
  type KeyValue,
  laterClause,
  notNullClause,
  type SortKey,
} from './keyset';

/*
 * Finding where record N of a sorted selection starts, exactly, with counts: a boundary between records
 * (the first keys' values) whose number of records before it is known is an anchor; a page from N is
 * then the records from the anchor on, at offset N − (records before the anchor), which the API allows
 * while that offset stays inside its 10,000-record window. The boundary is found key by key: its value
 * is bisected between the first and last values of the key (a count per step), and when one value holds
 * more records than the window around N (thousands of flights share a delay), the next key is bisected
 * within it, down to the record id.
 */

/** A boundary between records and the number of records before it. */
export interface Anchor {
  /** The records from the boundary on (`true`: every record). */
  readonly clause: Clause;
  /** How many records of the selection come before the boundary. */
  readonly count: number;
}

/** What the seek asks of the portal, within the selection's own filters. */
export interface SeekProbe {
  /** The number of records matching the clause. */
  count(clause: Clause): Promise<number>;
  /** The first value of `key`, in its direction, among the records matching the clause (none: undefined). */
  firstValue(clause: Clause, key: SortKey): Promise<KeyValue | undefined>;
}

/** A seek that would ask more than this many questions is given up (a portal ordering oddly). */
const MAX_PROBES = 240;

export class SeekError extends Error {}

/** The key in the other direction: the last values first (nulls still last). */
function reversed(key: SortKey): SortKey {
  return { ...key, direction: key.direction === 'asc' ? 'desc' : 'asc' };
}

/**
 * An anchor at most `reach` records before record `target` (0-based) of the order `keys`, the selection
 * holding more than `target` records.
 */
export async function seekAnchor(
  keys: readonly SortKey[],
  target: number,
  reach: number,
  probe: SeekProbe,
): Promise<Anchor> {
  let probes = 0;
  const ask = <T>(question: Promise<T>): Promise<T> => {
    if (++probes > MAX_PROBES) throw new SeekError('too many probes');
    return question;
  };
  const countBefore = (tuple: KeyTuple): Promise<number> => ask(probe.count(beforeClause(keys, tuple)));

  const prefix: KeyValue[] = [];
  let base = 0;
  for (let level = 0; level < keys.length; level++) {
    if (target - base <= reach) return { clause: fromClause(keys, prefix), count: base };
    const key = keys[level]!;
    const group = equalClause(keys, prefix);
    // Nulls come after every value: is record N among them?
    const values = and(group, notNullClause(key));
    // Asked together: the answers of a portal far away come in one round trip.
    const [nullStart, first, last] = await Promise.all([
      countBefore([...prefix, null]),
      ask(probe.firstValue(values, key)),
      ask(probe.firstValue(values, reversed(key))),
    ]);
    if (nullStart <= target) {
      prefix.push(null);
      base = nullStart;
      continue;
    }
    if (first === undefined || first === null || last === undefined || last === null)
      throw new SeekError('no value where one was counted');
    // lo: a value with the records before it (at most N); hi: one with more than N before it.
    let lo = { value: first as KeyValue, count: base, exclusive: false };
    let hi = { value: last as KeyValue, count: await countBefore([...prefix, last]) };
    let descended = false;
    if (hi.count <= target) {
      // Record N holds the last value.
      lo = { value: last, count: hi.count, exclusive: false };
      hi = { value: null, count: nullStart };
    }
    while (!descended) {
      if (target - lo.count <= reach) {
        const tuple = [...prefix, lo.value];
        return {
          clause: lo.exclusive ? afterClause(keys, tuple) : fromClause(keys, tuple),
          count: lo.count,
        };
      }
      const middle = hi.value === null ? undefined : between(key, lo.value, hi.value);
      if (middle !== undefined) {
        const count = await countBefore([...prefix, middle]);
        if (count <= target) lo = { value: middle, count, exclusive: false };
        else hi = { value: middle, count };
        continue;
      }
      // No value to try between the two (or the last one): the next value that records hold.
      const start = lo.exclusive ? laterClause(key, lo.value) : fromClause([key], [lo.value]);
      const next = await ask(probe.firstValue(and(values, start), key));
      if (next === undefined || next === null) throw new SeekError('no value where one was counted');
      const through = lo.count + (await ask(probe.count(equalClause(keys, [...prefix, next]))));
      if (through > target) {
        // Record N holds this value, with more records than the window: the next key decides.
        prefix.push(next);
        base = lo.count;
        descended = true;
      } else {
        lo = { value: next, count: through, exclusive: true };
      }
    }
  }
  return { clause: fromClause(keys, prefix), count: base };
}
