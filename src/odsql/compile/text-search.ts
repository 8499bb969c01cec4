import type { Call, Expr } from '../ast';
import { type Condition, checkArity, describeExpr, describeType, type Scope, type Sql } from './context';
import { normalizeSearchText, SEARCH_COLUMN } from './storage';

/*
 * Full-text filters. Every text is compared through the search normalisation (lower case, no accents,
 * words separated by single spaces), and a token matches whole words of the text: ` tok ` inside
 * ` word1 word2 `, or ` tok` for a prefix.
 */

function plain(sql: string, aggregate = false): Condition {
  return { sql, aggregate };
}

interface Term {
  readonly token: string;
  readonly prefix: boolean;
}

/** Search terms of a text: normalised tokens, a trailing `*` making the token a prefix. */
export function searchTerms(text: string): Term[] {
  const terms: Term[] = [];
  for (const chunk of text.split(/\s+/)) {
    const prefix = /\*$/.test(chunk);
    const tokens = normalizeSearchText(chunk.replace(/\*+$/, ''))
      .split(' ')
      .filter((t) => t.length > 0);
    tokens.forEach((token, i) => {
      terms.push({ token, prefix: prefix && i === tokens.length - 1 });
    });
  }
  return terms;
}

type MatchMode = 'exact' | 'prefix' | 'search';

/**
 * The search tokens a match reads (SQL text of the form ` tok1 tok2 `): the search column written at
 * ingestion, or tokens `computed` for each record from the fields named (see QueryReads.matchesText).
 */
export interface Tokens {
  readonly sql: string;
  readonly computed: boolean;
}

/** The search column's tokens: every text field of a record, normalised at ingestion. */
export function searchColumnTokens(scope: Scope): Tokens {
  return { sql: scope.dialect.quoteIdent(SEARCH_COLUMN), computed: false };
}

/**
 * All terms must match tokens of `searched`. `exact`: whole tokens,
 * `*` for a prefix; `prefix`: every term is a prefix; `search`: every term but the last is fuzzy, the
 * last is a prefix.
 */
export function matchTerms(searched: Tokens, text: string, mode: MatchMode, scope: Scope): Condition {
  const terms = searchTerms(text);
  if (terms.length === 0) return { sql: scope.dialect.true, aggregate: false };
  if (searched.computed) scope.params.matchesText = true;
  const tokens = searched.sql;
  const parts = terms.map((t, i) => {
    const last = i === terms.length - 1;
    if (mode === 'prefix' || t.prefix || (mode === 'search' && last)) {
      return scope.dialect.containsText(tokens, scope.params.text(` ${t.token}`));
    }
    const exact = scope.dialect.containsText(tokens, scope.params.text(` ${t.token} `));
    const edits = mode === 'search' ? (t.token.length > 5 ? 2 : t.token.length > 2 ? 1 : 0) : 0;
    if (edits === 0) return exact;
    const word = scope.params.text(t.token);
    return `(${exact} OR ${scope.dialect.fuzzyTokenMatch(tokens, word, edits)})`;
  });
  return { sql: `(${parts.join(' AND ')})`, aggregate: false };
}

/** Search tokens of text fields (or of every text field, through the search column). */
export function tokensOf(fields: readonly Sql[], scope: Scope): Tokens {
  if (fields.length === 0) return searchColumnTokens(scope);
  const sql = scope.dialect.fieldTokens(
    fields.map((f) => ({
      sql: f.sql,
      multivalued: f.multivalued === true,
      // A plain reference to a field of the dataset (not a technical one).
      ...(f.field && scope.schema.fields.includes(f.field) ? { field: f.field.name } : {}),
    })),
  );
  return { sql, computed: true };
}

export function textFieldArguments(e: Call, args: readonly Expr[], scope: Scope): Sql[] {
  if (args.length === 1 && args[0]!.kind === 'star') return [];
  return args.map((a) => {
    if (a.kind === 'star') scope.fail('starOnlyField', {}, a);
    const v = scope.compilers.value(a, scope);
    if (v.type !== 'text')
      scope.fail(
        'functionSearchesText',
        { name: e.name, expression: describeExpr(scope, v, a), type: describeType(v) },
        a,
      );
    return v;
  });
}

export function lastStringArgument(e: Call, scope: Scope): string {
  const last = e.args[e.args.length - 1];
  if (last?.kind !== 'string') return scope.fail('functionNeedsQuotedText', { name: e.name }, last ?? e);
  return last.value;
}

export function compileLike(e: Extract<Expr, { kind: 'like' }>, scope: Scope): Condition {
  const v = scope.compilers.value(e.operand, scope);
  if (v.type !== 'text')
    scope.fail(
      'likeNeedsText',
      { expression: describeExpr(scope, v, e.operand), type: describeType(v) },
      e.operand,
    );
  return plain(matchTerms(tokensOf([v], scope), e.pattern.value, 'exact', scope).sql, v.aggregate);
}

/** search(), suggest() and startswith(). */
export function compileTextFilter(e: Call, scope: Scope): Condition {
  switch (e.name) {
    case 'search':
    case 'suggest': {
      if (e.args.length === 0) checkArity(e, scope, 1, Number.POSITIVE_INFINITY);
      const text = lastStringArgument(e, scope);
      const fields = textFieldArguments(e, e.args.slice(0, -1), scope);
      if (e.name === 'search') return plain(matchTerms(tokensOf(fields, scope), text, 'search', scope).sql);
      if (fields.length <= 1) return plain(matchTerms(tokensOf(fields, scope), text, 'prefix', scope).sql);
      // suggest(a, b, "x") is suggest(a, "x") OR suggest(b, "x").
      const each = fields.map((f) => matchTerms(tokensOf([f], scope), text, 'prefix', scope).sql);
      return plain(`(${each.join(' OR ')})`);
    }
    case 'startswith': {
      checkArity(e, scope, 2, 2);
      const [v] = textFieldArguments(e, e.args.slice(0, 1), scope);
      const prefix = scope.params.text(lastStringArgument(e, scope));
      if (v!.multivalued)
        return plain(scope.dialect.anyListElement(v!.sql, (x) => scope.dialect.startsWith(x, prefix)));
      return plain(scope.dialect.startsWith(v!.sql, prefix));
    }
    default:
      return scope.fail('functionNotTextFilter', { name: e.name }, e);
  }
}
