/*
 * The few ODSQL fragments the explorer writes itself. Values are escaped the way Opendatasoft's own
 * client does (JSON string escapes), so user text can never change the meaning of a clause.
 */

/** v2.1 reserved keywords plus operators that read as words; such field names need back-quotes. */
const RESERVED = new Set(
  (
    'and as asc avg by count date_format day dayofweek desc distinct equi false group hour ifnull or limit ' +
    'lower max millisecond min minute month not null quarter range search second select sum top true upper ' +
    'where year is in like to date geom'
  ).split(' '),
);

/** A field name as it may appear in a clause. */
export function quoteField(name: string): string {
  const plain = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !RESERVED.has(name.toLowerCase());
  return plain ? name : `\`${name.replace(/[\\`]/g, (c) => `\\${c}`)}\``;
}

/** An ODSQL string literal. */
export function quoteString(text: string): string {
  return JSON.stringify(text);
}

/** Full-text search over every text field: `search("…")`. */
export function searchClause(text: string): string {
  return `search(${quoteString(text)})`;
}

export type SortDirection = 'asc' | 'desc';

export function orderByClause(field: string, direction: SortDirection): string {
  return `${quoteField(field)} ${direction}`;
}

/** The `facet:value` form taken by `refine` and `exclude`. */
export function facetFilter(facet: string, value: string): string {
  return `${facet}:${value}`;
}
