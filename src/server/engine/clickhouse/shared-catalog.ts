import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Lang } from '../../../odsql';
import type { CatalogSink, CatalogTableEntry, SharedCatalog } from '../../backend/catalog';
import type { Logger } from '../../backend/logger';
import {
  catalogDigests,
  catalogNames,
  catalogRows,
  ensureAccessView,
  ensureCatalogTable,
  ensureLanguageView,
  ensureUsageView,
  type PublishedRow,
  publishCatalogRows,
} from './catalog-table';
import { ClusterReachability } from './reachability';
import { Refresher } from './refresher';
import { ingestionStatuses, USAGE_TABLE } from './state';
import type { ClickHouseTarget } from './target';
import { ClusterUsageCounts } from './usage';

/*
 * The catalog every server on a cluster serves (catalog-table.ts): this server publishes the rows of
 * its own datasets when they change (a digest per row: unchanged rows are not written again, so a
 * server does not undo another's newer publication of a dataset both hold), and reads every server's
 * rows, every REFRESH_MS and after its own publications, fetching again only the rows whose digest
 * moved, and the datasets whose load into the cluster failed (`explore_ingestion`), which every server
 * reports among its catalog's problems.
 */

const REFRESH_MS = 1_000;
/** A publication that failed (the cluster unreachable) is tried again this much later. */
const RETRY_MS = 5_000;

/** What publishing needs of the server's catalog table (engine/duckdb/catalog-table.ts, exports/scratch.ts). */
export interface CatalogRowFiles {
  /** The digest of a dataset's catalog rows: it moves whenever anything they hold does. */
  digest(entry: CatalogTableEntry): string;
  /** A new private folder the request engine may write the catalog table's Parquet file into. */
  scratchDir(): Promise<string>;
}

export class ClickHouseCatalogRows implements CatalogSink {
  private rows: ReadonlyMap<string, PublishedRow> = new Map();
  private failed: ReadonlyMap<string, string> = new Map();
  private generation = 0;
  private readonly refresher: Refresher;
  /** Digest of each dataset as this server last published it (or found it published at start). */
  private published: Map<string, string> | undefined;
  /** The last rows given to publish, and the retry of a failed publication. */
  private latest:
    | { entries: readonly CatalogTableEntry[]; save: (file: string) => Promise<void> }
    | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  /** The catalog's base view, which catalog queries read. */
  readonly view = catalogNames().view;

  constructor(
    readonly target: ClickHouseTarget,
    private readonly log: Logger,
    private readonly files: CatalogRowFiles,
    /** Shared with the server's other cluster jobs, so that an outage is logged once. */
    private readonly reachability = new ClusterReachability(log),
  ) {
    this.refresher = new Refresher(
      () => this.readRows(),
      REFRESH_MS,
      reachability.job('catalog', (error) =>
        this.log.warn(`ClickHouse: catalog not read (${error instanceof Error ? error.message : error})`),
      ),
    );
  }

  /** Creates the table where missing, reads the rows once, then every REFRESH_MS. */
  async start(): Promise<void> {
    await ensureCatalogTable(this.target);
    await this.refresh();
    this.refresher.start();
  }

  stop(): void {
    this.refresher.stop();
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
  }

  /** The latest row of every dataset in the cluster's catalog. */
  current(): ReadonlyMap<string, PublishedRow> {
    return this.rows;
  }

  /** Datasets whose last load into the cluster failed, with the reason (`explore_ingestion`). */
  failures(): ReadonlyMap<string, string> {
    return this.failed;
  }

  /** Moves whenever a row changes. */
  version(): number {
    return this.generation;
  }

  refresh(): Promise<void> {
    return this.refresher.now();
  }

  private async readRows(): Promise<void> {
    const [digests, statuses] = await Promise.all([
      catalogDigests(this.target),
      ingestionStatuses(this.target),
    ]);
    this.failed = new Map(
      [...statuses.values()].filter((s) => s.state === 'failed').map((s) => [s.datasetId, s.reason]),
    );
    const stale = [...digests].filter(([id, digest]) => this.rows.get(id)?.digest !== digest);
    const gone = [...this.rows.keys()].some((id) => !digests.has(id));
    if (stale.length === 0 && !gone) return;
    const fetched = await catalogRows(
      this.target,
      stale.map(([id]) => id),
    );
    const next = new Map([...this.rows].filter(([id]) => digests.has(id)));
    for (const row of fetched) next.set(row.datasetId, row);
    this.rows = next;
    this.generation++;
  }

  /**
   * Publishes the rows that changed; a failure is thrown (the catalog logs it) and the latest rows are
   * published again RETRY_MS later, since the catalog asks again only when something changes.
   */
  async publish(entries: readonly CatalogTableEntry[], save: (file: string) => Promise<void>): Promise<void> {
    this.latest = { entries, save };
    try {
      await this.publishChanged(entries, save);
    } catch (error) {
      // Retried until it goes through, so its outcome tells when an unreachable cluster is back.
      const retried = this.reachability.job('catalog publication', (e) =>
        this.log.warn(`ClickHouse: catalog rows not published (${e instanceof Error ? e.message : e})`),
      );
      if (!this.retry && this.refresher.started) {
        this.retry = setTimeout(() => {
          this.retry = undefined;
          const latest = this.latest;
          if (latest) void this.publish(latest.entries, latest.save).then(retried.succeeded, retried.failed);
        }, RETRY_MS);
        this.retry.unref();
      }
      throw error;
    }
  }

  private async publishChanged(
    entries: readonly CatalogTableEntry[],
    save: (file: string) => Promise<void>,
  ): Promise<void> {
    const digests = new Map(entries.map((e) => [e.dataset.dataset_id, this.files.digest(e)]));
    if (!this.published) {
      // At start, rows the cluster holds as this server would write them are not written again.
      const cluster = await catalogDigests(this.target);
      this.published = new Map([...digests].filter(([id, digest]) => cluster.get(id) === digest));
    }
    const published = this.published;
    const changed = [...digests].filter(([id, digest]) => published.get(id) !== digest).map(([id]) => id);
    const removed = [...published.keys()].filter((id) => !digests.has(id));
    if (changed.length === 0 && removed.length === 0) return;
    const dir = await this.files.scratchDir();
    try {
      const file = join(dir, 'catalog.parquet');
      if (changed.length > 0) await save(file);
      await publishCatalogRows(this.target, file, changed, removed, Date.now());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    for (const id of changed) published.set(id, digests.get(id)!);
    for (const id of removed) published.delete(id);
    this.log.info(
      `ClickHouse: catalog rows published (${changed.length} changed, ${removed.length} removed)`,
    );
    await this.refresh();
  }
}

/** The catalog's views and usage counts in the cluster. */
export class ClickHouseSharedCatalog implements SharedCatalog {
  readonly usage: ClusterUsageCounts;

  constructor(
    private readonly target: ClickHouseTarget,
    log: Logger,
    reachability?: ClusterReachability,
  ) {
    this.usage = new ClusterUsageCounts(target, log, reachability);
  }

  /** Creates the views where missing; none is dropped, since another server may read it. */
  async accessViews(
    table: string,
    _prefix: string,
    views: ReadonlyMap<string, readonly string[]>,
  ): Promise<void> {
    for (const [name, granted] of views) await ensureAccessView(this.target, name, table, granted);
  }

  languageView(view: string, table: string, lang: Lang | undefined): Promise<void> {
    return ensureLanguageView(this.target, view, table, lang);
  }

  usageView(view: string, table: string, fields: readonly [string, string, string]): Promise<void> {
    return ensureUsageView(this.target, view, table, USAGE_TABLE, fields);
  }
}
