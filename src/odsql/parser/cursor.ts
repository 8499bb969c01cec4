import type { Span } from '../ast';
import {
  type Diagnostic,
  type DiagnosticCode,
  type DiagnosticMessage,
  type DiagnosticParams,
  diagnosticMessage,
  syntaxError,
} from '../errors';
import { MAX_DEPTH, MAX_OPERATORS } from '../limits';
import type { Token } from '../tokens';

/*
 * The parser's reading of its tokens: the cursor, failures with their messages, and the limits on
 * nesting and operators. The grammar is the Parser's (core.ts), which extends it.
 */

/** Thrown inside the parser to unwind; never escapes the entry points. */
export class ParseFailure {
  constructor(readonly diagnostic: Diagnostic) {}
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; diagnostic: Diagnostic };

/** Whether the clause is a filter: there a bare string is full-text search. */
export type ParseMode = 'filter' | 'value';

/** The tokens of one clause being read, and what the reading has counted. */
export abstract class TokenCursor {
  private pos = 0;
  private depth = 0;
  private operators = 0;

  protected constructor(
    readonly source: string,
    private readonly tokens: readonly Token[],
    protected mode: ParseMode,
  ) {}

  // ---- Cursor -------------------------------------------------------------------------------------

  peek(offset = 0): Token {
    return this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)]!;
  }

  next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.pos++;
    return t;
  }

  atEnd(): boolean {
    return this.peek().kind === 'eof';
  }

  isPunct(value: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === 'punct' && t.value === value;
  }

  isWord(word: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === 'ident' && t.value.toLowerCase() === word;
  }

  eatPunct(value: string): boolean {
    if (!this.isPunct(value)) return false;
    this.pos++;
    return true;
  }

  eatWord(word: string): boolean {
    if (!this.isWord(word)) return false;
    this.pos++;
    return true;
  }

  expectPunct(value: string): Token {
    if (!this.isPunct(value)) this.fail([value]);
    return this.next();
  }

  /** Stops parsing: `unexpected <token> at position <n>, expected …`. */
  fail(expected: readonly string[], token: Token = this.peek()): never {
    const position = token.from;
    throw new ParseFailure(
      syntaxError(
        token.kind === 'eof'
          ? diagnosticMessage('unexpectedEnd', { position })
          : diagnosticMessage('unexpectedToken', {
              token: this.source.slice(token.from, token.to),
              position,
            }),
        token.from,
        token.to,
        this.source,
        expected,
      ),
    );
  }

  /** Stops parsing with a message whose `position` is the span's start. */
  failAt<C extends DiagnosticCode>(
    code: C,
    params: Omit<DiagnosticParams<C>, 'position'>,
    span: Span,
  ): never {
    const message = { code, params: { ...params, position: span.from } } as DiagnosticMessage;
    throw new ParseFailure(syntaxError(message, span.from, span.to, this.source));
  }

  /**
   * Refuses a list of more than `max` items (limits.ts), pointing from the first item over the bound to
   * the last: the message names how many were given and how many are allowed.
   */
  limitList<C extends DiagnosticCode>(
    items: readonly Span[],
    max: number,
    code: C,
    params: Omit<DiagnosticParams<C>, 'position' | 'count' | 'max'>,
  ): void {
    if (items.length <= max) return;
    const span = { from: items[max]!.from, to: items[items.length - 1]!.to };
    const all = { ...params, count: items.length, max } as Omit<DiagnosticParams<C>, 'position'>;
    this.failAt(code, all, span);
  }

  text(span: Span): string {
    return this.source.slice(span.from, span.to);
  }

  /** Runs `parse` one nesting level deeper (deep nesting is refused, see MAX_DEPTH). */
  nested<T>(parse: () => T): T {
    this.enter();
    try {
      return parse();
    } finally {
      this.leave();
    }
  }

  /** Runs `parse` where a string is a value, not a full-text search (function arguments). */
  asValues<T>(parse: () => T): T {
    const mode = this.mode;
    this.mode = 'value';
    try {
      return parse();
    } finally {
      this.mode = mode;
    }
  }

  protected enter(): void {
    if (++this.depth > MAX_DEPTH) {
      const t = this.peek();
      throw new ParseFailure(
        syntaxError(diagnosticMessage('nestedTooDeeply', { position: t.from }), t.from, t.to, this.source),
      );
    }
  }

  protected leave(): void {
    this.depth--;
  }

  /** Consumes a binary operator, counting it against MAX_OPERATORS. */
  protected nextOperator(): Token {
    const t = this.next();
    if (++this.operators > MAX_OPERATORS) {
      throw new ParseFailure(
        syntaxError(
          diagnosticMessage('tooManyOperators', { max: MAX_OPERATORS, position: t.from }),
          t.from,
          t.to,
          this.source,
        ),
      );
    }
    return t;
  }
}
