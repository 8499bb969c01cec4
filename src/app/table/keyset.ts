import {
  type DatasetField,
  type DatasetRecord,
  quoteField,
  quoteString,
  type SortDirection,
} from '../../api';

/*
 * Keyset paging: the Explore API pages with `offset + limit ≤ 10,000`, so records deeper in a sorted list
 * are reached by asking for the records *after* a known one (a `where` on the sort keys) rather than by
 * offset. A list's order must then be total: the interface orders ties as it likes (this server by source
 * position, which it does not expose), so the table sorts by its keys and then by `recordid`, the record
 * id every Explore API portal lets a query name (documented among the technical fields; a record's `_id`
 * with `include_links`). Nulls sort after every value in both directions (the interface's rule), which the
 * clauses below follow.
 */

/** The technical field ending every keyset order: the record id, unique in a dataset. */
export const TIE_BREAKER = 'recordid';

/** The field types whose values a clause can compare (the sortable ones). */
const COMPARABLE = new Set(['text', 'int', 'double', 'boolean', 'date', 'datetime']);

export type KeyType = 'text' | 'int' | 'double' | 'boolean' | 'date' | 'datetime';

/** One key of a records order: a field (or the record id, last), its type and direction. */
export interface SortKey {
  readonly field: string;
  readonly type: KeyType;
  readonly direction: SortDirection;
}

/** A key's value in a record: null when the record has none. */
export type KeyValue = string | number | boolean | null;

/** Values of the first keys of an order, from the first key on (a boundary between records). */
export type KeyTuple = readonly KeyValue[];

/**
 * The keys of a table sorted by `sorts`, ending with the record id; undefined when the order cannot be
 * paged by keys: a key that is not a comparable field of the dataset, or a dataset whose own field is
 * named `recordid` (it would hide the technical one).
 */
export function keysetKeys(
  sorts: readonly { readonly field: string; readonly direction: SortDirection }[],
  fields: readonly DatasetField[],
): readonly SortKey[] | undefined {
  if (fields.some((f) => f.name.toLowerCase() === TIE_BREAKER)) return undefined;
  const keys: SortKey[] = [];
  for (const sort of sorts) {
    const field = fields.find((f) => f.name === sort.field);
    if (!field || !COMPARABLE.has(field.type)) return undefined;
    keys.push({ field: field.name, type: field.type as KeyType, direction: sort.direction });
  }
  return [...keys, { field: TIE_BREAKER, type: 'text', direction: 'asc' }];
}

/** The `order_by` of a keyset order: its keys, the record id last. */
export function keysetOrderBy(keys: readonly SortKey[]): string {
  return keys
    .map((k) =>
      k.field === TIE_BREAKER && k.direction === 'asc'
        ? TIE_BREAKER
        : `${quoteField(k.field)} ${k.direction}`,
    )
    .join(', ');
}

