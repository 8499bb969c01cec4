import type { SqlQuery } from '../../odsql';
import type { Catalog } from '../catalog/registry';
import type { Lane } from '../engine/types';
import { ApiError } from '../errors';
import { type Cost, CostModel } from './cost';

/*
 * Admission: which lane a request's queries run in, and how much heavy work one client may have in
 * flight. A client over its own limit is refused at once (429): its other requests are still running,
 * and queueing more of them would only hold connections others wait for. A lane whose queue does not
 * move within the queue wait answers 503 (the engine's `EngineBusyError`): the server is saturated.
 */

export interface AdmissionSettings {
  /** Tables of more records than this are large (see cost.ts). */
  readonly heavyRecords: number;
  /** Requests running heavy queries one client may have in flight. */
  readonly heavyPerClient: number;
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

export class Admission {
  readonly cost: CostModel;
  private readonly heavy: PerClient;
  private readonly exports: PerClient;

  constructor(
    readonly settings: AdmissionSettings,
    catalog: Pick<Catalog, 'list'>,
  ) {
    this.cost = new CostModel(settings, (table) => {
      const ds = catalog.list().find((d) => d.table === table);
      return ds?.metas.default.records_count ?? 0;
    });
    this.heavy = new PerClient(settings.heavyPerClient);
    this.exports = new PerClient(settings.exportsPerClient);
  }

  /** Opens the admission of one request; `release` once its answer is sent or abandoned. */
  open(client: string): RequestAdmission {
    return new RequestAdmission(this, client);
  }

  /** Heavy requests and large exports a client has in flight (tests, the bench). */
  inFlight(client: string): { heavy: number; exports: number } {
    return { heavy: this.heavy.count(client), exports: this.exports.count(client) };
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
  private heldExport = false;
  private released = false;

  constructor(
    private readonly admission: Admission,
    readonly client: string,
  ) {}

  /** The lane of one of the request's queries; throws 429 when it is heavy and the client is at its limit. */
  laneFor(query: SqlQuery): Lane {
    const cost: Cost = this.admission.cost.estimate(query);
    if (cost !== 'heavy') return cost;
    this.holdHeavy();
    return 'heavy';
  }

  /**
   * The lane of an export: small ones (at most `smallExportRecords`, by limit or dataset size) run as
   * cheap queries, so they never queue behind large downloads; others take the export lane.
   */
  exportLane(query: SqlQuery, limit: number | undefined): Lane {
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
    if (this.heldExport) this.admission.giveExport(this.client);
  }

  private holdHeavy(): void {
    if (this.heldHeavy || this.released) return;
    this.admission.takeHeavy(this.client);
    this.heldHeavy = true;
  }
}
