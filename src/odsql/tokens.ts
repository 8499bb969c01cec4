import { type Diagnostic, type DiagnosticMessage, diagnosticMessage, syntaxError } from './errors';

export type TokenKind =
  | 'ident' // bare identifier or keyword (keywords are recognised by the parser, case-insensitively)
  | 'quoted_ident' // `back-quoted`
  | 'string' // 'single' or "double" quoted
  | 'number'
  | 'date' // date'…'
  | 'geom' // geom'…'
  | 'punct'
  | 'eof';

export interface Token {
  readonly kind: TokenKind;
  /** Decoded value: identifier name, string content, punctuation text, literal body. */
  readonly value: string;
  /** Source offsets: [from, to). */
  readonly from: number;
  readonly to: number;
  /** Whitespace separates this token from the previous one (units like `10km` need to know). */
  readonly spaceBefore: boolean;
}

const PUNCTUATION = [
  '..',
  '<=',
  '>=',
  '!=',
  '<>',
  '(',
  ')',
  ',',
  '*',
  '+',
  '-',
  '/',
  '=',
  '<',
  '>',
  ':',
  '[',
  ']',
];

export type LexResult = { ok: true; tokens: Token[] } | { ok: false; diagnostic: Diagnostic };

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isIdentChar = (c: string): boolean =>
  (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c === '_';
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

/**
 * Splits one ODSQL clause into tokens. Never throws: any problem comes back as a syntax diagnostic
 * pointing at the offending character.
 */
export function lex(text: string): LexResult {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  let spaceBefore = false;
  while (i < n) {
    const c = text[i]!;
    if (isSpace(c)) {
      i++;
      spaceBefore = true;
      continue;
    }
    const start = i;
    if (c === "'" || c === '"') {
      const s = readQuoted(text, i, c);
      if (!s.ok) return failure(s.message, s.at, s.at + 1, text);
      tokens.push({ kind: 'string', value: s.value, from: start, to: s.end, spaceBefore });
      i = s.end;
    } else if (c === '`') {
      const s = readQuoted(text, i, '`');
      if (!s.ok) return failure(s.message, s.at, s.at + 1, text);
      if (s.value.length === 0)
        return failure((position) => diagnosticMessage('emptyFieldName', { position }), start, s.end, text);
      tokens.push({ kind: 'quoted_ident', value: s.value, from: start, to: s.end, spaceBefore });
      i = s.end;
    } else if (isDigit(c) || (c === '.' && isDigit(text[i + 1] ?? ''))) {
      while (i < n && isDigit(text[i]!)) i++;
      // A dot starts decimals only when a digit follows: `1..10` is 1, `..`, 10.
      if (text[i] === '.' && isDigit(text[i + 1] ?? '')) {
        i++;
        while (i < n && isDigit(text[i]!)) i++;
      }
      if ((text[i] === 'e' || text[i] === 'E') && exponentFollows(text, i)) {
        i++;
        if (text[i] === '+' || text[i] === '-') i++;
        while (i < n && isDigit(text[i]!)) i++;
      }
      tokens.push({ kind: 'number', value: text.slice(start, i), from: start, to: i, spaceBefore });
    } else if (isIdentChar(c)) {
      while (i < n && isIdentChar(text[i]!)) i++;
      const word = text.slice(start, i);
      const lower = word.toLowerCase();
      // `date'…'` and `geom'…'` are literals only when the quote follows immediately.
      if ((lower === 'date' || lower === 'geom') && (text[i] === "'" || text[i] === '"')) {
        const s = readQuoted(text, i, text[i]!);
        if (!s.ok) return failure(s.message, s.at, s.at + 1, text);
        tokens.push({ kind: lower, value: s.value, from: start, to: s.end, spaceBefore });
        i = s.end;
      } else {
        tokens.push({ kind: 'ident', value: word, from: start, to: i, spaceBefore });
      }
    } else {
      const p = PUNCTUATION.find((q) => text.startsWith(q, i));
      if (!p) {
        // A character outside the basic plane is two UTF-16 units: report it whole.
        const whole = String.fromCodePoint(text.codePointAt(i)!);
        return failure(
          (position) => diagnosticMessage('unexpectedCharacter', { character: whole, position }),
          i,
          i + whole.length,
          text,
        );
      }
      tokens.push({
        kind: 'punct',
        value: p === '<>' ? '!=' : p,
        from: start,
        to: i + p.length,
        spaceBefore,
      });
      i += p.length;
    }
    spaceBefore = false;
  }
  tokens.push({ kind: 'eof', value: '', from: n, to: n, spaceBefore });
  return { ok: true, tokens };
}

/** A lexical error; like the parser's, its message ends with the 0-based position. */
function failure(
  message: (position: number) => DiagnosticMessage,
  from: number,
  to: number,
  text: string,
): LexResult {
  return { ok: false, diagnostic: syntaxError(message(from), from, to, text) };
}

function exponentFollows(text: string, i: number): boolean {
  const next = text[i + 1] ?? '';
  if (isDigit(next)) return true;
  return (next === '+' || next === '-') && isDigit(text[i + 2] ?? '');
}

type QuotedResult =
  | { ok: true; value: string; end: number }
  | { ok: false; message: (position: number) => DiagnosticMessage; at: number };

const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  '0': '\0',
};

/** Reads a quoted run starting at `start` (the opening quote). Backslash escapes any character. */
function readQuoted(text: string, start: number, quote: string): QuotedResult {
  let out = '';
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === quote) return { ok: true, value: out, end: i + 1 };
    if (c === '\\') {
      const next = text[i + 1];
      if (next === undefined) break;
      if (next === 'u' && quote !== '`') {
        const hex = text.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex))
          return {
            ok: false,
            message: (position) => diagnosticMessage('invalidUnicodeEscape', { position }),
            at: i,
          };
        out += String.fromCharCode(Number.parseInt(hex, 16));
        i += 6;
        continue;
      }
      out += (quote !== '`' && SIMPLE_ESCAPES[next]) || next;
      i += 2;
      continue;
    }
    out += c;
    i++;
  }
  const code = quote === '`' ? 'unterminatedFieldName' : 'unterminatedString';
  return { ok: false, message: (position) => diagnosticMessage(code, { quote, position }), at: start };
}