/** A key's value read from a record (the record id from its `_id`); undefined when it cannot be read. */
export function keyValue(record: DatasetRecord, key: SortKey): KeyValue | undefined {
  const value = key.field === TIE_BREAKER ? record._id : record[key.field];
  if (value === null || value === undefined) return key.field === TIE_BREAKER ? undefined : null;
  if (key.type === 'int' || key.type === 'double') return typeof value === 'number' ? value : undefined;
  if (key.type === 'boolean') return typeof value === 'boolean' ? value : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Every key's value of a record, or undefined when one cannot be read (no `_id`: keys cannot page). */
export function recordTuple(record: DatasetRecord, keys: readonly SortKey[]): KeyTuple | undefined {
  const tuple: KeyValue[] = [];
  for (const key of keys) {
    const value = keyValue(record, key);
    if (value === undefined) return undefined;
    tuple.push(value);
  }
  return tuple;
}

/** A value as an ODSQL literal of its key's type. */
export function literal(key: SortKey, value: Exclude<KeyValue, null>): string {
  switch (key.type) {
    case 'int':
    case 'double':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'date':
    case 'datetime':
      return `date'${String(value).replace(/'/g, '')}'`;
    default:
      return quoteString(String(value));
  }
}

/** A clause, or none: `false` for "no record", `true` for "every record". */
type Clause = string | boolean;

export const or = (a: Clause, b: Clause): Clause =>
  a === true || b === true ? true : a === false ? b : b === false ? a : `(${a}) or (${b})`;
export const and = (a: Clause, b: Clause): Clause =>
  a === false || b === false ? false : a === true ? b : b === true ? a : `(${a}) and (${b})`;

/*
 * An ODSQL date literal holds milliseconds, while a portal may keep finer instants (this one writes
 * microseconds when there are some): a datetime key is compared by the millisecond it falls in, so that
 * a value always equals itself. Two instants within one millisecond then tie, ordered by the next key.
 */
function millisecond(value: KeyValue): { readonly from: string; readonly to: string } | undefined {
  const ms = Date.parse(String(value));
  if (Number.isNaN(ms)) return undefined;
  return { from: `date'${new Date(ms).toISOString()}'`, to: `date'${new Date(ms + 1).toISOString()}'` };
}

/** Records whose key equals the value (nulls included when it is null). */
function equal(key: SortKey, value: KeyValue): Clause {
  const name = quoteField(key.field);
  if (value === null) return `${name} is null`;
  const span = key.type === 'datetime' ? millisecond(value) : undefined;
  if (span) return `${name} >= ${span.from} and ${name} < ${span.to}`;
  return `${name} = ${literal(key, value)}`;
}

/** `key < value` ascending, `key > value` descending (`later`: the other way); by millisecond for instants. */
function compare(key: SortKey, value: Exclude<KeyValue, null>, side: 'earlier' | 'later'): string {
  const name = quoteField(key.field);
  const lower = (key.direction === 'asc') === (side === 'earlier');
  const span = key.type === 'datetime' ? millisecond(value) : undefined;
  if (span) return lower ? `${name} < ${span.from}` : `${name} >= ${span.to}`;
  return `${name} ${lower ? '<' : '>'} ${literal(key, value)}`;
}

/** Records whose key comes strictly before the value in the key's order (nulls come last). */
function earlier(key: SortKey, value: KeyValue): Clause {
  const name = quoteField(key.field);
  if (value === null) return `${name} is not null`;
  if (key.type === 'boolean') {
    // false before true ascending; booleans are compared by equality, which every portal understands.
    const first = key.direction !== 'asc';
    return value === first ? false : `${name} = ${literal(key, first)}`;
  }
  return compare(key, value, 'earlier');
}

/** Records whose key comes strictly after the value in the key's order (nulls come last). */
function later(key: SortKey, value: KeyValue): Clause {
  const name = quoteField(key.field);
  if (value === null) return false;
  const nulls = key.field === TIE_BREAKER ? false : `${name} is null`;
  if (key.type === 'boolean') {
    const last = key.direction === 'asc';
    return value === last ? nulls : or(`${name} = ${literal(key, last)}`, nulls);
  }
  return or(compare(key, value, 'later'), nulls);
}

/** The records whose key has a value. */
export function notNullClause(key: SortKey): Clause {
  return key.field === TIE_BREAKER ? true : `${quoteField(key.field)} is not null`;
}

/** The records whose key comes after the value (nulls included: they come last). */
export function laterClause(key: SortKey, value: KeyValue): Clause {
  return later(key, value);
}

/** Folds a tuple's terms from its last key back: `t1 or (e1 and (t2 or (e2 and …)))`. */
function lexicographic(
  keys: readonly SortKey[],
  tuple: KeyTuple,
  term: (key: SortKey, value: KeyValue) => Clause,
  last: (key: SortKey, value: KeyValue) => Clause,
): Clause {
  let clause: Clause = false;
  for (let i = tuple.length - 1; i >= 0; i--) {
    const key = keys[i]!;
    const value = tuple[i]!;
    clause = i === tuple.length - 1 ? last(key, value) : or(term(key, value), and(equal(key, value), clause));
  }
  return tuple.length === 0 ? false : clause;
}

/** The records before every record whose first keys are `tuple` (none for an empty tuple). */
export function beforeClause(keys: readonly SortKey[], tuple: KeyTuple): Clause {
  return lexicographic(keys, tuple, earlier, earlier);
}

/** The records whose first keys are `tuple` or come after it (every record for an empty tuple). */
export function fromClause(keys: readonly SortKey[], tuple: KeyTuple): Clause {
  if (tuple.length === 0) return true;
  return lexicographic(keys, tuple, later, (key, value) => or(later(key, value), equal(key, value)));
}

/** The records after every record whose first keys are `tuple` (after a whole record: the next ones). */
export function afterClause(keys: readonly SortKey[], tuple: KeyTuple): Clause {
  return lexicographic(keys, tuple, later, later);
}

/** The records whose first keys are `tuple`. */
export function equalClause(keys: readonly SortKey[], tuple: KeyTuple): Clause {
  return tuple.reduce<Clause>((clause, value, i) => and(clause, equal(keys[i]!, value)), true);
}

export type { Clause };
