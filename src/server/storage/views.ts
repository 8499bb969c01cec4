import { quoteIdent } from '../../layout/columns';
import { viewSql } from '../../layout/views';
import type { Engine } from '../engine/types';

/*
 * The request engine sees each dataset as a view over its current records file. Creating a view reads
 * the file's footer (about 1 ms), so thousands of them are created on demand: `want` is called when a
 * request resolves a dataset (catalog.get), and the engine waits for `pending()` before each query.
 * Replacing a view is atomic for DuckDB: a query runs entirely on the old file or entirely on the new.
 */

export class RecordViews {
  /** Current file of each table. */
  private readonly files = new Map<string, string>();
  /** File each created view reads. */
  private readonly created = new Map<string, string>();
  private readonly creating = new Map<string, Promise<void>>();
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
    const statements: string[] = [];
    for (const [table, file] of this.files) {
      if (this.created.get(table) === file) continue;
      statements.push(viewSql(table, file));
      this.created.set(table, file);
    }
    for (let i = 0; i < statements.length; i += 500)
      await this.engine.execute(statements.slice(i, i + 500).join('\n'));
  }

  /** Makes sure the table's view reads its current file; queries wait for it (see `pending`). */
  want(table: string): void {
    const file = this.files.get(table);
    if (file === undefined || this.created.get(table) === file || this.creating.has(table)) return;
    const work = this.create(table, file).finally(() => {
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

  /** Points the table at a new file: replaces the view now if it exists (the swap). */
  async swap(table: string, file: string): Promise<void> {
    this.files.set(table, file);
    await this.creating.get(table);
    if (this.eager || this.created.has(table)) await this.create(table, file);
  }

  async drop(table: string): Promise<void> {
    this.files.delete(table);
    await this.creating.get(table);
    if (!this.created.has(table)) return;
    this.created.delete(table);
    await this.engine.execute(`DROP VIEW IF EXISTS ${quoteIdent(table)}`);
  }

  private async create(table: string, file: string): Promise<void> {
    await this.engine.execute(viewSql(table, file));
    this.created.set(table, file);
  }
}
