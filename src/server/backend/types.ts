import type { Engine } from '../engine/types';
import type { SharedCatalog } from './catalog';
import type { CallQuotas } from './quota';
import type { RecordTables } from './tables';

/*
 * One backend per engine (backend/factory.ts makes it from the settings): what serves the records, the
 * catalog's queries, views and usage counts, and the call quotas. Embedded DuckDB keeps all of it in
 * this server (its shared catalog is the engine's own); a ClickHouse cluster keeps it in the cluster that
 * every server on it shares. Callers see only these interfaces, never which engine is behind them.
 */
export interface Backend {
  /** The engine of the datasets' records and of the catalog's queries. */
  readonly engine: Engine;
  /** How `engine` reaches each dataset's current records file (the catalog swaps them). */
  readonly tables: RecordTables;
  /** The catalog's views and usage counts. */
  readonly sharedCatalog: SharedCatalog;
  readonly quotas: CallQuotas;
  /** Where the records are served from, as the start-up log says it. */
  readonly source: string;
  /** Runs the engine's session setup (time zone, macros: the dialect's `setupStatements`). */
  setUp(): Promise<void>;
  /** Stops the backend's jobs and closes what it opened besides the local engine. */
  close(): Promise<void>;
}
