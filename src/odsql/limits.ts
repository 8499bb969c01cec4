/*
 * Bounds on the shape of one ODSQL clause. A query is refused by the parser, with a diagnostic naming the
 * bound, before it reaches the compiler or an engine: an engine given 25,000 sort keys or group keys works
 * for half a minute and runs out of memory (a retryable 503), where the request deserves an immediate 400.
 *
 * Neither the Explore API's specification nor the language reference documents such bounds, so they are
 * chosen well above what a person or a widget writes, and low enough that a query at every bound at once
 * stays cheap to parse, to compile and to plan. The server applies the same numbers to the parameters that
 * become these clauses (v1 `sort`, `fields`, analyze axes; see src/server/http/limits.ts).
 */

/** Characters of one clause; longer input is refused before it is read. */
export const MAX_QUERY_LENGTH = 100_000;

/** Nesting of parentheses, NOT, signs and calls, so that hostile input cannot exhaust the stack. */
export const MAX_DEPTH = 128;

/**
 * Binary operators (AND, OR, + - * /) of one clause. Chains of them build left-deep trees that every
 * later pass walks recursively, so their number is bounded like nesting is.
 */
export const MAX_OPERATORS = 1000;

/**
 * Items of `select`. A dataset rarely has more than a few hundred fields, and `*` or `include(…)` names
 * them all in one item; 500 expressions is a wide table already.
 */
export const MAX_SELECT_ITEMS = 500;

/** Keys of `group_by`: each multiplies the groups; past a handful the result is the records themselves. */
export const MAX_GROUP_BY_ITEMS = 100;

/** Keys of `order_by`: only the first few ever decide an order; the engine sorts on all of them. */
export const MAX_ORDER_BY_ITEMS = 100;

/**
 * Values of one list: an `IN (…)` list, the arguments of a call (`search(f1, f2, …, "text")`), the bounds
 * of `range(…)`, the patterns of `include(…)` and `exclude(…)`. More values than a person pastes into a
 * filter, and about what a search engine's boolean query takes by default (Elasticsearch's
 * `max_clause_count`, 1,024).
 */
export const MAX_LIST_ITEMS = 1000;
