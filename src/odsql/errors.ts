import { type DiagnosticCode, type DiagnosticMessage, englishMessage } from './messages';

export * from './messages';

/** The parameters that carry ODSQL, as error messages name them. */
export type Clause = 'select' | 'where' | 'group_by' | 'order_by' | 'refine' | 'exclude' | 'facet';

/**
 * A problem found in an ODSQL clause. `syntax` problems stop the parser; `semantic` ones come from
 * checking a parsed clause against a dataset schema and the function catalogue.
 */
export interface Diagnostic {
  readonly kind: 'syntax' | 'semantic';
  /** The detail in English, e.g. `Unknown field: x` or `unexpected ( at position 8` (the API's wording). */
  readonly message: string;
  /** What went wrong, stable across versions and languages (see messages.ts), and its parameters. */
  readonly code: DiagnosticCode;
  /** The parameters its template names (`name`, `position`, `type`…). */
  readonly params: Readonly<Record<string, string | number>>;
  /** Offsets in the clause text: [from, to). */
  readonly from: number;
  readonly to: number;
  /** What the parser would have accepted at `from` (syntax problems only). */
  readonly expected?: readonly string[];
  /** The clause text the offsets refer to. */
  readonly source: string;
  readonly clause?: Clause;
}

export function syntaxError(
  message: DiagnosticMessage,
  from: number,
  to: number,
  source: string,
  expected?: readonly string[],
): Diagnostic {
  const { code, params } = message;
  const text = englishMessage(message);
  return { kind: 'syntax', message: text, code, params, from, to, source, ...(expected ? { expected } : {}) };
}

export function semanticError(
  message: DiagnosticMessage,
  span: { from: number; to: number },
  source: string,
): Diagnostic {
  const { code, params } = message;
  return {
    kind: 'semantic',
    message: englishMessage(message),
    code,
    params,
    from: span.from,
    to: span.to,
    source,
  };
}

export function inClause(d: Diagnostic, clause: Clause): Diagnostic {
  return { ...d, clause };
}

const EXCERPT = 160;

/** The clause text for a message: whole when short, else the part around the problem. */
function excerpt(d: Diagnostic): string {
  const text = d.source;
  if (text.length <= EXCERPT) return text;
  const start = Math.max(0, d.from - EXCERPT / 2);
  const end = Math.min(text.length, start + EXCERPT);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/** The one-line detail of a diagnostic, without the clause list. */
export function describeDiagnostic(d: Diagnostic): string {
  if (d.kind === 'semantic') return d.message;
  const expected = d.expected && d.expected.length > 0 ? `, expected ${listExpected(d.expected)}` : '';
  return `${d.message} in ${excerpt(d)}${expected}`;
}

/** Literal tokens are quoted (`'and'`, `')'`); descriptions (`a field name`) are not. */
function showExpected(item: string): string {
  return /^(a|an|end) /.test(item) ? item : `'${item}'`;
}

function listExpected(expected: readonly string[]): string {
  const unique = [...new Set(expected)].map(showExpected);
  if (unique.length === 1) return unique[0]!;
  return `one of ${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`;
}

/**
 * The message of the 400 ODSQLError body, in the wording of the real service:
 * `ODSQL query is malformed: Unknown field: x. Clause(s) containing the error(s): select.`
 */
export function formatOdsqlMessage(diagnostics: readonly Diagnostic[]): string {
  const first = diagnostics[0];
  if (!first) return 'ODSQL query is malformed.';
  const clauses = [...new Set(diagnostics.filter((d) => d.kind === first.kind).map((d) => d.clause))].filter(
    (c): c is Clause => c !== undefined,
  );
  const prefix = first.kind === 'syntax' ? 'ODSQL syntax exception' : 'ODSQL query is malformed';
  const where = clauses.length > 0 ? ` Clause(s) containing the error(s): ${clauses.join(', ')}.` : '';
  const detail = describeDiagnostic(first);
  return `${prefix}: ${detail}${detail.endsWith('.') ? '' : '.'}${where}`;
}
