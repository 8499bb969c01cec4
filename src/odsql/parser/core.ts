import type { Alias, ArithOp, CompareOp, Expr, FieldRef, NumberLit, Quantity, StringLit } from '../ast';
import { diagnosticMessage, syntaxError } from '../errors';
import { MAX_LIST_ITEMS, MAX_QUERY_LENGTH } from '../limits';
import { lex, type Token } from '../tokens';
import { DISTANCE_UNITS, INTERVAL_UNITS, RESERVED_WORDS } from '../vocabulary';
import { parseCall } from './calls';
import { ParseFailure, type ParseMode, type ParseResult, TokenCursor } from './cursor';

export { ParseFailure, type ParseMode, type ParseResult } from './cursor';

const UNIT_WORDS = new Set([...Object.keys(DISTANCE_UNITS), ...Object.keys(INTERVAL_UNITS)]);
const COMPARE_OPS: ReadonlySet<string> = new Set(['=', '!=', '<', '>', '<=', '>=']);

/**
 * Recursive-descent parser over the tokens of one clause. Precedence, lowest first: OR, AND, NOT,
 * predicates (comparisons, IN, LIKE, IS), + and -, * and /, unary minus, primaries.
 */
export class Parser extends TokenCursor {
  private constructor(source: string, tokens: readonly Token[], mode: ParseMode) {
    super(source, tokens, mode);
  }

  /** Runs `body` over `source`, turning every failure into a diagnostic. */
  static run<T>(source: string, mode: ParseMode, body: (p: Parser) => T): ParseResult<T> {
    if (source.length > MAX_QUERY_LENGTH) {
      return {
        ok: false,
        diagnostic: syntaxError(
          diagnosticMessage('queryTooLong', { length: source.length, max: MAX_QUERY_LENGTH }),
          0,
          0,
          source.slice(0, 100),
        ),
      };
    }
    const lexed = lex(source);
    if (!lexed.ok) return { ok: false, diagnostic: lexed.diagnostic };
    const parser = new Parser(source, lexed.tokens, mode);
    try {
      return { ok: true, value: body(parser) };
    } catch (e) {
      if (e instanceof ParseFailure) return { ok: false, diagnostic: e.diagnostic };
      throw e;
    }
  }

  // ---- Boolean layer ------------------------------------------------------------------------------

