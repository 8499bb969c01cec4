/*
 * The syntax tree of a v1 `q` query, before it meets a schema. Positions are offsets into `q`, so that
 * errors found while translating (an unknown field, a value of the wrong type) can point at the text.
 */

export interface Pos {
  readonly from: number;
  readonly to: number;
}

/** `:` normalised token match (text) or equality; `=` and `==` exact equality; the rest compare. */
export type FieldOp = ':' | '=' | '==' | '>' | '<' | '>=' | '<=';

/** A `#now(…)` argument: `years=-1`, or `weekday=MO(2)` (the second Monday from today). */
export interface NowArg extends Pos {
  readonly name: string;
  readonly value: number;
  /** `MO(2)`: the weekday (0 = Monday) the count applies to. */
  readonly weekday?: number;
}

export type Value =
  | ({ readonly kind: 'text'; readonly text: string; readonly quoted: boolean } & Pos)
  | ({ readonly kind: 'now'; readonly args: readonly NowArg[] } & Pos)
  /** `*` as an open range bound. */
  | ({ readonly kind: 'any' } & Pos);

export interface RangeBound {
  readonly value: Value;
  readonly inclusive: boolean;
}

export type Query =
  | ({ readonly kind: 'and' | 'or'; readonly left: Query; readonly right: Query } & Pos)
  | ({ readonly kind: 'not'; readonly operand: Query } & Pos)
  /** A bare word: searched in every text field, as a prefix (`film` finds `films`). */
  | ({ readonly kind: 'word'; readonly text: string } & Pos)
  /** `"action movies"`: every word of it, whole. */
  | ({ readonly kind: 'phrase'; readonly text: string } & Pos)
  | ({ readonly kind: 'field'; readonly field: string; readonly op: FieldOp; readonly value: Value } & Pos)
  | ({
      readonly kind: 'range';
      readonly field: string;
      readonly low: RangeBound;
      readonly high: RangeBound;
    } & Pos)
  | ({ readonly kind: 'null'; readonly field: string } & Pos)
  | ({ readonly kind: 'exact'; readonly field: string; readonly value: Value } & Pos)
  | ({ readonly kind: 'startswith'; readonly field: string; readonly text: string } & Pos)
  /** `#search(f1, f2, "v")`; no fields means every text field (`#search(*, "v")`). */
  | ({ readonly kind: 'search'; readonly fields: readonly string[]; readonly text: string } & Pos)
  | ({
      readonly kind: 'distance';
      readonly field: string;
      readonly lat: number;
      readonly lon: number;
      readonly metres: number;
    } & Pos)
  | ({
      readonly kind: 'polygon';
      readonly field: string;
      /** [lat, lon] pairs, as v1 writes them. */
      readonly points: readonly (readonly [number, number])[];
    } & Pos);

/** A malformed `q` (or geofilter): the message names what is wrong and where. */
export class V1QueryError extends Error {
  constructor(
    message: string,
    readonly pos: Pos,
  ) {
    super(message);
  }
}
