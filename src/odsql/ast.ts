/*
 * The ODSQL syntax tree: one union of expression nodes (predicates are boolean expressions) and one node
 * type per clause item. Every node carries its source span, offsets into the clause text.
 */

export interface Span {
  readonly from: number;
  readonly to: number;
}

export type CompareOp = '=' | '!=' | '<' | '>' | '<=' | '>=' | ':';
export type ArithOp = '+' | '-' | '*' | '/';

export interface FieldRef extends Span {
  readonly kind: 'field';
  readonly name: string;
  /** Written between back-quotes. */
  readonly quoted: boolean;
}
export interface StringLit extends Span {
  readonly kind: 'string';
  readonly value: string;
}
export interface NumberLit extends Span {
  readonly kind: 'number';
  readonly value: number;
  /** The digits as written (`5.0` and `5` differ in labels). */
  readonly raw: string;
}
export interface BooleanLit extends Span {
  readonly kind: 'boolean';
  readonly value: boolean;
}
export interface NullLit extends Span {
  readonly kind: 'null';
}
export interface DateLit extends Span {
  readonly kind: 'date';
  /** The literal body, between the quotes. */
  readonly value: string;
}
export interface GeomLit extends Span {
  readonly kind: 'geom';
  /** The literal body: WKT, WKB hex or GeoJSON. */
  readonly value: string;
}
/** `*` where the language allows it: `count(*)`, `search(*, …)`, open bounds of a static range. */
export interface Star extends Span {
  readonly kind: 'star';
}
/** A number followed by a unit: `10km`, `500 m`, `1 day`, `1M`. */
export interface Quantity extends Span {
  readonly kind: 'quantity';
  readonly value: number;
  readonly raw: string;
  readonly unit: string;
}
/** `name=value` inside `now(…)` or `geo_cluster(…)`. */
export interface NamedArg extends Span {
  readonly kind: 'named';
  readonly name: string;
  readonly value: Expr;
}
export interface Negate extends Span {
  readonly kind: 'negate';
  readonly operand: Expr;
}
export interface Arith extends Span {
  readonly kind: 'arith';
  readonly op: ArithOp;
  readonly left: Expr;
  readonly right: Expr;
}
export interface Call extends Span {
  readonly kind: 'call';
  /** Lower-cased function name. */
  readonly name: string;
  /** The name as written. */
  readonly written: string;
  readonly args: readonly Expr[];
  /** `count(distinct x)`. */
  readonly distinct: boolean;
}

export type RangeSpec =
  | { readonly kind: 'width'; readonly width: NumberLit }
  | { readonly kind: 'interval'; readonly interval: Quantity }
  | {
      readonly kind: 'static';
      /** Bounds in ascending order (numbers or dates). */
      readonly bounds: readonly Expr[];
      /** A first bucket from -∞ to the first bound. */
      readonly openLow: boolean;
      /** A last bucket from the last bound to +∞. */
      readonly openHigh: boolean;
    };

/** `range(field, …)` in group_by. */
export interface RangeExpr extends Span {
  readonly kind: 'range';
  readonly written: string;
  readonly operand: Expr;
  readonly spec: RangeSpec;
}

export interface Compare extends Span {
  readonly kind: 'compare';
  readonly op: CompareOp;
  readonly left: Expr;
  readonly right: Expr;
}
export interface Logical extends Span {
  readonly kind: 'logical';
  readonly op: 'and' | 'or';
  readonly left: Expr;
  readonly right: Expr;
}
export interface Not extends Span {
  readonly kind: 'not';
  readonly operand: Expr;
}
/** A bare string in `where`: full-text search over all text fields. */
export interface FullText extends Span {
  readonly kind: 'fulltext';
  readonly text: string;
}
export interface Like extends Span {
  readonly kind: 'like';
  readonly operand: Expr;
  readonly pattern: StringLit;
}
export interface InList extends Span {
  readonly kind: 'in_list';
  readonly operand: Expr;
  readonly values: readonly Expr[];
}
export interface InRange extends Span {
  readonly kind: 'in_range';
  readonly operand: Expr;
  readonly low: Expr;
  readonly high: Expr;
  readonly lowInclusive: boolean;
  readonly highInclusive: boolean;
  /** Written with `TO` rather than `..`. */
  readonly toKeyword: boolean;
}
/** `"Paris" IN tags`: a literal contained in a multivalued field. */
export interface Contains extends Span {
  readonly kind: 'contains';
  readonly value: Expr;
  readonly field: FieldRef;
}
export interface IsNull extends Span {
  readonly kind: 'is_null';
  readonly operand: Expr;
  readonly negated: boolean;
}
export interface IsBool extends Span {
  readonly kind: 'is_bool';
  readonly operand: Expr;
  readonly value: boolean;
  readonly negated: boolean;
}
/** An expression in parentheses, kept so that printing keeps the grouping the user wrote. */
export interface Paren extends Span {
  readonly kind: 'paren';
  readonly inner: Expr;
}

export type Literal = StringLit | NumberLit | BooleanLit | NullLit | DateLit | GeomLit;

export type Expr =
  | FieldRef
  | Literal
  | Star
  | Quantity
  | NamedArg
  | Negate
  | Arith
  | Call
  | RangeExpr
  | Compare
  | Logical
  | Not
  | FullText
  | Like
  | InList
  | InRange
  | Contains
  | IsNull
  | IsBool
  | Paren;

export interface Alias extends Span {
  readonly name: string;
}

export type SelectItem =
  | ({ readonly kind: 'all' } & Span)
  | ({ readonly kind: 'include' | 'exclude'; readonly patterns: readonly string[] } & Span)
  | ({ readonly kind: 'expr'; readonly expr: Expr; readonly alias?: Alias; readonly text: string } & Span);

export interface GroupByItem extends Span {
  readonly expr: Expr;
  readonly alias?: Alias;
  /** The expression as written, which names the group key when there is no alias. */
  readonly text: string;
}

export interface OrderByItem extends Span {
  readonly expr: Expr;
  readonly direction?: 'asc' | 'desc';
  readonly text: string;
}

export interface SelectClause {
  readonly kind: 'select';
  readonly items: readonly SelectItem[];
}
export interface WhereClause {
  readonly kind: 'where';
  readonly condition: Expr;
}
export interface GroupByClause {
  readonly kind: 'group_by';
  readonly items: readonly GroupByItem[];
}
export interface OrderByClause {
  readonly kind: 'order_by';
  readonly items: readonly OrderByItem[];
}

/** Strips a paren wrapper: `((x))` → `x`. */
export function unwrap(e: Expr): Expr {
  let cur = e;
  while (cur.kind === 'paren') cur = cur.inner;
  return cur;
}
