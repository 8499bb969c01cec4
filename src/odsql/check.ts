/*
 * Checking a query without a database: the same parser and compiler the server runs, so an editor
 * and the server never disagree on what is wrong. The SQL the compiler produces is thrown away, but
 * the dialect still counts: an engine may refuse a construct (DialectUnsupported), so the caller says
 * which engine's dialect to check against (the editor's choice is editor-check.ts).
 */
import type { CompileOptions } from './compile/context';
import type { Dialect } from './compile/dialect';
import { compileRecordsQuery, type RecordsQuery } from './compile/query';
import { type Diagnostic, inClause } from './errors';
import { parseGroupBy, parseOrderBy, parseSelect, parseWhere } from './parser/clauses';
import type { ParseResult } from './parser/core';
import { QUERY_CLAUSES, type QueryClause, type QueryText } from './query-text';
import type { DatasetSchema } from './schema';

export { QUERY_CLAUSES, type QueryClause, type QueryText };

const PARSERS: Readonly<Record<QueryClause, (text: string) => ParseResult<unknown>>> = {
  where: parseWhere,
  select: parseSelect,
  group_by: parseGroupBy,
  order_by: parseOrderBy,
};

/** The table name is never run: a placeholder name serves. */
const UNUSED_TABLE = 'records';

function present(text: string | undefined): text is string {
  return text !== undefined && text.trim() !== '';
}

function toRecordsQuery(query: QueryText): RecordsQuery {
  return {
    table: UNUSED_TABLE,
    ...(present(query.where) ? { where: [query.where] } : {}),
    ...(present(query.select) ? { select: query.select } : {}),
    ...(present(query.group_by) ? { groupBy: query.group_by } : {}),
    ...(present(query.order_by) ? { orderBy: query.order_by } : {}),
    limit: 10,
  };
}

function compileDiagnostic(
  query: QueryText,
  schema: DatasetSchema,
  options: CompileOptions,
): Diagnostic | undefined {
  try {
    const result = compileRecordsQuery(toRecordsQuery(query), schema, options);
    return result.ok ? undefined : result.diagnostics[0];
  } catch {
    // A compiler fault is the server's to report; the editor shows nothing rather than crash.
    return undefined;
  }
}

/** The compile options that do not change which queries are wrong; a caller may still set them. */
const DEFAULT_OPTIONS: Omit<CompileOptions, 'dialect' | 'now'> = {
  version: '2.1',
  timezone: 'UTC',
  lang: 'en',
};

/**
 * Every problem of a query, each tagged with its clause: a syntax error per clause, then the
 * compiler's first semantic error for `where` (which stands alone) and for the other clauses
 * (which depend on one another: aggregates need `group_by`, `order_by` may name a `select` alias).
 */
export function checkQueryIn(
  dialect: Dialect,
  query: QueryText,
  schema: DatasetSchema,
  options: Partial<Omit<CompileOptions, 'dialect'>> = {},
): Diagnostic[] {
  const compileOptions: CompileOptions = { ...DEFAULT_OPTIONS, now: Date.now(), ...options, dialect };
  const diagnostics: Diagnostic[] = [];
  const broken = new Set<QueryClause>();
  for (const clause of QUERY_CLAUSES) {
    const text = query[clause];
    if (!present(text)) continue;
    const parsed = PARSERS[clause](text);
    if (!parsed.ok) {
      diagnostics.push(inClause(parsed.diagnostic, clause));
      broken.add(clause);
    }
  }
  let whereFails = false;
  if (present(query.where) && !broken.has('where')) {
    const d = compileDiagnostic({ where: query.where }, schema, compileOptions);
    if (d) diagnostics.push(inClause(d, 'where'));
    whereFails = d !== undefined;
  }
  const rest: readonly QueryClause[] = ['select', 'group_by', 'order_by'];
  if (rest.some((c) => present(query[c])) && !rest.some((c) => broken.has(c))) {
    const d = compileDiagnostic(
      { select: query.select, group_by: query.group_by, order_by: query.order_by },
      schema,
      compileOptions,
    );
    if (d?.clause) diagnostics.push(d);
  }
  if (!whereFails && !broken.has('where') && diagnostics.length === 0 && present(query.where)) {
    // Each part compiles alone; together they still may not (a where beside an aggregate select is fine,
    // but the whole is what the server runs).
    const d = compileDiagnostic(query, schema, compileOptions);
    if (d?.clause) diagnostics.push(d);
  }
  return diagnostics;
}
