import type { SqlQuery } from '../../odsql';

/*
 * Cost estimate before a query runs, from what is known without running it: the number of records of
 * the tables it reads (the catalog's records_count) and the kind of work its SQL asks for. Compiled SQL
 * holds no user value (values are bound parameters), so its text names the work, not the data. Text
 * matching (LIKE, regular expressions) is what turns a scan of millions of rows into seconds; sorts,
 * groups and filters on other fields take tens to hundreds of milliseconds on millions of rows: they
 * run in the scan lane, apart from pages of small tables and plain pages, which take a few milliseconds.
 * (Learning from running times was tried and dropped: on a loaded machine every query runs long, and
 * ordinary queries were then refused as heavy.)
 */

export type Cost = 'cheap' | 'scan' | 'heavy';

/**
 * Rough engine time of a scan, and of text matching, per record (ms): grouping or filtering 3M records
 * takes about 150 ms, matching text over them about 1.5 s. Only the order of magnitude matters: the
 * estimate orders waiting queries (engine/lanes.ts), shortest first.
 */
const SCAN_MS_PER_RECORD = 1 / 20_000;
const TEXT_MATCH_MS_PER_RECORD = 1 / 2_000;
/** A page that reads a few rows and stops. */
const PLAIN_MS = 1;

export interface CostSettings {
  /** Tables of more records than this are large. */
  readonly heavyRecords: number;
}

/** Work over every row of the table: a filter, a sort, a group (facets, aggregations). */
const SCAN = /\b(?:WHERE|GROUP\s+BY|ORDER\s+BY)\b/i;
/** Text matching over every row: LIKE, ILIKE, GLOB, SIMILAR TO, regular expressions. */
const TEXT_MATCH = /\b(?:I?LIKE|GLOB|SIMILAR\s+TO|regexp_\w+)\b|~~/i;
/** Tables a compiled query reads: quoted identifiers after FROM or JOIN. */
const TABLE_REF = /\b(?:FROM|JOIN)\s+("(?:[^"]|"")+")/gi;

/** The table names a SQL text reads from (unquoted). */
export function tablesOf(sql: string): string[] {
  return [...sql.matchAll(TABLE_REF)].map((m) => m[1]!.slice(1, -1).replaceAll('""', '"'));
}

export class CostModel {
  constructor(
    private readonly settings: CostSettings,
    /** Records of a table, 0 when unknown (the catalog table, system views). */
    private readonly recordsOf: (table: string) => number,
  ) {}

  /** The most records any table of the query holds. */
  records(query: SqlQuery): number {
    return Math.max(0, ...tablesOf(query.sql).map((t) => this.recordsOf(t)));
  }

  /** Estimated engine time of the query alone, in milliseconds (see SCAN_MS_PER_RECORD). */
  work(query: SqlQuery): number {
    const records = this.records(query);
    if (TEXT_MATCH.test(query.sql)) return Math.max(PLAIN_MS, records * TEXT_MATCH_MS_PER_RECORD);
    if (SCAN.test(query.sql)) return Math.max(PLAIN_MS, records * SCAN_MS_PER_RECORD);
    return PLAIN_MS;
  }

  estimate(query: SqlQuery): Cost {
    if (this.records(query) <= this.settings.heavyRecords) return 'cheap';
    if (TEXT_MATCH.test(query.sql)) return 'heavy';
    // A plain page (no filter, sort or group) of a large table reads a few rows and stops.
    return SCAN.test(query.sql) ? 'scan' : 'cheap';
  }
}
