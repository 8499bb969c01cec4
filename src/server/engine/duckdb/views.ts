import { quoteIdent } from '../../../layout/columns';
import { viewSql } from '../../../layout/views';
import type { RecordTables } from '../../backend/tables';
import type { Engine } from '../types';

export type { RecordTables, TableVersion } from '../../backend/tables';

/*
 * The request engine sees each dataset as a view over its current records file. Creating a view reads
 * the file's footer (about 1 ms), so thousands of them are created on demand: `want` is called when a
 * request resolves a dataset (catalog.get), and the engine waits for `pending()` before each query.
 * Replacing a view is atomic for DuckDB: a query runs entirely on the old file or entirely on the new.
 *
 * The statements of one table run one after the other (`serially`): two statements on the same view from
 * different connections (a first use creating it while a re-ingestion swaps it) make DuckDB fail one of
 * them with "Catalog write-write conflict". Each statement reads the table's file when it runs, so a
 * creation queued before a swap creates the view over the newest file.
 */

export class RecordViews implements RecordTables {
  /** Current file of each table. */
  private readonly files = new Map<string, string>();
  /** File each created view reads. */
  private readonly created = new Map<string, string>();
  /** Creations asked by `want`, which queries wait for. */
  private readonly creating = new Map<string, Promise<void>>();
  /** The last statement queued for each table. */
  private readonly queues = new Map<string, Promise<void>>();
  private waiting: Promise<void> | undefined;
  /** Views are created as soon as a table is swapped in (after `createAll`). */
  private eager = false;

  constructor(private readonly engine: Engine) {}

  /** Sets the table's file without creating its view (start-up). */
  register(table: string, file: string): void {
    this.files.set(table, file);
  }

  /** Creates every registered view now (small catalogs: then no query ever waits). */
  async createAll(): Promise<void> {
    this.eager = true;
    const tables = [...this.files.keys()];
    for (let i = 0; i < tables.length; i += 500) {
      const batch = tables.slice(i, i + 500);
      // One statement list per batch; each table's queue waits for it.
      const work = this.afterQueued(batch, async () => {
        const statements: string[] = [];
        const files: [string, string][] = [];
        for (const table of batch) {
          const file = this.files.get(table);
          if (file === undefined || this.created.get(table) === file) continue;
          statements.push(viewSql(table, file));
          files.push([table, file]);
        }
        if (statements.length > 0) await this.engine.execute(statements.join('\n'));
        for (const [table, file] of files) this.created.set(table, file);
      });
      await work;
    }
  }

  /** Views not created yet are created on first use from now on (those created are kept up to date). */
  createOnDemand(): void {
    this.eager = false;
  }

  /** Makes sure the table's view reads its current file; queries wait for it (see `pending`). */
  want(table: string): void {
    const file = this.files.get(table);
    if (file === undefined || this.created.get(table) === file || this.creating.has(table)) return;
    const work = this.serially(table, () => this.ensure(table, true)).finally(() => {
      this.creating.delete(table);
      if (this.creating.size === 0) this.waiting = undefined;
    });
    this.creating.set(table, work);
    this.waiting = Promise.allSettled([...this.creating.values()]).then(() => undefined);
  }

  /** Resolves once the views wanted so far exist; undefined (nothing to wait for) most of the time. */
  pending(): Promise<void> | undefined {
    return this.waiting;
  }

  /**
   * Points the table at a new file: replaces the view now if it exists (the swap). On failure the table
   * points at its previous file again, so that the view and `files` agree.
   */
  async swap(table: string, file: string): Promise<void> {
    const previous = this.files.get(table);
    this.files.set(table, file);
    try {
      await this.serially(table, () => this.ensure(table, this.eager));
    } catch (error) {
      if (this.files.get(table) === file) {
        if (previous === undefined) this.files.delete(table);
        else this.files.set(table, previous);
      }
      throw error;
    }
  }

  async drop(table: string): Promise<void> {
    this.files.delete(table);
    await this.serially(table, async () => {
      if (!this.created.has(table)) return;
      this.created.delete(table);
      await this.engine.execute(`DROP VIEW IF EXISTS ${quoteIdent(table)}`);
    });
  }

  /** Creates or replaces the view when it exists (or `create`) and reads another file than the table's. */
  private async ensure(table: string, create: boolean): Promise<void> {
    const file = this.files.get(table);
    const current = this.created.get(table);
    if (file === undefined || current === file || (current === undefined && !create)) return;
    await this.engine.execute(viewSql(table, file));
    this.created.set(table, file);
  }

  /** Runs `work` after every statement already queued for `table`, and before any queued later. */
  private serially(table: string, work: () => Promise<void>): Promise<void> {
    return this.afterQueued([table], work);
  }

  private afterQueued(tables: readonly string[], work: () => Promise<void>): Promise<void> {
    const before = tables.flatMap((t) => {
      const queued = this.queues.get(t);
      return queued ? [queued] : [];
    });
    const result = Promise.all(before).then(work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    for (const table of tables) this.queues.set(table, settled);
    void settled.then(() => {
      for (const table of tables) if (this.queues.get(table) === settled) this.queues.delete(table);
    });
    return result;
  }
}
