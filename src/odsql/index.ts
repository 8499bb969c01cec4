export * from './ast';
export { checkQuery, QUERY_CLAUSES, type QueryClause, type QueryText } from './check';
export { type ApiVersion, type CompileOptions, ParamList } from './compile/context';
export { setupStatements } from './compile/dialect';
export {
  type CompiledQuery,
  type CompileResult,
  compileRecordsQuery,
  type OutputColumn,
  type RecordsQuery,
} from './compile/query';
export type { SqlParam, SqlQuery } from './compile/sql';
export * from './errors';
export * from './functions';
export { parseGroupBy, parseOrderBy, parseSelect, parseWhere } from './parser/clauses';
export type { ParseResult } from './parser/core';
export { FACET_SORTS, type FacetRequest, type FacetSortMode, parseFacet } from './parser/facet';
export { type FacetFilter, parseFacetFilter } from './parser/refine';
export * from './print';
export * from './schema';
export { lex, type Token, type TokenKind } from './tokens';
export * from './vocabulary';
