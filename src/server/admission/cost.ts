import type { CompiledSql } from '../../odsql';

/*
 * Cost estimate before a query runs, from what is known without running it: the number of records of
 * the tables it reads (the catalog's records_count) and the kind of work it does, both as the compiler
 * reports them (`CompiledSql.reads`): its SQL is never read back, so any engine's dialect is classed
 * alike. Text matching (the tokens of named fields computed for each record) is what turns a scan of
 * millions of rows into seconds; sorts, groups and filters on other fields take tens to hundreds of
 * milliseconds on millions of rows: they run in the scan lane, apart from pages of small tables and plain pages, which take a few milliseconds.
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

export class CostModel {
  constructor(
    private readonly settings: CostSettings,
    /** Records of a table, 0 when unknown (the catalog table, system views). */
    private readonly recordsOf: (table: string) => number,
  ) {}

  /** The most records any table of the query holds. */
  records(query: CompiledSql): number {
    return Math.max(0, ...query.reads.tables.map((t) => this.recordsOf(t)));
  }

  /** Estimated engine time of the query alone, in milliseconds (see SCAN_MS_PER_RECORD). */
  work(query: CompiledSql): number {
    const records = this.records(query);
    if (query.reads.matchesText) return Math.max(PLAIN_MS, records * TEXT_MATCH_MS_PER_RECORD);
    if (query.reads.scans) return Math.max(PLAIN_MS, records * SCAN_MS_PER_RECORD);
    return PLAIN_MS;
  }

  estimate(query: CompiledSql): Cost {
    if (this.records(query) <= this.settings.heavyRecords) return 'cheap';
    if (query.reads.matchesText) return 'heavy';
    // A plain page (no filter, sort or group) of a large table reads a few rows and stops.
    return query.reads.scans ? 'scan' : 'cheap';
  }
}
