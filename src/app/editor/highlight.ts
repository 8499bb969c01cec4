import { KEYWORDS, lex, lookupFunction, type Token } from '../../odsql';

/** How a stretch of clause text is drawn; the names become `cm-odsql-<style>` classes. */
export type TokenStyle =
  | 'keyword'
  | 'function'
  | 'field'
  | 'string'
  | 'number'
  | 'literal'
  | 'operator'
  | 'invalid';

export interface StyledSpan {
  readonly from: number;
  readonly to: number;
  readonly style: TokenStyle;
}

const KEYWORD_SET: ReadonlySet<string> = new Set(KEYWORDS);
/** Words the lexer returns as identifiers that read as values or directions. */
const WORD_KEYWORDS: ReadonlySet<string> = new Set([...KEYWORD_SET, 'not', 'exclude', 'include', 'all']);

function styleOf(token: Token, next: Token | undefined, fields: ReadonlySet<string>): TokenStyle | undefined {
  switch (token.kind) {
    case 'quoted_ident':
      return 'field';
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'date':
    case 'geom':
      return 'literal';
    case 'punct':
      return token.value === '(' || token.value === ')' || token.value === ',' ? undefined : 'operator';
    case 'ident': {
      const lower = token.value.toLowerCase();
      const call = next?.kind === 'punct' && next.value === '(';
      if (call && lookupFunction(lower)) return 'function';
      // A field may be named like a keyword (`year`): the dataset decides.
      if (fields.has(token.value)) return 'field';
      if (WORD_KEYWORDS.has(lower)) return 'keyword';
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The styled spans of a clause, from the project's own lexer. Past a lexical error (an unterminated
 * string, a stray character) the rest is drawn as a string or as invalid, so typing stays readable.
 */
export function highlightClause(text: string, fields: ReadonlySet<string>): StyledSpan[] {
  let lexed = lex(text);
  let tail: StyledSpan | undefined;
  if (!lexed.ok) {
    const at = lexed.diagnostic.from;
    const style = /^unterminated string/.test(lexed.diagnostic.message) ? 'string' : 'invalid';
    tail = { from: at, to: text.length, style };
    lexed = lex(text.slice(0, at));
    if (!lexed.ok) return [tail];
  }
  const tokens = lexed.tokens;
  const spans: StyledSpan[] = [];
  tokens.forEach((token, i) => {
    const style = styleOf(token, tokens[i + 1], fields);
    if (style && token.to > token.from) spans.push({ from: token.from, to: token.to, style });
  });
  if (tail) spans.push(tail);
  return spans;
}
