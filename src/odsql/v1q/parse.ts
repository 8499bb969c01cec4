import { type Arg, FUNCTIONS, functionQuery } from './functions';
import { type FieldOp, type NowArg, type Query, V1QueryError, type Value } from './tree';

/*
 * The v1 `q` language: words, "phrases", AND / OR / NOT (precedence NOT > AND > OR, juxtaposition is
 * AND, upper case only so that "and" stays a word), parentheses, field queries (`f:v`, `f==v`, `f>=v`,
 * `f:[a TO b]`), and the functions #null, #exact, #startswith, #search, #distance, #polygon, with #now
 * as a value. It is read without a separate lexer, because what a character means depends on where it
 * stands: `:` is an operator after a field name but part of a time in `date>=2020-01-01T10:00:00`.
 */

/** Longest `q` read; the other bounds keep the trees every later pass walks recursively small. */
export const MAX_Q_LENGTH = 10_000;
const MAX_DEPTH = 48;
const MAX_TERMS = 400;

const FIELD_QUERY = /([A-Za-z0-9_]+)\s*(==|>=|<=|:|=|>|<)/y;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const SIGNED_INT = /[+-]?\d+/y;
const WEEKDAY = /(MO|TU|WE|TH|FR|SA|SU)\b/iy;
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

type Keyword = 'AND' | 'OR' | 'NOT';

/** Parses `q`; an empty or blank `q` is undefined (no filter). Throws only V1QueryError. */
export function parseQ(q: string): Query | undefined {
  if (q.length > MAX_Q_LENGTH) {
    throw new V1QueryError(`q is too long (${q.length} characters, at most ${MAX_Q_LENGTH})`, {
      from: 0,
      to: 0,
    });
  }
  if (q.trim() === '') return undefined;
  return new QParser(q).query();
}

class QParser {
  private i = 0;
  private depth = 0;
  private terms = 0;

  constructor(private readonly s: string) {}

  query(): Query {
    const q = this.or();
    this.ws();
    if (this.i < this.s.length) {
      const c = this.s[this.i]!;
      this.fail(c === ')' ? 'unmatched )' : `unexpected ${c}`, this.i);
    }
    return q;
  }

  // ---- Boolean structure ------------------------------------------------------------------------

  private or(): Query {
    let left = this.and();
    for (;;) {
      this.ws();
      if (this.keyword() !== 'OR') return left;
      this.i += 2;
      const right = this.and();
      left = { kind: 'or', left, right, from: left.from, to: right.to };
    }
  }

  private and(): Query {
    let left = this.unary();
    for (;;) {
      this.ws();
      if (this.i >= this.s.length || this.s[this.i] === ')') return left;
      const kw = this.keyword();
      if (kw === 'OR') return left;
      if (kw === 'AND') this.i += 3;
      const right = this.unary();
      left = { kind: 'and', left, right, from: left.from, to: right.to };
    }
  }

  private unary(): Query {
    this.ws();
    if (this.keyword() === 'NOT') {
      const from = this.i;
      this.i += 3;
      const operand = this.nested(() => this.unary());
      return { kind: 'not', operand, from, to: operand.to };
    }
    return this.primary();
  }

  private nested<T>(body: () => T): T {
    if (++this.depth > MAX_DEPTH) this.fail(`q nests deeper than ${MAX_DEPTH} levels`, this.i);
    const result = body();
    this.depth--;
    return result;
  }