  parseExpression(): Expr {
    this.enter();
    let left = this.parseAnd();
    while (this.isWord('or')) {
      this.nextOperator();
      const right = this.parseAnd();
      left = { kind: 'logical', op: 'or', left, right, from: left.from, to: right.to };
    }
    this.leave();
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.isWord('and')) {
      this.nextOperator();
      const right = this.parseNot();
      left = { kind: 'logical', op: 'and', left, right, from: left.from, to: right.to };
    }
    return left;
  }

  private parseNot(): Expr {
    if (this.isWord('not')) {
      const start = this.next();
      this.enter();
      const operand = this.parseNot();
      this.leave();
      return { kind: 'not', operand, from: start.from, to: operand.to };
    }
    return this.parsePredicate();
  }

  private parsePredicate(): Expr {
    const left = this.parseAdditive();
    const t = this.peek();
    if (t.kind === 'punct' && COMPARE_OPS.has(t.value)) {
      this.next();
      const right = this.parseAdditive();
      return { kind: 'compare', op: t.value as CompareOp, left, right, from: left.from, to: right.to };
    }
    if (t.kind === 'punct' && t.value === ':') {
      this.next();
      if (this.isPunct('[') || this.isPunct(']')) return this.parseRangeBounds(left);
      const right = this.parseAdditive();
      return { kind: 'compare', op: ':', left, right, from: left.from, to: right.to };
    }
    if (this.isWord('not') && (this.isWord('like', 1) || this.isWord('in', 1))) {
      const not = this.next();
      const inner = this.parsePostfixPredicate(left);
      return { kind: 'not', operand: inner, from: not.from, to: inner.to };
    }
    if (this.isWord('like') || this.isWord('in') || this.isWord('is'))
      return this.parsePostfixPredicate(left);
    if (this.mode === 'filter' && left.kind === 'string') {
      return { kind: 'fulltext', text: left.value, from: left.from, to: left.to };
    }
    return left;
  }

  private parsePostfixPredicate(left: Expr): Expr {
    if (this.eatWord('like')) {
      const pattern = this.peek();
      if (pattern.kind !== 'string') this.fail(['a quoted text']);
      this.next();
      const lit: StringLit = { kind: 'string', value: pattern.value, from: pattern.from, to: pattern.to };
      return { kind: 'like', operand: left, pattern: lit, from: left.from, to: pattern.to };
    }
    if (this.eatWord('in')) {
      if (this.isPunct('(')) {
        this.next();
        const values: Expr[] = [this.parseAdditive()];
        while (this.eatPunct(',')) values.push(this.parseAdditive());
        const close = this.expectPunct(')');
        this.limitList(values, MAX_LIST_ITEMS, 'tooManyListValues', {});
        return { kind: 'in_list', operand: left, values, from: left.from, to: close.to };
      }
      if (this.isPunct('[') || this.isPunct(']')) return this.parseRangeBounds(left);
      const t = this.peek();
      if (t.kind === 'ident' || t.kind === 'quoted_ident') {
        const field = this.parseFieldName();
        return { kind: 'contains', value: left, field, from: left.from, to: field.to };
      }
      return this.fail(['(', '[', ']', 'a field name']);
    }
    this.next(); // is
    const negated = this.eatWord('not');
    const t = this.peek();
    const word = t.kind === 'ident' ? t.value.toLowerCase() : '';
    if (word === 'null') {
      this.next();
      return { kind: 'is_null', operand: left, negated, from: left.from, to: t.to };
    }
    if (word === 'true' || word === 'false') {
      this.next();
      return { kind: 'is_bool', operand: left, value: word === 'true', negated, from: left.from, to: t.to };
    }
    return this.fail(['null', 'true', 'false']);
  }

  /** `[a..b]`, `]a..b[`, `[a TO b[`: the bracket direction says whether each bound is included. */
  private parseRangeBounds(operand: Expr): Expr {
    const open = this.next();
    const low = this.parseAdditive();
    let to = false;
    if (this.eatWord('to')) to = true;
    else if (!this.eatPunct('..')) this.fail(['..', 'TO']);
    const high = this.parseAdditive();
    const close = this.peek();
    if (!(close.kind === 'punct' && (close.value === ']' || close.value === '['))) this.fail([']', '[']);
    this.next();
    return {
      kind: 'in_range',
      operand,
      low,
      high,
      lowInclusive: open.value === '[',
      highInclusive: close.value === ']',
      toKeyword: to,
      from: operand.from,
      to: close.to,
    };
  }

  // ---- Arithmetic layer ---------------------------------------------------------------------------

  parseAdditive(): Expr {
    let left = this.parseMultiplicative();
    while (this.isPunct('+') || this.isPunct('-')) {
      const op = this.nextOperator().value as ArithOp;
      const right = this.parseMultiplicative();
      left = { kind: 'arith', op, left, right, from: left.from, to: right.to };
    }
    return left;
  }

  private parseMultiplicative(): Expr {
    let left = this.parseUnary();
    while (this.isPunct('*') || this.isPunct('/')) {
      const op = this.nextOperator().value as ArithOp;
      const right = this.parseUnary();
      left = { kind: 'arith', op, left, right, from: left.from, to: right.to };
    }
    return left;
  }

  private parseUnary(): Expr {
    if (this.isPunct('-') || this.isPunct('+')) {
      const sign = this.next();
      this.enter();
      const operand = this.parseUnary();
      this.leave();
      if (sign.value === '+') return operand;
      return { kind: 'negate', operand, from: sign.from, to: operand.to };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): Expr {
    const t = this.peek();
    switch (t.kind) {
      case 'number':
        return this.parseNumberOrQuantity();
      case 'string':
        this.next();
        return { kind: 'string', value: t.value, from: t.from, to: t.to };
      case 'date':
        this.next();
        return { kind: 'date', value: t.value, from: t.from, to: t.to };
      case 'geom':
        this.next();
        return { kind: 'geom', value: t.value, from: t.from, to: t.to };
      case 'quoted_ident':
        return this.parseFieldName();
      case 'ident': {
        const word = t.value.toLowerCase();
        if (word === 'true' || word === 'false') {
          this.next();
          return { kind: 'boolean', value: word === 'true', from: t.from, to: t.to };
        }
        if (word === 'null') {
          this.next();
          return { kind: 'null', from: t.from, to: t.to };
        }
        if (this.isPunct('(', 1)) return parseCall(this);
        return this.parseFieldName();
      }
      case 'punct':
        if (t.value === '(') {
          this.next();
          const inner = this.parseExpression();
          const close = this.expectPunct(')');
          return { kind: 'paren', inner, from: t.from, to: close.to };
        }
        break;
      case 'eof':
        break;
    }
    return this.fail(['a field name', 'a value', 'a function', '(']);
  }

  private parseNumberOrQuantity(): NumberLit | Quantity {
    const t = this.next();
    const value = Number(t.value);
    if (!Number.isFinite(value)) this.failAt('numberOutOfRange', { number: t.value }, t);
    const unit = this.peek();
    if (unit.kind === 'ident' && UNIT_WORDS.has(unit.value) && !this.isPunct('(', 1)) {
      this.next();
      return { kind: 'quantity', value, raw: t.value, unit: unit.value, from: t.from, to: unit.to };
    }
    return { kind: 'number', value, raw: t.value, from: t.from, to: t.to };
  }

  parseFieldName(): FieldRef {
    const t = this.peek();
    if (t.kind === 'quoted_ident') {
      this.next();
      return { kind: 'field', name: t.value, quoted: true, from: t.from, to: t.to };
    }
    if (t.kind === 'ident' && !RESERVED_WORDS.has(t.value.toLowerCase())) {
      this.next();
      return { kind: 'field', name: t.value, quoted: false, from: t.from, to: t.to };
    }
    return this.fail(['a field name']);
  }

  parseAlias(): Alias | undefined {
    if (!this.eatWord('as')) return undefined;
    const t = this.peek();
    if (t.kind === 'quoted_ident' || (t.kind === 'ident' && !RESERVED_WORDS.has(t.value.toLowerCase()))) {
      this.next();
      return { name: t.value, from: t.from, to: t.to };
    }
    return this.fail(['a label']);
  }
}
