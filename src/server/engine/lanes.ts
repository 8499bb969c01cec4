import { EngineBusyError, QueryCancelledError } from './errors';
import type { Lane, QueueOrder } from './types';

/*
 * Connections are split into lanes, as database servers separate short and long work (PostgreSQL's
 * pools per workload, ClickHouse's per-user concurrency): a cheap query never waits behind heavy ones,
 * because heavy queries and large exports cannot take the cheap lane's connections.
 *
 * Within a lane, waiting queries are served by tag, lowest first (Zhang's VirtualClock, the fair
 * queueing of network schedulers): a query's tag is when its client's earlier queries would be done
 * (or now, if sooner) plus its own estimated work, plus the deferral of its workload class. So:
 * - shorter estimated work goes first (among queries arriving together);
 * - one client's backlog pushes only its own tags into the future: another client's first query is
 *   served before its second;
 * - analytical work (aggregations, exports) lets interactive work (pages, facets) go first, but only
 *   for its deferral: a query that waited that long is served before newer interactive ones, so nothing
 *   waits forever.
 * And analytical work never holds every connection of a lane of two or more: one is kept for
 * interactive work, so a facet never waits for an aggregation to end.
 * Nobody waits longer than the lane's queue wait (then `EngineBusyError`).
 */

export type LaneSizes = Readonly<Record<Lane, number>>;

export interface LaneLoad {
  /** Connections handed out. */
  readonly running: number;
  /** Callers waiting for one. */
  readonly waiting: number;
}

/** A query with no estimate: one unit of work, interactive. */
const DEFAULT_ORDER: QueueOrder = { work: 1, deferral: 0 };

interface Waiter<C> {
  readonly client: string;
  readonly tag: number;
  /** Arrival order, for equal tags. */
  readonly seq: number;
  readonly analytical: boolean;
  readonly give: (connection: C) => void;
}

/** One lane: a fixed set of connections, handed out to waiting queries by tag. */
class LanePool<C> {
  private readonly idle: C[];
  private readonly waiters: Waiter<C>[] = [];
  /** Per client with queries waiting or just served: when its queued work would be done (ms). */
  private readonly busyUntil = new Map<string, number>();
  private seq = 0;
  /** Connections handed to analytical work (a deferral above 0). */
  private readonly analytical = new Set<C>();
  /** Most connections analytical work may hold at once. */
  private readonly analyticalMax: number;

  constructor(
    readonly lane: Lane,
    readonly all: readonly C[],
    private readonly now: () => number,
  ) {
    this.idle = [...all];
    this.analyticalMax = Math.max(1, all.length - 1);
  }

  load(): LaneLoad {
    return { running: this.all.length - this.idle.length, waiting: this.waiters.length };
  }

  acquire(
    signal: AbortSignal | undefined,
    client: string,
    waitMs: number | undefined,
    order: QueueOrder,
  ): Promise<C> {
    if (signal?.aborted) return Promise.reject(new QueryCancelledError());
    const analytical = order.deferral > 0;
    // A free connection is taken at once (tags only order queries that have to wait), unless analytical
    // work holds its share already.
    if (!analytical || this.analytical.size < this.analyticalMax) {
      const ready = this.idle.pop();
      if (ready !== undefined) {
        if (analytical) this.analytical.add(ready);
        return Promise.resolve(ready);
      }
    }
    const now = this.now();
    const start = Math.max(now, this.busyUntil.get(client) ?? now);
    const work = Math.max(0, order.work);
    this.busyUntil.set(client, start + work);
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const leave = (): void => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        signal?.removeEventListener('abort', onAbort);
        if (timer) clearTimeout(timer);
      };
      const waiter: Waiter<C> = {
        client,
        tag: start + work + Math.max(0, order.deferral),
        seq: this.seq++,
        analytical,
        give: (connection) => {
          signal?.removeEventListener('abort', onAbort);
          if (timer) clearTimeout(timer);
          resolve(connection);
        },
      };
      const onAbort = (): void => {
        leave();
        reject(new QueryCancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (waitMs !== undefined) {
        timer = setTimeout(() => {
          leave();
          reject(new EngineBusyError(this.lane, waitMs));
        }, waitMs);
      }
      this.waiters.push(waiter);
    });
  }

  release(connection: C): void {
    this.analytical.delete(connection);
    const analyticalAllowed = this.analytical.size < this.analyticalMax;
    let next = -1;
    for (let i = 0; i < this.waiters.length; i++) {
      const w = this.waiters[i]!;
      if (w.analytical && !analyticalAllowed) continue;
      const best = next < 0 ? undefined : this.waiters[next]!;
      if (!best || w.tag < best.tag || (w.tag === best.tag && w.seq < best.seq)) next = i;
    }
    if (next < 0) {
      this.idle.push(connection);
      if (this.waiters.length === 0) this.forgetPast();
      return;
    }
    const [waiter] = this.waiters.splice(next, 1);
    if (waiter!.analytical) this.analytical.add(connection);
    if (this.busyUntil.size > 1024) this.forgetPast();
    waiter!.give(connection);
  }

  /** Clients whose queued work is done in the past weigh nothing: forget them (bounded memory). */
  private forgetPast(): void {
    const now = this.now();
    for (const [client, until] of this.busyUntil) if (until <= now) this.busyUntil.delete(client);
  }
}

/** The engine's connections, by lane. */
export class ConnectionLanes<C> {
  private readonly pools: Readonly<Record<Lane, LanePool<C>>>;
  private readonly home = new Map<C, LanePool<C>>();

  /** `now` (ms) is the scheduler's clock; tests pass their own. */
  constructor(
    connections: Readonly<Record<Lane, readonly C[]>>,
    now: () => number = () => performance.now(),
  ) {
    this.pools = {
      cheap: new LanePool('cheap', connections.cheap, now),
      scan: new LanePool('scan', connections.scan, now),
      heavy: new LanePool('heavy', connections.heavy, now),
      export: new LanePool('export', connections.export, now),
    };
    for (const pool of Object.values(this.pools)) for (const c of pool.all) this.home.set(c, pool);
  }

  /** Every connection, whatever its lane. */
  all(): C[] {
    return [...this.home.keys()];
  }

  /**
   * A connection of `lane` for `client`; rejects with `QueryCancelledError` when the signal aborts first
   * and with `EngineBusyError` after `waitMs` (no limit when undefined). `order` places the query among
   * those waiting (see above).
   */
  acquire(
    lane: Lane,
    signal: AbortSignal | undefined,
    client: string,
    waitMs?: number,
    order: QueueOrder = DEFAULT_ORDER,
  ): Promise<C> {
    return this.pools[lane].acquire(signal, client, waitMs, order);
  }

  release(connection: C): void {
    this.home.get(connection)?.release(connection);
  }

  load(): Readonly<Record<Lane, LaneLoad>> {
    return {
      cheap: this.pools.cheap.load(),
      scan: this.pools.scan.load(),
      heavy: this.pools.heavy.load(),
      export: this.pools.export.load(),
    };
  }
}
