import type { DatasetRecord, RecordsResponse } from '../../api';
import { REACHABLE_RECORDS, RECORDS_PAGE_SIZE } from '../routes/dataset-search';
import { afterClause, type Clause, type KeyValue, recordTuple, type SortKey } from './keyset';
import { type Anchor, type SeekProbe, seekAnchor } from './seek';

/*
 * The rows of the records table, loaded a page of 100 at a time wherever the reader is, at any depth.
 * A page inside the API's window (offset + limit < 10,000) is asked by offset. Deeper, with an order the
 * keys can page (keyset.ts), a page is asked from an anchor, a boundary between records whose number of
 * records before it is known, at the offset that remains: the end of a loaded page is one (the records
 * after its last record), and the seek finds one by counting when none is near (seek.ts). Record numbers
 * are therefore exact at every depth.
 */

/** How the table asks the portal: the selection's records from a boundary on, in the table's order. */
export interface RowsPortal {
  /** A page: the records matching `clause` (within the selection), from `offset`. */
  page(clause: Clause, offset: number, limit: number, signal: AbortSignal): Promise<RecordsResponse>;
  /** The number of records of the selection matching `clause`. */
  count(clause: Clause, signal: AbortSignal): Promise<number>;
  /** The first value of a key, in its direction, among the records matching `clause`. */
  firstValue(clause: Clause, key: SortKey, signal: AbortSignal): Promise<KeyValue | undefined>;
}

/** Offset + limit must stay below the window: a page's end, at most. */
const WINDOW_END = REACHABLE_RECORDS;

export type PageState = 'loading' | 'failed' | undefined;

export class RecordRows {
  /** Rows the table holds: every record of the selection, or those of the API's window. */
  readonly count: number;
  private readonly pages = new Map<number, readonly DatasetRecord[]>();
  private readonly failures = new Map<number, unknown>();
  private readonly loading = new Set<number>();
  private readonly anchors: Anchor[] = [{ clause: true, count: 0 }];
  private readonly listeners = new Set<() => void>();
  private readonly abort = new AbortController();
  private wanted: readonly number[] = [];
  private seeking: Promise<void> | undefined;
  private version = 0;

  constructor(
    private readonly portal: RowsPortal,
    first: RecordsResponse,
    /** The order's keys, record id last; undefined: the table reaches the API's window only. */
    private readonly keys: readonly SortKey[] | undefined,
  ) {
    const total = first.total_count ?? first.results.length;
    this.count = keys ? total : Math.min(total, WINDOW_END);
    this.store(0, first.results);
  }

  /** The total the table was given, whatever part of it it reaches. */
  get reachesAll(): boolean {
    return this.keys !== undefined;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): number => this.version;

  record(index: number): DatasetRecord | undefined {
    return this.pages.get(Math.floor(index / RECORDS_PAGE_SIZE))?.[index % RECORDS_PAGE_SIZE];
  }

  /** Whether the page of a row is loading, failed, or neither (loaded or not asked yet). */
  state(index: number): PageState {
    const page = Math.floor(index / RECORDS_PAGE_SIZE);
    return this.failures.has(page) ? 'failed' : this.loading.has(page) ? 'loading' : undefined;
  }

  /** The first failure among the pages asked, for the table to show. */
  get failure(): unknown {
    return this.failures.values().next().value;
  }

  /** The rows loaded from the first one without a gap (the map beside the table draws them). */
  leadingRows(): readonly DatasetRecord[] {
    const rows: DatasetRecord[] = [];
    for (let page = 0; this.pages.has(page); page++) rows.push(...this.pages.get(page)!);
    return rows;
  }

  /** The row of a record id among the loaded ones. */
  indexOf(id: string): number {
    for (const [page, rows] of this.pages) {
      const i = rows.findIndex((r) => r._id === id);
      if (i >= 0) return page * RECORDS_PAGE_SIZE + i;
    }
    return -1;
  }

  /** The rows in view (or about to be): their pages are loaded, nearest first. */
  want(from: number, to: number): void {
    const first = Math.max(0, Math.floor(from / RECORDS_PAGE_SIZE));
    const last = Math.min(Math.ceil(this.count / RECORDS_PAGE_SIZE) - 1, Math.floor(to / RECORDS_PAGE_SIZE));
    const pages: number[] = [];
    for (let p = first; p <= last; p++) if (!this.pages.has(p) && !this.failures.has(p)) pages.push(p);
    this.wanted = pages;
    this.pump();
  }

  /** Asks again for the pages that failed. */
  retry(): void {
    this.failures.clear();
    this.changed();
  }

  dispose(): void {
    this.abort.abort();
    this.listeners.clear();
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  private store(page: number, rows: readonly DatasetRecord[]): void {
    this.pages.set(page, rows);
    const last = rows.at(-1);
    const tuple = last && this.keys ? recordTuple(last, this.keys) : undefined;
    if (tuple && this.keys)
      this.addAnchor({
        clause: afterClause(this.keys, tuple),
        count: page * RECORDS_PAGE_SIZE + rows.length,
      });
  }

  private addAnchor(anchor: Anchor): void {
    this.anchors.push(anchor);
    this.anchors.sort((a, b) => a.count - b.count);
  }

  /** Where page `page` is asked from: an anchor and an offset within the window, if one is near. */
  private plan(page: number): { readonly clause: Clause; readonly offset: number } | undefined {
    const start = page * RECORDS_PAGE_SIZE;
    const limit = this.limitOf(page);
    let best: Anchor | undefined;
    for (const anchor of this.anchors) if (anchor.count <= start) best = anchor;
    if (!best || start - best.count + limit > WINDOW_END) return undefined;
    return { clause: best.clause, offset: start - best.count };
  }

  private limitOf(page: number): number {
    return Math.min(RECORDS_PAGE_SIZE, this.count - page * RECORDS_PAGE_SIZE);
  }

  /** Two pages at once at most; a page without a near anchor waits for a seek, one at a time. */
  private pump(): void {
    for (const page of this.wanted) {
      if (this.loading.size >= 2) return;
      if (this.loading.has(page) || this.pages.has(page) || this.failures.has(page)) continue;
      const plan = this.plan(page);
      if (plan) {
        void this.load(page, plan);
      } else if (this.keys && !this.seeking) {
        this.seeking = this.seek(page).finally(() => {
          this.seeking = undefined;
          this.pump();
        });
      }
    }
  }

  private async seek(page: number): Promise<void> {
    const keys = this.keys!;
    const signal = this.abort.signal;
    const probe: SeekProbe = {
      count: (clause) => this.portal.count(clause, signal),
      firstValue: (clause, key) => this.portal.firstValue(clause, key, signal),
    };
    this.loading.add(page);
    this.changed();
    try {
      const reach = WINDOW_END - this.limitOf(page);
      this.addAnchor(await seekAnchor(keys, page * RECORDS_PAGE_SIZE, reach, probe));
    } catch (error) {
      if (!signal.aborted) this.failures.set(page, error);
    } finally {
      this.loading.delete(page);
      this.changed();
    }
  }

  private async load(
    page: number,
    plan: { readonly clause: Clause; readonly offset: number },
  ): Promise<void> {
    const signal = this.abort.signal;
    this.loading.add(page);
    this.changed();
    try {
      const response = await this.portal.page(plan.clause, plan.offset, this.limitOf(page), signal);
      this.store(page, response.results);
    } catch (error) {
      if (!signal.aborted) this.failures.set(page, error);
    } finally {
      this.loading.delete(page);
      if (!signal.aborted) {
        this.changed();
        this.pump();
      }
    }
  }
}
