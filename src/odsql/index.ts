export * from './ast';
export { checkQueryIn } from './check';
export { type ApiVersion, type CompileOptions, ParamList } from './compile/context';
export type { Dialect } from './compile/dialect';
export { clickhouseDialect } from './compile/dialects/clickhouse';
/** The ClickHouse dialect's test of fuzzy search() terms, checked on its own against a reference distance. */
export { levenshteinAtMost } from './compile/dialects/clickhouse-fuzzy';
/** The ClickHouse dialect's texts of dates and instants, for the values the server renders (raw exports). */
export { dateText, isoDatetime, isoUtcMillis } from './compile/dialects/clickhouse-instant-texts';
export { duckdbDialect } from './compile/dialects/duckdb';
export { duckdbExportSql } from './compile/dialects/duckdb-exports';
export type {
  Bind,
  ExportCellColumn,
  ExportedQuery,
  ExportRowColumn,
  ExportSql,
  RowRefs,
} from './compile/export-sql';
export type { CalendarDay, FacetFilterInput, FacetMatch, FilterFacet } from './compile/facet-filters';
export {
  type CompiledQuery,
  type CompileResult,
  compileRecordsQuery,
  type OutputColumn,
  type RecordsQuery,
} from './compile/query';
export { type CompiledSql, engineWritable, type QueryReads } from './compile/query-types';
export type { RawRecords, RawValueKind } from './compile/raw-records';
export { sortRangesQuery, withSortRangesRow } from './compile/sort-ranges';
export { compactParams, type SqlParam, type SqlQuery } from './compile/sql';
// A technical field a query may name (the storage layout itself is src/layout's).
export { technicalField } from './compile/storage';
export { checkQuery, QUERY_CLAUSES, type QueryClause, type QueryText } from './editor-check';
export * from './errors';
export * from './functions';
export { bboxPolygon, geometryBbox } from './geo/bbox';
export { convexHull } from './geo/hull';
export { normalizeGeometry } from './geo/normalize';
export type { Geometry, Position } from './geo/types';
export { parseWkt } from './geo/wkt';
export * from './limits';
export { parseGroupBy, parseOrderBy, parseSelect, parseWhere } from './parser/clauses';
export type { ParseResult } from './parser/core';
export { FACET_SORTS, type FacetRequest, type FacetSortMode, parseFacet } from './parser/facet';
export { type FacetFilter, parseFacetFilter } from './parser/refine';
export * from './print';
export * from './schema';
export { civilFromDays, daysInMonth } from './time/calendar';
export { isLang, LANGS, type Lang } from './time/date-format';
export { parseDateLiteral } from './time/date-literal';
export { zoneOffsets } from './time/transitions';
export { isValidTimezone, offsetAt, wallClock } from './time/zones';
export { lex, type Token, type TokenKind } from './tokens';
export {
  MAX_Q_LENGTH,
  parseCircle,
  parsePolygon,
  V1QueryError,
  v1QueryWhere,
  withinDistance,
  withinPolygon,
} from './v1q';
export * from './vocabulary';
