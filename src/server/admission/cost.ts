import type { SqlQuery } from '../../odsql/compile/sql';

/*
 * Cost estimate before a query runs, from what is known without running it: the number of records of
 * the tables it reads (the catalog's records_count) and the kind of work its SQL asks for. Compiled SQL
 * holds no user value (values are bound parameters), so its text names the work, not the data. Text
 * matching (LIKE, regular expressions) is what turns a scan of millions of rows into seconds; sorts,
 * groups and filters on other fields take tens of milliseconds on millions of rows and stay cheap.
 * What the estimate misses, the server learns: a query shape (its SQL text) seen running longer than the
 * heavy threshold is heavy from then on.
 */

export type Cost = 'cheap' | 'heavy';

export interface CostSettings {
  /** Tables of more records than this are large. */
  readonly heavyRecords: number;
  /** A query shape that ran this long once is heavy afterwards. */
  readonly heavyQueryMs: number;
}

/** Text matching over every row: LIKE, ILIKE, GLOB, SIMILAR TO, regular expressions. */
const TEXT_MATCH = /\b(?:I?LIKE|GLOB|SIMILAR\s+TO|regexp_\w+)\b|~~/i;
/** Tables a compiled query reads: quoted identifiers after FROM or JOIN. */
const TABLE_REF = /\b(?:FROM|JOIN)\s+("(?:[^"]|"")+")/gi;

/** The table names a SQL text reads from (unquoted). */
export function tablesOf(sql: string): string[] {
  return [...sql.matchAll(TABLE_REF)].map((m) => m[1]!.slice(1, -1).replaceAll('""', '"'));
}

/** How many query shapes the slow-shape memory keeps (least recently seen first out). */
const REMEMBERED_SHAPES = 512;

export class CostModel {
  private readonly slowShapes = new Map<string, true>();

  constructor(
    private readonly settings: CostSettings,
    /** Records of a table, 0 when unknown (the catalog table, system views). */
    private readonly recordsOf: (table: string) => number,
  ) {}

  /** The most records any table of the query holds. */
  records(query: SqlQuery): number {
    return Math.max(0, ...tablesOf(query.sql).map((t) => this.recordsOf(t)));
  }

  estimate(query: SqlQuery): Cost {
    if (this.slowShapes.has(query.sql)) return 'heavy';
    return this.records(query) > this.settings.heavyRecords && TEXT_MATCH.test(query.sql) ? 'heavy' : 'cheap';
  }

  /** Learns from a query that ran: a slow shape is heavy next time. */
  observe(query: SqlQuery, elapsedMs: number): void {
    if (elapsedMs < this.settings.heavyQueryMs) return;
    this.slowShapes.delete(query.sql);
    this.slowShapes.set(query.sql, true);
    if (this.slowShapes.size > REMEMBERED_SHAPES) {
      const oldest = this.slowShapes.keys().next().value as string;
      this.slowShapes.delete(oldest);
    }
  }
}
