import { parseCircle, parseMetres, parsePolygon } from './geo-text';
import type { Pos, Query } from './tree';

/*
 * The v1 query functions (#null, #exact, #startswith, #search, #distance, #polygon): their arguments,
 * read by the parser, checked and turned into query nodes.
 */

export const FUNCTIONS = ['null', 'exact', 'startswith', 'search', 'distance', 'polygon'];

const FIELD_NAME = /^[A-Za-z0-9_]+$/;

/** A function argument: a quoted text or a bare token, as written. */
export interface Arg extends Pos {
  readonly text: string;
  readonly quoted: boolean;
}

/** Reports a problem at a position of q; never returns. */
export type Fail = (message: string, from: number, to?: number) => never;

/** The query node of `#name(args)`; `pos` spans the whole call. */
export function functionQuery(name: string, args: readonly Arg[], pos: Pos, fail: Fail): Query {
  const from = pos.from;
  const field = (a: Arg | undefined): string => {
    if (!a || a.quoted || !FIELD_NAME.test(a.text)) fail(`#${name}() expects a field name`, a?.from ?? from);
    return a.text;
  };
  const arity = (min: number, max: number): void => {
    if (args.length < min || args.length > max) {
      const expected =
        min === max ? `${min}` : max === Number.POSITIVE_INFINITY ? `at least ${min}` : `${min} or ${max}`;
      fail(`#${name}() takes ${expected} arguments, ${args.length} given`, from, pos.to);
    }
  };
  switch (name) {
    case 'null':
      arity(1, 1);
      return { kind: 'null', field: field(args[0]), ...pos };
    case 'exact': {
      arity(2, 2);
      const v = args[1]!;
      return {
        kind: 'exact',
        field: field(args[0]),
        value: { kind: 'text', text: v.text, quoted: v.quoted, from: v.from, to: v.to },
        ...pos,
      };
    }
    case 'startswith':
      arity(2, 2);
      return { kind: 'startswith', field: field(args[0]), text: args[1]!.text, ...pos };
    case 'search': {
      arity(2, Number.POSITIVE_INFINITY);
      const fieldArgs = args.slice(0, -1);
      const all = fieldArgs.length === 1 && !fieldArgs[0]!.quoted && fieldArgs[0]!.text === '*';
      return {
        kind: 'search',
        fields: all ? [] : fieldArgs.map(field),
        text: args[args.length - 1]!.text,
        ...pos,
      };
    }
    case 'distance': {
      arity(2, 3);
      const f = field(args[0]);
      const circle = parseCircle(args[1]!.text, args.length === 2);
      if (!circle.ok) fail(`#distance(): ${circle.message}`, args[1]!.from, args[1]!.to);
      let metres = circle.value.metres;
      if (args.length === 3) {
        const m = parseMetres(args[2]!.text);
        if (!m.ok) fail(`#distance(): ${m.message}`, args[2]!.from, args[2]!.to);
        metres = m.value;
      }
      return {
        kind: 'distance',
        field: f,
        lat: circle.value.lat,
        lon: circle.value.lon,
        metres: metres!,
        ...pos,
      };
    }
    default: {
      arity(2, 2);
      const f = field(args[0]);
      const polygon = parsePolygon(args[1]!.text);
      if (!polygon.ok) fail(`#polygon(): ${polygon.message}`, args[1]!.from, args[1]!.to);
      return { kind: 'polygon', field: f, points: polygon.value, ...pos };
    }
  }
}
