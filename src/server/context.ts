import type { CallQuotas } from './auth/quota';
import type { Catalog } from './catalog/registry';
import type { ServerConfig } from './config';
import type { Engine } from './engine/types';
import type { Logger } from './ingest/logger';

/** What the routes share: the engine, the catalog and the settings. */
export interface ServerContext {
  /** The engine of the datasets' records. */
  readonly engine: Engine;
  /**
   * The engine of the catalog table, usage counts and access views, when not `engine` (records on a
   * ClickHouse cluster, the catalog on the local DuckDB engine): see `catalogEngineOf`.
   */
  readonly catalogEngine?: Engine;
  /** Call quotas shared with other servers (on a cluster); this process's own counts when unset. */
  readonly quotas?: CallQuotas;
  readonly catalog: Catalog;
  readonly config: ServerConfig;
  /** Time zones both Node and the SQL engine know. */
  readonly timezones: ReadonlySet<string>;
  readonly log: Logger;
}

/** The engine that runs queries over the catalog table. */
export function catalogEngineOf(ctx: ServerContext): Engine {
  return ctx.catalogEngine ?? ctx.engine;
}
