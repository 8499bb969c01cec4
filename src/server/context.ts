import type { SharedCatalog } from './backend/catalog';
import type { CallQuotas } from './backend/quota';
import type { Catalog } from './catalog/registry';
import type { ServerConfig } from './config';
import type { Engine } from './engine/types';
import type { ExportSpools } from './exports/spools';
import type { Logger } from './ingest/logger';

/** What the routes share: the engine, the catalog and the settings. */
export interface ServerContext {
  /** The engine of the datasets' records and of the catalog's queries. */
  readonly engine: Engine;
  /** The catalog's views and usage counts, where the backend keeps them (backend/catalog.ts). */
  readonly sharedCatalog: SharedCatalog;
  /** The call quotas, as the backend counts them (backend/quota.ts). */
  readonly quotas: CallQuotas;
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
