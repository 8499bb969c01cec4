import { join } from 'node:path';
import type { Lang } from '../../odsql';
import type { Engine } from '../engine/types';
import { errorSummary } from '../ingest/ingest';
import { UsageCounts } from '../usage/counts';
import type { DatasetUsage, SharedCatalog, SharedUsageCounts } from './catalog';
import { writeAccessViews, writeLanguageView, writeUsageTable, writeUsageView } from './local-engine';
import type { Logger } from './logger';

/*
 * The catalog's views and usage counts kept by this server alone: the views in the request engine
 * itself, the counts in the data folder (usage/counts.ts), copied into the engine's usage table that
 * the usage view joins. The embedded engine's shared catalog (a cluster's is
 * engine/clickhouse/shared-catalog.ts).
 */

/** Rewrites of the counts' table are at least this far apart (each one ends the catalog's cached results). */
const TABLE_REFRESH_MS = 500;

/**
 * The counts of the data folder (opened on first use: opening takes in the files of gone processes)
 * and the engine's table of them, rewritten in the background after the counts move, never more often
 * than TABLE_REFRESH_MS.
 */
class EngineUsageCounts implements SharedUsageCounts {
  private opened: UsageCounts | undefined;
  /** Counts version and totals the table holds (-1: not written yet). */
  private tableVersion = -1;
  private tableCounts: ReadonlyMap<string, DatasetUsage> = new Map();
  private tableWritten = 0;
  /** The rewrite in progress, or the timer of the next one. */
  private writing: Promise<void> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly engine: Engine,
    private readonly dir: string,
    private readonly log: Logger,
  ) {}

  private get counts(): UsageCounts {
    this.opened ??= new UsageCounts(this.dir);
    return this.opened;
  }

  get version(): number {
    return this.counts.version;
  }

  add(datasetId: string, kind: keyof DatasetUsage): void {
    this.counts.add(datasetId, kind);
    this.schedule();
  }

  get(datasetId: string): DatasetUsage {
    return this.counts.get(datasetId);
  }

  all(): Map<string, DatasetUsage> {
    return this.counts.all();
  }

  /** The totals the table holds, once it is written the first time (the usage view needs it). */
  async written(): Promise<ReadonlyMap<string, DatasetUsage>> {
    if (this.tableVersion === -1) {
      this.schedule();
      await this.writing;
    }
    return this.tableCounts;
  }

  /** Rewrites the counts' table now, or once TABLE_REFRESH_MS has passed since the last rewrite. */
  private schedule(): void {
    if (this.writing || this.timer || this.tableVersion === this.counts.version) return;
    const wait = Math.max(0, this.tableWritten + TABLE_REFRESH_MS - Date.now());
    const write = (): void => {
      this.timer = undefined;
      this.tableWritten = Date.now();
      this.writing = this.writeTable()
        .catch((error: unknown) => {
          this.log.warn(`usage counts table not written: ${errorSummary(error)}`);
        })
        .finally(() => {
          this.writing = undefined;
          // Counts that moved during the rewrite.
          if (this.tableVersion !== -1) this.schedule();
        });
    };
    if (wait === 0 || this.tableVersion === -1) write();
    else {
      this.timer = setTimeout(write, wait);
      this.timer.unref();
    }
  }

  private async writeTable(): Promise<void> {
    const version = this.counts.version;
    const all = this.counts.all();
    await writeUsageTable(
      this.engine,
      [...all].map(([datasetId, u]) => ({ datasetId, downloads: u.downloads, apiCalls: u.api_calls })),
    );
    this.tableVersion = version;
    this.tableCounts = all;
  }

  /** Stops rewriting the counts' table and writes the counts (the server closes). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.opened?.close();
  }
}

class EngineCatalog implements SharedCatalog {
  readonly usage: EngineUsageCounts;

  constructor(
    private readonly engine: Engine,
    /** The data folder's `usage/`. */
    usageDir: string,
    log: Logger,
  ) {
    this.usage = new EngineUsageCounts(engine, usageDir, log);
  }

  accessViews(table: string, prefix: string, views: ReadonlyMap<string, readonly string[]>): Promise<void> {
    return writeAccessViews(this.engine, table, prefix, views);
  }

  languageView(view: string, table: string, lang: Lang | undefined): Promise<void> {
    return writeLanguageView(this.engine, view, table, lang);
  }

  async usageView(view: string, table: string, fields: readonly [string, string, string]): Promise<void> {
    // The view joins the counts' table: it is written first.
    await this.usage.written();
    await writeUsageView(this.engine, view, table, fields);
  }
}

/** The catalog's views in `engine`, the usage counts in `<dataDir>/usage`. */
export function engineCatalog(engine: Engine, dataDir: string, log: Logger): SharedCatalog {
  return new EngineCatalog(engine, join(dataDir, 'usage'), log);
}