  private primary(): Query {
    this.ws();
    const from = this.i;
    if (from >= this.s.length) this.fail('a search term is missing', from);
    if (++this.terms > MAX_TERMS) this.fail(`q has more than ${MAX_TERMS} terms`, from);
    const c = this.s[from]!;
    const kw = this.keyword();
    if (kw === 'AND' || kw === 'OR') this.fail(`${kw} needs a search term before it`, from, from + kw.length);
    if (c === '(') {
      this.i++;
      const inner = this.nested(() => this.or());
      this.ws();
      if (this.s[this.i] !== ')') this.fail('missing )', this.i);
      this.i++;
      return { ...inner, from, to: this.i };
    }
    if (c === ')') this.fail('unexpected )', from);
    if (c === '"') {
      const text = this.quoted();
      return { kind: 'phrase', text, from, to: this.i };
    }
    if (c === '#') return this.fn();
    FIELD_QUERY.lastIndex = from;
    const m = FIELD_QUERY.exec(this.s);
    if (m) {
      const field = m[1]!;
      const op = m[2] as FieldOp;
      this.i = FIELD_QUERY.lastIndex;
      this.ws();
      const open = this.s[this.i];
      if ((open === '[' || open === ']') && (op === ':' || op === '=' || op === '==')) {
        return this.range(field, from);
      }
      const value = this.value('op', `${field}${op}`);
      return { kind: 'field', field, op, value, from, to: this.i };
    }
    const text = this.bare(/[\s()"]/);
    return { kind: 'word', text, from, to: this.i };
  }

  // ---- Values -------------------------------------------------------------------------------------

  /** A value after an operator (`op`) or inside a range (`range`). */
  private value(context: 'op' | 'range', after: string): Value {
    this.ws();
    const from = this.i;
    const c = this.s[from];
    if (c === undefined || (context === 'op' && c === ')'))
      this.fail(`a value is missing after ${after}`, from);
    if (c === '"') {
      const text = this.quoted();
      return { kind: 'text', text, quoted: true, from, to: this.i };
    }
    if (c === '#') {
      NAME.lastIndex = from + 1;
      const name = NAME.exec(this.s)?.[0] ?? '';
      if (name.toLowerCase() !== 'now') {
        this.fail(`#${name}() is not a value (only #now() is)`, from, from + 1 + name.length);
      }
      this.i = from + 1 + name.length;
      return { kind: 'now', args: this.nowArgs(), from, to: this.i };
    }
    if (context === 'range') {
      const text = this.rangeBound();
      if (text === '*') return { kind: 'any', from, to: this.i };
      return { kind: 'text', text, quoted: false, from, to: this.i };
    }
    return { kind: 'text', text: this.bare(/[\s()"]/), quoted: false, from, to: this.i };
  }

  /** `[a TO b]`, `[a..b]`, with `]` or `[` making a bound exclusive. */
  private range(field: string, from: number): Query {
    const lowInclusive = this.s[this.i] === '[';
    this.i++;
    const low = this.value('range', `${field}:[`);
    this.ws();
    if (this.s.startsWith('..', this.i)) this.i += 2;
    else if (/^TO(?=\s)/.test(this.s.slice(this.i, this.i + 3))) this.i += 2;
    else this.fail('expected TO or .. between the bounds of the range', this.i);
    const high = this.value('range', 'TO');
    this.ws();
    const close = this.s[this.i];
    if (close !== ']' && close !== '[') this.fail('expected ] or [ to close the range', this.i);
    this.i++;
    return {
      kind: 'range',
      field,
      low: { value: low, inclusive: lowInclusive },
      high: { value: high, inclusive: close === ']' },
      from,
      to: this.i,
    };
  }

  /** A range bound: up to a space, a bracket, or `..`. */
  private rangeBound(): string {
    const from = this.i;
    while (this.i < this.s.length) {
      const c = this.s[this.i]!;
      if (/[\s[\]"]/.test(c) || this.s.startsWith('..', this.i)) break;
      this.i++;
    }
    if (this.i === from) this.fail('a range bound is missing', from);
    return this.s.slice(from, this.i);
  }

  /** `#now(years=-1, weekday=MO(2))`, the name already read. */
  private nowArgs(): NowArg[] {
    this.ws();
    if (this.s[this.i] !== '(') this.fail('expected ( after #now', this.i);
    this.i++;
    const args: NowArg[] = [];
    this.ws();
    if (this.s[this.i] === ')') {
      this.i++;
      return args;
    }
    for (;;) {
      this.ws();
      const from = this.i;
      NAME.lastIndex = from;
      const name = NAME.exec(this.s)?.[0];
      if (!name) this.fail('expected a #now() parameter name such as years', from);
      this.i = NAME.lastIndex;
      this.ws();
      if (this.s[this.i] !== '=') this.fail(`expected = after ${name}`, this.i);
      this.i++;
      this.ws();
      WEEKDAY.lastIndex = this.i;
      const day = WEEKDAY.exec(this.s);
      if (day) {
        this.i = WEEKDAY.lastIndex;
        this.ws();
        if (this.s[this.i] !== '(') this.fail(`expected ( after ${day[1]}`, this.i);
        this.i++;
        this.ws();
        const n = this.signedInt();
        this.ws();
        if (this.s[this.i] !== ')') this.fail('expected )', this.i);
        this.i++;
        const weekday = WEEKDAYS.indexOf(day[1]!.toUpperCase());
        args.push({ name: name.toLowerCase(), value: n, weekday, from, to: this.i });
      } else {
        args.push({ name: name.toLowerCase(), value: this.signedInt(), from, to: this.i });
      }
      this.ws();
      const c = this.s[this.i];
      this.i++;
      if (c === ')') return args;
      if (c !== ',') this.fail('expected , or ) in #now()', this.i - 1);
    }
  }

  private signedInt(): number {
    SIGNED_INT.lastIndex = this.i;
    const m = SIGNED_INT.exec(this.s);
    const n = m ? Number(m[0]) : Number.NaN;
    if (!m || !Number.isSafeInteger(n)) this.fail('expected an integer', this.i);
    this.i = SIGNED_INT.lastIndex;
    return n;
  }

  // ---- Functions ----------------------------------------------------------------------------------

  private fn(): Query {
    const from = this.i;
    NAME.lastIndex = from + 1;
    const written = NAME.exec(this.s)?.[0];
    if (!written) this.fail('expected a function name after #', from);
    const name = written.toLowerCase();
    this.i = from + 1 + written.length;
    if (name === 'now') {
      this.fail('#now() is a value: compare a date field with it, as in date>=#now(days=-7)', from, this.i);
    }
    if (!FUNCTIONS.includes(name)) {
      this.fail(
        `unknown function #${written} (the functions are ${FUNCTIONS.map((f) => `#${f}`).join(', ')})`,
        from,
        this.i,
      );
    }
    const args = this.fnArgs(name);
    return functionQuery(name, args, { from, to: this.i }, (message, at, to) => this.fail(message, at, to));
  }

  /** `( arg, arg, … )`: quoted texts or bare tokens up to the next comma or parenthesis. */
  private fnArgs(name: string): Arg[] {
    this.ws();
    if (this.s[this.i] !== '(') this.fail(`expected ( after #${name}`, this.i);
    this.i++;
    const args: Arg[] = [];
    for (;;) {
      this.ws();
      const from = this.i;
      if (this.s[from] === ')' && args.length === 0) {
        this.i++;
        return args;
      }
      if (this.s[from] === '"') {
        const text = this.quoted();
        args.push({ text, quoted: true, from, to: this.i });
      } else {
        const text = this.bare(/[,()"]/).trim();
        if (text === '') this.fail(`an argument of #${name}() is missing`, from);
        args.push({ text, quoted: false, from, to: this.i });
      }
      this.ws();
      const c = this.s[this.i];
      if (c === ')') {
        this.i++;
        return args;
      }
      if (c !== ',') this.fail(`expected , or ) in #${name}()`, this.i);
      this.i++;
    }
  }

  // ---- Characters ---------------------------------------------------------------------------------

  private ws(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
  }

  /** AND, OR or NOT at the cursor, as a whole word. */
  private keyword(): Keyword | undefined {
    for (const kw of ['AND', 'OR', 'NOT'] as const) {
      if (!this.s.startsWith(kw, this.i)) continue;
      const after = this.s[this.i + kw.length];
      if (after === undefined || /[\s()"]/.test(after)) return kw;
    }
    return undefined;
  }

  /** A double-quoted text; `\` escapes the next character. */
  private quoted(): string {
    const from = this.i;
    let out = '';
    for (let i = from + 1; i < this.s.length; i++) {
      const c = this.s[i]!;
      if (c === '\\' && i + 1 < this.s.length) {
        out += this.s[++i];
      } else if (c === '"') {
        this.i = i + 1;
        return out;
      } else {
        out += c;
      }
    }
    return this.fail('unterminated quoted text, missing closing "', from);
  }

  /** Characters up to (not including) one matching `stop`, or the end; at least one. */
  private bare(stop: RegExp): string {
    const from = this.i;
    while (this.i < this.s.length && !stop.test(this.s[this.i]!)) this.i++;
    if (this.i === from) this.fail(`unexpected ${this.s[from] ?? 'end of q'}`, from);
    return this.s.slice(from, this.i);
  }

  private fail(message: string, from: number, to = from + 1): never {
    const shown = from >= this.s.length ? 'the end' : `position ${from}`;
    throw new V1QueryError(`${message} at ${shown} of q`, { from, to: Math.min(to, this.s.length) });
  }
}
