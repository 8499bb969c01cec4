/** The clauses a user writes by hand, as the interface names its parameters. Kept apart from the checker so an
 * app can hold query text without loading the parser and compiler. */
export const QUERY_CLAUSES = ['where', 'select', 'group_by', 'order_by'] as const;
export type QueryClause = (typeof QUERY_CLAUSES)[number];

/** The text of each clause; an empty or missing clause is left out of the query. */
export type QueryText = Readonly<Partial<Record<QueryClause, string>>>;
