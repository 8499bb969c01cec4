import type { CompiledSql } from '../../odsql';
import type { Catalog } from '../catalog/registry';
import type { Dataset } from '../catalog/types';
import type { Engine, Lane, QueryOptions, QueueOrder, Row } from '../engine/types';
import { ApiError } from '../errors';
import { type Cost, CostModel } from './cost';
import { ResultCache } from './results';
import { deferralOf, type Workload } from './workload';

/*
 * Admission: which lane a request's queries run in, and how much heavy work one client may have in
 * flight. A client over its own limit is refused at once (429): its other requests are still running,
 * and queueing more of them would only hold connections others wait for. A lane whose queue does not
 * move within the queue wait answers 503 (the engine's `EngineBusyError`): the server is saturated.
 * Queries of datasets' records go through the result cache (results.ts) first: an answer already known,
 * or being computed for another request, costs no engine work and counts against no limit.
 */

export interface AdmissionSettings {
  /** Tables of more records than this are large (see cost.ts). */
  readonly heavyRecords: number;
  /** Requests running heavy queries one client may have in flight. */
  readonly heavyPerClient: number;
  /** Requests running scan-lane queries (filters, sorts, groups over large tables) one client may have in flight. */
  readonly scanPerClient: number;
  /** Byte budget of the result cache (0: no cache; identical queries in flight are still shared). */
  readonly resultCacheBytes: number;
  /** Large exports one client may have in flight. */
  readonly exportsPerClient: number;
  /** Exports of at most this many records run in the cheap lane. */
  readonly smallExportRecords: number;
  /** Longest a query waits for a connection of its lane (then 503). */
  readonly queueWaitMs: number;
}

/** What `Retry-After` says: a client over its limit waits for one of its requests to end. */
export const RETRY_AFTER_LIMIT_S = 5;
/** …and on a saturated server, about one queue wait. */
export const RETRY_AFTER_BUSY_S = 10;

/** A per-client count of work in flight, with a limit. */
class PerClient {
  private readonly counts = new Map<string, number>();
  constructor(readonly limit: number) {}
  take(client: string): boolean {
    const n = this.counts.get(client) ?? 0;
    if (n >= this.limit) return false;
    this.counts.set(client, n + 1);
    return true;
  }
  give(client: string): void {
    const n = (this.counts.get(client) ?? 0) - 1;
    if (n <= 0) this.counts.delete(client);
    else this.counts.set(client, n);
  }
  count(client: string): number {
    return this.counts.get(client) ?? 0;
  }
}

/** The tables of the catalog's datasets, found again only when the list changed. */
function datasetsByTable(
  catalog: Pick<Catalog, 'list' | 'datasetOfTable'>,
): (table: string) => Dataset | undefined {
  if (catalog.datasetOfTable) return (table) => catalog.datasetOfTable?.(table);
  let list: readonly Dataset[] | undefined;
  let byTable = new Map<string, Dataset>();
  return (table) => {
    const current = catalog.list();
    if (current !== list) {
      list = current;
      byTable = new Map(current.map((d) => [d.table, d]));
    }
    return byTable.get(table);
  };
}

export class Admission {
  readonly cost: CostModel;
  readonly results: ResultCache;
  private readonly heavy: PerClient;
  private readonly scan: PerClient;
  private readonly exports: PerClient;

  constructor(
    readonly settings: AdmissionSettings,
    catalog: Pick<Catalog, 'list' | 'datasetOfTable'>,
  ) {
    const datasetOf = datasetsByTable(catalog);
    this.cost = new CostModel(settings, (table) => datasetOf(table)?.metas.default.records_count ?? 0);
    this.results = new ResultCache(settings.resultCacheBytes, datasetOf);
    this.heavy = new PerClient(settings.heavyPerClient);
    this.scan = new PerClient(settings.scanPerClient);
    this.exports = new PerClient(settings.exportsPerClient);
  }

  /**
   * Opens the admission of one request; `release` once its answer is sent or abandoned. `access` names
   * what the caller may read (its API key, empty when anonymous): cached answers are shared within it.
   */
  open(client: string, access = '', workload: Workload = 'interactive'): RequestAdmission {
    return new RequestAdmission(this, client, access, workload);
  }

  /** Heavy and scan requests and large exports a client has in flight (tests, the bench). */
  inFlight(client: string): { heavy: number; scan: number; exports: number } {
    return {
      heavy: this.heavy.count(client),
      scan: this.scan.count(client),
      exports: this.exports.count(client),
    };
  }

