import { basename } from 'node:path';
import type { Logger } from '../../backend/logger';
import type { RecordTables, TableVersion } from '../../backend/tables';
import { ingestVersion, versionTable } from './ingest';
import { ClusterReachability } from './reachability';
import { Refresher } from './refresher';
import { type LiveVersion, liveVersions, setLive } from './state';
import type { ClickHouseTarget } from './target';

/*
 * The catalog's records tables on a cluster. DuckDB still writes each version's Parquet file in the
 * store; `swap` loads it into the cluster (ingest.ts) and marks it live in `explore_live`, before the
 * catalog serves it. Which table a dataset is served from is read from `explore_live`, not from this
 * process's memory: every server on the cluster follows the same live versions (refreshed every
 * REFRESH_MS, and at once after this server's own swaps), so two servers answer alike.
 */

/** How often the live versions are read again from the cluster. */
const REFRESH_MS = 1_000;

export class ClickHouseLiveTables implements RecordTables {
  /** Registered file and version of each records table (the store's name, `ds_…`). */
  private readonly registered = new Map<string, { readonly file: string; readonly version: TableVersion }>();
  private live: ReadonlyMap<string, LiveVersion> = new Map();
  /** Moves whenever `live` changes (the catalog's served list follows it). */
  private generation = 0;
  private readonly refresher: Refresher;

  constructor(
    readonly target: ClickHouseTarget,
    private readonly log: Logger,
    /** Shared with the server's other cluster jobs, so that an outage is logged once. */
    reachability = new ClusterReachability(log),
  ) {
    this.refresher = new Refresher(
      () => this.readLive(),
      REFRESH_MS,
      reachability.job('live versions', (error) =>
        this.log.warn(
          `ClickHouse: live versions not read (${error instanceof Error ? error.message : error})`,
        ),
      ),
    );
  }

  /** Reads the live versions once, then every REFRESH_MS. */
  async start(): Promise<void> {
    await this.refresh();
    this.refresher.start();
  }

  stop(): void {
    this.refresher.stop();
  }

  /** The Distributed table serving a dataset now, if the cluster has one live. */
  tableOf(datasetId: string): string | undefined {
    return this.live.get(datasetId)?.table;
  }

  /** Moves whenever a dataset's live table changes. */
  version(): number {
    return this.generation;
  }

  refresh(): Promise<void> {
    return this.refresher.now();
  }

  private async readLive(): Promise<void> {
    const next = await liveVersions(this.target);
    const same =
      next.size === this.live.size && [...next].every(([id, v]) => this.live.get(id)?.table === v.table);
    if (!same) {
      this.live = next;
      this.generation++;
    }
  }

  register(table: string, file: string, version: TableVersion): void {
    this.registered.set(table, { file, version });
  }

  /** Every version is loaded when swapped in, whatever the catalog's size: the cluster serves it at once. */
  createOnDemand(): void {}

  /** Loads every registered version the cluster does not serve yet (a new cluster, an older one). */
  async createAll(): Promise<void> {
    await this.refresh();
    for (const [table, { file, version }] of this.registered) {
      const wanted = versionTable(table, basename(file, '.parquet'));
      if (this.live.get(version.datasetId)?.table === wanted) continue;
      await this.load(table, file, version);
    }
    await this.refresh();
  }

  want(): void {}

  pending(): undefined {
    return undefined;
  }

  async swap(table: string, file: string, version: TableVersion): Promise<void> {
    await this.load(table, file, version);
    this.registered.set(table, { file, version });
    await this.refresh();
  }

  /** Stops serving the table's dataset on every server (its tables stay until a new version replaces them). */
  async drop(table: string): Promise<void> {
    const registered = this.registered.get(table);
    this.registered.delete(table);
    if (!registered) return;
    await setLive(this.target, {
      datasetId: registered.version.datasetId,
      table: '',
      version: '',
      fingerprint: '',
      records: 0,
    });
    await this.refresh();
  }

  private async load(table: string, file: string, version: TableVersion): Promise<void> {
    const started = Date.now();
    const loaded = await ingestVersion(this.target, {
      datasetId: version.datasetId,
      table,
      fingerprint: version.fingerprint,
      file,
      schema: version.schema,
    });
    this.log.info(`ClickHouse: dataset ${version.datasetId} live as ${loaded} (${Date.now() - started} ms)`);
  }
}
