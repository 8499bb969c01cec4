import type { Clause, Diagnostic } from '../errors';
import type { Column, OutputColumn } from './columns';
import type { ParamList, Scope } from './context';
import type { FacetFilterInput, FacetMatch } from './facet-filters';
import type { RawRecords } from './raw-records';
import type { SqlQuery } from './sql';

/** The ODSQL parameters of a records (or catalog) query, as received, and the request's other filters. */
export interface RecordsQuery {
  /** Table holding the records (trusted: chosen by the server, never by a request). */
  readonly table: string;
  readonly select?: string;
  /** Several `where` parameters are AND-ed. */
  readonly where?: readonly string[];
  readonly groupBy?: string;
  readonly orderBy?: string;
  /** Undefined: no limit (exports). */
  readonly limit?: number;
  readonly offset?: number;
  /** The request's refine and exclude, checked against its facets. */
  readonly filters?: readonly FacetFilterInput[];
  /** Only records with a value in this field (a facet counting its values). */
  readonly withValueIn?: string;
  /** Only records having one of these facet values at least. */
  readonly anyOf?: readonly FacetMatch[];
  /** Only the record with this id. */
  readonly recordId?: string;
}

/**
 * What one compiled statement reads and how it works, for the server's admission: it classes and
 * shares queries by this, never by reading their SQL back (admission/cost.ts, results.ts).
 */
export interface QueryReads {
  /** The tables it reads, as the server named them (`RecordsQuery.table`). */
  readonly tables: readonly string[];
  /** It filters (positions included), sorts or groups: it reads more than the first rows of a table. */
  readonly scans: boolean;
  /**
   * It matches text computed for each record: the tokens of named fields (`search(f, …)`, `suggest`,
   * `like`), not the search column written at ingestion.
   */
  readonly matchesText: boolean;
}

/** A compiled statement: its SQL and bound values, and what it reads. */
export interface CompiledSql extends SqlQuery {
  readonly reads: QueryReads;
}

/**
 * A compiled query. `page` yields one JSON text (or null) per output column; for `records` three more
 * columns follow: the record id, its timestamp (ISO, UTC) and its size. `count` yields total_count.
 */
export interface CompiledQuery {
  readonly kind: 'records' | 'aggregate' | 'groups';
  readonly page: CompiledSql;
  /** total_count: a number when known without a query (no filter), else the query counting it. */
  readonly count?: CompiledSql | number;
  readonly columns: readonly OutputColumn[];
  /** The records' values before rendering, where the dialect leaves rendering to the server (exports). */
  readonly raw?: RawRecords;
  /** Cheaper forms of a filtered records page to try first, on an engine that scans in no order. */
  readonly probes?: PageProbes;
}

/**
 * A page in source order read among the first positions only, in spans growing by 16: a span holding
 * the page's `rows` records holds the page (no later record comes before them), so that answer is the
 * page; otherwise the next span, then `page`. An engine that cannot stop a scan in source order (a
 * Distributed table) then sorts the matches of a few thousand records, not of all.
 */
export interface PageProbes {
  readonly rows: number;
  readonly pages: readonly CompiledSql[];
}

export type CompileResult = { ok: true; query: CompiledQuery } | { ok: false; diagnostics: Diagnostic[] };

/** What the group_by compiler needs of the query being compiled (QueryCompiler provides it). */
export interface QueryParts {
  readonly query: RecordsQuery;
  readonly params: ParamList;
  scope(clause: Clause, source: string): Scope;
  /** The JSON value of an output column read from a column of a subquery. */
  json(c: Column, ref: string): string;
  limitSql(): string;
  /** A statement of the query: its SQL with the values it uses, and what it reads (`scans`: see QueryReads). */
  statement(sql: string, scans: boolean): CompiledSql;
}

/**
 * Whether the engine can write the file alone: not when a column is finished in JavaScript after the
 * query (the envelope and bbox aggregations).
 */
export function engineWritable(compiled: CompiledQuery): boolean {
  return compiled.columns.every((c) => c.post === undefined);
}