  /** @internal */
  takeHeavy(client: string): void {
    if (!this.heavy.take(client)) {
      throw new ApiError(
        'TooManyRequests',
        `Too many expensive queries at once: this client already has ${this.heavy.limit} running. Wait for one to finish, or narrow the query.`,
        RETRY_AFTER_LIMIT_S,
      );
    }
  }
  /** @internal */
  giveHeavy(client: string): void {
    this.heavy.give(client);
  }
  /** @internal */
  takeScan(client: string): void {
    if (!this.scan.take(client)) {
      throw new ApiError(
        'TooManyRequests',
        `Too many queries over large datasets at once: this client already has ${this.scan.limit} running. Wait for one to finish.`,
        RETRY_AFTER_LIMIT_S,
      );
    }
  }
  /** @internal */
  giveScan(client: string): void {
    this.scan.give(client);
  }
  /** @internal */
  takeExport(client: string): void {
    if (!this.exports.take(client)) {
      throw new ApiError(
        'TooManyRequests',
        `Too many large exports at once: this client already has ${this.exports.limit} downloading. Wait for one to finish.`,
        RETRY_AFTER_LIMIT_S,
      );
    }
  }
  /** @internal */
  giveExport(client: string): void {
    this.exports.give(client);
  }
}

/** The admission of one request: the lanes of its queries, and the per-client tokens it holds. */
export class RequestAdmission {
  private heldHeavy = false;
  private heldScan = false;
  private heldExport = false;
  private released = false;

  constructor(
    private readonly admission: Admission,
    readonly client: string,
    readonly access: string,
    readonly workload: Workload,
  ) {}

  /**
   * Runs one of the request's queries for its rows: answered from the result cache or a run in flight
   * when possible, else run in its lane, in its place among waiting queries (admission limits apply).
   */
  rows(engine: Engine, query: CompiledSql, signal: AbortSignal): Promise<Row[]> {
    const key = this.admission.results.keyOf(query, this.access, engine.generation?.());
    if (key === undefined) return engine.rows(query, this.queryOptions(query, signal));
    return this.admission.results.rows(key, signal, (shared) =>
      engine.rows(query, this.queryOptions(query, shared)),
    );
  }

  /** How one of the request's queries runs; throws 429 when the client is at a limit. */
  queryOptions(query: CompiledSql, signal: AbortSignal): QueryOptions {
    return {
      signal,
      lane: this.laneFor(query),
      client: this.client,
      waitMs: this.waitMs,
      order: this.orderFor(query),
    };
  }

  /** The query's place among those waiting for a connection: its estimated work and class. */
  orderFor(query: CompiledSql): QueueOrder {
    return { work: this.admission.cost.work(query), deferral: deferralOf(this.workload) };
  }

  /**
   * The lane of one of the request's queries; throws 429 when it is heavy or a scan and the client is at
   * its limit of such requests.
   */
  laneFor(query: CompiledSql): Lane {
    const cost: Cost = this.admission.cost.estimate(query);
    if (cost === 'scan') this.holdScan();
    if (cost === 'heavy') this.holdHeavy();
    return cost;
  }

  /**
   * The lane of an export: small ones (at most `smallExportRecords`, by limit or dataset size) run as
   * cheap queries, so they never queue behind large downloads; others take the export lane.
   */
  exportLane(query: CompiledSql, limit: number | undefined): Lane {
    const records = this.admission.cost.records(query);
    const rows = limit === undefined || limit < 0 ? records : Math.min(limit, records);
    // Text matching counts as heavy work of the client, whatever the size of the file.
    const cost = this.admission.cost.estimate(query);
    if (cost === 'heavy') this.holdHeavy();
    if (rows <= this.admission.settings.smallExportRecords) return cost;
    if (!this.heldExport && !this.released) {
      this.admission.takeExport(this.client);
      this.heldExport = true;
    }
    return 'export';
  }

  /** Longest wait for a connection (see AdmissionSettings.queueWaitMs). */
  get waitMs(): number {
    return this.admission.settings.queueWaitMs;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    if (this.heldHeavy) this.admission.giveHeavy(this.client);
    if (this.heldScan) this.admission.giveScan(this.client);
    if (this.heldExport) this.admission.giveExport(this.client);
  }

  private holdScan(): void {
    if (this.heldScan || this.released) return;
    this.admission.takeScan(this.client);
    this.heldScan = true;
  }

  private holdHeavy(): void {
    if (this.heldHeavy || this.released) return;
    this.admission.takeHeavy(this.client);
    this.heldHeavy = true;
  }
}
