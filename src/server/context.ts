import type { Catalog } from './catalog/registry';
import type { ServerConfig } from './config';
import type { Engine } from './engine/types';
import type { Logger } from './ingest/logger';

/** What the routes share: the engine, the catalog and the settings. */
export interface ServerContext {
  readonly engine: Engine;
  readonly catalog: Catalog;
  readonly config: ServerConfig;
  /** Time zones both Node and the SQL engine know. */
  readonly timezones: ReadonlySet<string>;
  readonly log: Logger;
}
