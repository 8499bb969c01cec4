import { clickhouseDialect, type SqlQuery } from '../../../odsql';
import { EngineError, QueryCancelledError } from '../errors';
import { ConnectionLanes, type LaneLoad, type LaneSizes } from '../lanes';
import { type Engine, LANES, type Lane, type QueryOptions, type Row } from '../types';
import { ClickHouseClient, type ClickHouseSettings } from './client';
import { LiteralError } from './literal';
import { inlineParams } from './params';

/*
 * The request engine on a ClickHouse cluster. Queries go to one node over HTTP; a Distributed table
 * spreads them over the shards. There are no connections to pool, but the cluster is shared by every
 * visitor: each lane (engine/lanes.ts) holds a bounded number of query slots, handed out by the same
 * fair queue as DuckDB's connections (one client's backlog delays only that client; pages and facets
 * go before analytical work for a while). Several server processes on one cluster each bound their
 * own queries; ClickHouse's `max_concurrent_queries` bounds the sum.
 *
 * Compiled queries carry typed placeholders; `inlineParams` writes each value with the one escaping
 * function (18.16 has no query parameters). A value that has no ClickHouse literal (a lone surrogate)
 * fails as invalid input, which the HTTP layer answers 400. Aborting a query closes its request and
 * sends `KILL QUERY` (client.ts). ClickHouse's error text stays in `EngineError.message` (the log).
 *
 * No `copy`: ClickHouse writes no file on the server's side; exports stream rows instead. No
 * `generation` either: tables change by ingestion (ingest.ts, state.ts), not through `execute`, so the
 * result cache shares only queries of dataset versions (each a table of its own name).
 */

export interface ClickHouseEngineOptions extends ClickHouseSettings {
  /** Query slots per lane; defaults: cheap 4, scan 3, heavy 2, export 2. */
  readonly lanes?: Partial<LaneSizes>;
  /** ClickHouse's `max_execution_time` of every query (seconds), a guard behind the server's own limits. */
  readonly maxExecutionSeconds?: number;
}

const DEFAULT_LANES: LaneSizes = { cheap: 4, scan: 3, heavy: 2, export: 2 };

/** A query slot of a lane (the lanes hand out slots as they hand out DuckDB connections). */
interface Slot {
  readonly lane: Lane;
  readonly index: number;
}

const lane = (options: QueryOptions | undefined): Lane => options?.lane ?? 'cheap';

function inlined(query: SqlQuery): string {
  try {
    return inlineParams(query);
  } catch (error) {
    if (error instanceof LiteralError)
      throw new EngineError(`ClickHouse literal: ${error.message}`, 'invalid_input', { cause: error });
    throw error;
  }
}

/** A failure as an EngineError, cancelled when the caller's signal aborted. */
function toEngineError(error: unknown, signal: AbortSignal | undefined): EngineError {
  if (signal?.aborted && !(error instanceof QueryCancelledError))
    return new QueryCancelledError({ cause: error });
  if (error instanceof EngineError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new EngineError(`ClickHouse: ${message}`, 'other', { cause: error });
}

export class ClickHouseEngine implements Engine {
  readonly dialect = clickhouseDialect;
  readonly lanes: LaneSizes;
  private readonly client: ClickHouseClient;
  private readonly slots: ConnectionLanes<Slot>;
  private readonly settings: Readonly<Record<string, number>>;
  private closed = false;

  constructor(options: ClickHouseEngineOptions) {
    this.client = new ClickHouseClient(options);
    const sizes = { ...DEFAULT_LANES, ...options.lanes };
    this.lanes = Object.fromEntries(LANES.map((l) => [l, Math.max(1, sizes[l])])) as Record<Lane, number>;
    const slotsOf = (l: Lane): Slot[] =>
      Array.from({ length: this.lanes[l] }, (_, index) => ({ lane: l, index }));
    this.slots = new ConnectionLanes({
      cheap: slotsOf('cheap'),
      scan: slotsOf('scan'),
      heavy: slotsOf('heavy'),
      export: slotsOf('export'),
    });
    this.settings =
      options.maxExecutionSeconds === undefined ? {} : { max_execution_time: options.maxExecutionSeconds };
  }

  /** Slots handed out and callers waiting, per lane (for tests and the bench). */
  load(): Readonly<Record<Lane, LaneLoad>> {
    return this.slots.load();
  }

  private acquire(options: QueryOptions | undefined): Promise<Slot> {
    if (this.closed) return Promise.reject(new EngineError('The engine is closed', 'other'));
    return this.slots.acquire(
      lane(options),
      options?.signal,
      options?.client ?? '',
      options?.waitMs,
      options?.order,
    );
  }

  async rows(query: SqlQuery, options?: QueryOptions): Promise<Row[]> {
    const sql = inlined(query);
    const signal = options?.signal;
    const slot = await this.acquire(options);
    try {
      const result = await this.client.query(sql, {
        ...(signal ? { signal } : {}),
        settings: this.settings,
      });
      if (signal?.aborted) throw new QueryCancelledError();
      return result.rows;
    } catch (error) {
      throw toEngineError(error, signal);
    } finally {
      this.slots.release(slot);
    }
  }

  async *stream(query: SqlQuery, options?: QueryOptions): AsyncIterable<Row[]> {
    const sql = inlined(query);
    const signal = options?.signal;
    const slot = await this.acquire(options);
    try {
      for await (const chunk of this.client.stream(sql, {
        ...(signal ? { signal } : {}),
        settings: this.settings,
      })) {
        if (signal?.aborted) throw new QueryCancelledError();
        yield chunk;
      }
    } catch (error) {
      throw toEngineError(error, signal);
    } finally {
      // Also when the consumer stopped early: client.stream kills the query in its own `finally`.
      this.slots.release(slot);
    }
  }

  async execute(sql: string, params: SqlQuery['params'] = []): Promise<void> {
    try {
      await this.client.execute(params.length === 0 ? sql : inlined({ sql, params }));
    } catch (error) {
      throw toEngineError(error, undefined);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Waits for the queries running: every slot is taken back once it is released.
    await Promise.all(
      LANES.flatMap((l) =>
        Array.from({ length: this.lanes[l] }, () => this.slots.acquire(l, undefined, 'close')),
      ),
    );
  }
}
