import type { CallQuotas } from './auth/quota';
import type { Catalog } from './catalog/registry';
import type { SharedCatalog } from './catalog/shared';
import type { ServerConfig } from './config';
import type { Engine } from './engine/types';
import type { ExportSpools } from './exports/spools';
import type { Logger } from './ingest/logger';

/** What the routes share: the engine, the catalog and the settings. */
export interface ServerContext {
  /** The engine of the datasets' records and of the catalog's queries. */
  readonly engine: Engine;
  /** The catalog's views and usage counts kept in a cluster (ENGINE=clickhouse); in `engine` when unset. */
  readonly sharedCatalog?: SharedCatalog;
  /** Call quotas shared with other servers (on a cluster); this process's own counts when unset. */
  readonly quotas?: CallQuotas;
  readonly catalog: Catalog;
  readonly config: ServerConfig;
  /** Time zones both Node and the SQL engine know. */
  readonly timezones: ReadonlySet<string>;
  readonly log: Logger;
  /** Where downloads are spooled (exports/spools.ts): made by the app, for the app's lifetime. */
  readonly exportSpools: ExportSpools;
}

/** What the app is built from: the routes' context but what the app makes itself. */
export type ServerSetup = Omit<ServerContext, 'exportSpools'>;
