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

/*
 * Sort and group keys cost the engine memory however few the records: DuckDB holds about a megabyte per
 * key of a sorted grouping (measured: 10 keys 16 MB, 50 keys 48 MB, 100 keys 96 MB, on 344 records), and
 * requests share half the default memory limit (64 of 128 MB). Sorting the 3 million flights by 30 keys,
 * or grouping them by 40, is refused as a 503 even alone; with six such queries at once, 15 keys sometimes
 * are, 10 never were. A person sorts by a few keys, and 10 group keys are two date axes of analyze's five
 * parts (year to minute).
 */

/** Keys of `group_by`. */
export const MAX_GROUP_BY_ITEMS = 10;

/** Keys of `order_by` (only the first few ever decide an order, but the engine sorts on all of them). */
export const MAX_ORDER_BY_ITEMS = 10;

/**
 * Values of one list: an `IN (…)` list, the arguments of a call (`search(f1, f2, …, "text")`), the bounds
 * of `range(…)`, the patterns of `include(…)` and `exclude(…)`. More values than a person pastes into a
 * filter, and about what a search engine's boolean query takes by default (Elasticsearch's
 * `max_clause_count`, 1,024).
 */
export const MAX_LIST_ITEMS = 1000;
