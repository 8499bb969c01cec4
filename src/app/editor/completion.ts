import type { DatasetField } from '../../api';
import { quoteField } from '../../api';
import { FUNCTIONS, lex, type QueryClause, type Token } from '../../odsql';

/** One suggestion; `apply` is the text inserted in place of the word being typed. */
export interface ClauseCompletion {
  readonly label: string;
  readonly apply: string;
  readonly type: 'field' | 'function' | 'keyword';
  /** Field type or function signature. */
  readonly detail?: string;
  /** Field label or function documentation. */
  readonly info?: string;
}

export interface ClauseCompletions {
  /** The word being replaced: [from, to). */
  readonly from: number;
  readonly to: number;
  readonly options: readonly ClauseCompletion[];
}

/** What may follow a complete value (a field, a literal, a closing parenthesis), per clause. */
const AFTER_VALUE: Readonly<Record<QueryClause, readonly string[]>> = {
  where: ['and', 'or', 'not', 'like', 'in', 'is null', 'is not null'],
  select: ['as'],
  group_by: ['as'],
  order_by: ['asc', 'desc'],
};

/** Words that may start a value, besides fields and functions. */
const VALUE_WORDS: Readonly<Record<QueryClause, readonly string[]>> = {
  where: ['not', 'true', 'false', 'null'],
  select: ['include()', 'exclude()'],
  group_by: [],
  order_by: [],
};

/** Words after which a value is expected rather than an operator. */
const OPERATOR_WORDS: ReadonlySet<string> = new Set([
  'and',
  'or',
  'not',
  'like',
  'in',
  'is',
  'to',
  'by',
  'distinct',
]);

const isIdentChar = (c: string): boolean => /[A-Za-z0-9_]/.test(c);

type Position = 'value' | 'after-value' | 'none';

function positionAfter(prev: Token | undefined, spaceBefore: boolean): Position {
  if (!prev) return 'value';
  switch (prev.kind) {
    case 'punct':
      return prev.value === ')' || prev.value === ']' ? 'after-value' : 'value';
    case 'ident': {
      const lower = prev.value.toLowerCase();
      if (lower === 'as') return 'none'; // an alias is a new name
      if (OPERATOR_WORDS.has(lower)) return 'value';
      return spaceBefore ? 'after-value' : 'none';
    }
    case 'number':
      // `10km`: a unit, not a word to complete.
      return spaceBefore ? 'after-value' : 'none';
    default:
      return 'after-value';
  }
}

function fieldOptions(fields: readonly DatasetField[]): ClauseCompletion[] {
  return fields.map((f) => ({
    label: f.name,
    apply: quoteField(f.name),
    type: 'field',
    detail: f.type,
    ...(f.label && f.label !== f.name ? { info: f.label } : {}),
  }));
}

function functionOptions(clause: QueryClause): ClauseCompletion[] {
  return FUNCTIONS.filter((f) => f.clauses.includes(clause) && !f.replacedBy).map((f) => ({
    label: f.name,
    apply: `${f.name}(`,
    type: 'function',
    detail: f.signature,
    info: f.doc,
  }));
}

function keywordOptions(words: readonly string[]): ClauseCompletion[] {
  return words.map((w) => ({ label: w, apply: w, type: 'keyword' }));
}

/**
 * Suggestions at `pos` in a clause: fields (with type and label), the functions allowed in that
 * clause (with their signature) and keywords, chosen by what the lexer finds before the cursor.
 * Nothing is offered inside a string or a literal, or when nothing is typed and `explicit` is false.
 */
export function completeClause(
  text: string,
  pos: number,
  clause: QueryClause,
  fields: readonly DatasetField[],
  explicit: boolean,
): ClauseCompletions | null {
  let from = pos;
  while (from > 0 && isIdentChar(text[from - 1]!)) from--;
  // Nothing typed yet: only right after an opening bracket, where an argument is due.
  if (from === pos && !explicit && text[from - 1] !== '(') return null;
  const before = lex(text.slice(0, from));
  if (!before.ok) return null; // inside a string or after a stray character
  const tokens = before.tokens;
  const prev = tokens[tokens.length - 2];
  const word = text.slice(from, pos);
  if (/^\d/.test(word)) return null;
  const spaceBefore = from > 0 && /\s/.test(text[from - 1]!);
  const position = positionAfter(prev, spaceBefore || from === pos);
  if (position === 'none') return null;
  const options =
    position === 'value'
      ? [...fieldOptions(fields), ...functionOptions(clause), ...keywordOptions(VALUE_WORDS[clause])]
      : keywordOptions(AFTER_VALUE[clause]);
  // A word typed in full needs no popup, so that Enter runs the query instead of accepting it.
  const lower = word.toLowerCase();
  if (!explicit && options.some((o) => o.label.toLowerCase() === lower)) return null;
  return { from, to: pos, options };
}
