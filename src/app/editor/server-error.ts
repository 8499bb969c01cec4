import { type Diagnostic, QUERY_CLAUSES, type QueryClause, type QueryText } from '../../odsql';

/** Where a server's 400 points in the query. */
export interface LocatedError {
  readonly clause: QueryClause;
  readonly from: number;
  readonly to: number;
  readonly message: string;
}

const CLAUSE_LIST = /\s*Clause\(s\) containing the error\(s\):\s*([\w\s,]+)\.?\s*$/;
const PREFIX = /^ODSQL (?:syntax exception|query is malformed):\s*/;

function isQueryClause(word: string): word is QueryClause {
  return (QUERY_CLAUSES as readonly string[]).includes(word);
}

/**
 * Maps the message of a 400 `ODSQLError` (`ODSQL query is malformed: Unknown field: x. Clause(s)
 * containing the error(s): where.`) back to a clause and a span. The local checker's finding in the
 * named clause wins, since it carries exact offsets; otherwise a `position N` in the message, a name the
 * message quotes, or the whole clause. Undefined when the message names no clause the user wrote.
 */
export function locateServerError(
  message: string,
  query: QueryText,
  local: readonly Diagnostic[],
): LocatedError | undefined {
  const list = CLAUSE_LIST.exec(message);
  const named = (list?.[1] ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(isQueryClause)
    .filter((c) => (query[c] ?? '').trim() !== '');
  const clause = named[0];
  if (!clause) return undefined;
  const detail = message.replace(CLAUSE_LIST, '').replace(PREFIX, '').replace(/\.$/, '');
  const text = query[clause] ?? '';
  const mine = local.find((d) => d.clause === clause);
  if (mine) return { clause, from: mine.from, to: Math.max(mine.to, mine.from), message: detail };
  const position = /at position (\d+)/.exec(detail);
  if (position) {
    const from = Math.min(Number(position[1]), text.length);
    return { clause, from, to: Math.min(from + 1, text.length), message: detail };
  }
  const name = /:\s*([A-Za-z_][\w.]*)\s*$/.exec(detail)?.[1];
  const at = name ? text.indexOf(name) : -1;
  if (name && at >= 0) return { clause, from: at, to: at + name.length, message: detail };
  return { clause, from: 0, to: text.length, message: detail };
}
