import type { FacetFilter } from '../../api/types';
import { type Diagnostic, type DiagnosticMessage, diagnosticMessage, syntaxError } from '../errors';
import { lex } from '../tokens';
import type { ParseResult } from './core';

/** One `refine=` or `exclude=` filter, `<facet>:<value>` (a wire type, in src/api). */
export type { FacetFilter };

/**
 * Parses `facet:value`, `facet:"quoted value"` or `` `facet`:value ``. An unquoted value is everything
 * after the first colon, as written (it may itself contain colons, like a time).
 */
export function parseFacetFilter(source: string, clause: 'refine' | 'exclude'): ParseResult<FacetFilter> {
  const fail = (
    message: DiagnosticMessage,
    from: number,
    to: number,
  ): { ok: false; diagnostic: Diagnostic } => ({
    ok: false,
    diagnostic: { ...syntaxError(message, from, Math.min(to, source.length), source), clause },
  });
  const text = source;
  let i = 0;
  while (text[i] === ' ') i++;
  let facet: string;
  if (text[i] === '`') {
    const end = findClosing(text, i, '`');
    if (end < 0)
      return fail(diagnosticMessage('unterminatedFieldName', { quote: '`', position: i }), i, i + 1);
    facet = unescapeName(text.slice(i + 1, end));
    i = end + 1;
  } else {
    const m = /^[A-Za-z0-9_.-]+/.exec(text.slice(i));
    if (!m) return fail(diagnosticMessage('refineFacetExpected', { position: i }), i, i + 1);
    facet = m[0];
    i += m[0].length;
  }
  while (text[i] === ' ') i++;
  if (text[i] !== ':') {
    return fail(diagnosticMessage('refineColonExpected', { position: i, clause }), i, i + 1);
  }
  i++;
  const rest = text.slice(i).trim();
  if (rest.length === 0)
    return fail(
      diagnosticMessage('refineValueMissing', { facet, position: text.length }),
      text.length,
      text.length,
    );
  const quote = rest[0];
  if (quote === '"' || quote === "'") {
    const lexed = lex(rest);
    const first = lexed.ok ? lexed.tokens[0] : undefined;
    if (!lexed.ok || !first || first.kind !== 'string' || first.to !== rest.length) {
      const at = text.indexOf(quote, i);
      return fail(diagnosticMessage('refineValueMalformed', { position: at }), at, text.length);
    }
    return { ok: true, value: { facet, value: first.value } };
  }
  return { ok: true, value: { facet, value: rest } };
}

function findClosing(text: string, start: number, quote: string): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  return -1;
}

function unescapeName(s: string): string {
  return s.replace(/\\(.)/g, '$1');
}
