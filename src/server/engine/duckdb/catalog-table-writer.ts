import { POSITION_COLUMN, quoteIdent } from '../../../layout/columns';
import type { CatalogTableEntry } from '../../backend/catalog';
import { CATALOG_TABLE, DIGEST_COLUMN } from '../../backend/catalog-layout';
import { byDatasetId, catalogLines, catalogRowDigest } from '../../backend/catalog-rows';
import type { Engine } from '../types';
import { catalogRowsSql } from './catalog-table';

/*
 * Keeps the catalog table up to date by writing only the rows that changed. Rebuilding the whole table
 * at each change cost a statement over every dataset (seconds at 10,000 while they were ingested) and
 * held every row's JSON at once: past 7,668 datasets the request engine's 61 MiB ran out. Here the
 * changed rows are parsed in batches into a side table (which spills like any table), then one
 * transaction deletes the rows that went or changed, moves the positions that shifted and inserts the
 * new rows: a query sees the catalog before or after, never between.
 */

/** The rows staged for insertion. */
const NEW_ROWS = '__catalog_new';
/** The rows deleted (pos -1) or moved (pos: their new position). */
const EDITS = '__catalog_edits';
/** Rows parsed from JSON in one statement: bounds the memory a write takes, whatever the catalog's size. */
const ROWS_PER_STATEMENT = 500;
/** The position of an edit that deletes its row. */
const DELETED = -1;

/** What a write did to the table. */
export interface CatalogTableWrite {
  readonly inserted: number;
  readonly deleted: number;
  readonly moved: number;
  /** The table was built anew (the first write, or after `forget`). */
  readonly rebuilt: boolean;
}

interface HeldRow {
  readonly digest: string;
  readonly pos: number;
}

export class CatalogTableWriter {
  /** The rows the table holds, by dataset id; undefined: unknown (the next write rebuilds it). */
  private held: Map<string, HeldRow> | undefined;
  /** Digests of the datasets seen, made once per served version (a new object at each change). */
  private readonly digests = new WeakMap<CatalogTableEntry['dataset'], string>();

  constructor(
    private readonly engine: Engine,
    private readonly rowsPerStatement = ROWS_PER_STATEMENT,
  ) {}

  /** The table was replaced by other means (loaded from a file): its rows are read again. */
  async adopt(): Promise<void> {
    const rows = await this.engine.rows({
      sql: `SELECT dataset_id, ${quoteIdent(DIGEST_COLUMN)}, ${quoteIdent(POSITION_COLUMN)} FROM ${CATALOG_TABLE}`,
      params: [],
    });
    this.held = new Map(rows.map((r) => [String(r[0]), { digest: String(r[1]), pos: Number(r[2]) }]));
  }

  /** Forgets what the table holds: the next write builds it anew. */
  forget(): void {
    this.held = undefined;
  }

  /** Makes the table hold exactly `entries`, writing only what changed. */
  async write(entries: readonly CatalogTableEntry[]): Promise<CatalogTableWrite> {
    const sorted = isSorted(entries) ? entries : [...entries].sort(byDatasetId);
    const held = this.held;
    const next = new Map<string, HeldRow>();
    const lines: string[] = [];
    const editIds: string[] = [];
    const editPositions: number[] = [];
    let moved = 0;
    for (const [pos, entry] of sorted.entries()) {
      const id = entry.dataset.dataset_id;
      const digest = this.digestOf(entry);
      next.set(id, { digest, pos });
      const before = held?.get(id);
      if (before?.digest === digest) {
        if (before.pos !== pos) {
          editIds.push(id);
          editPositions.push(pos);
          moved++;
        }
        continue;
      }
      if (before) {
        editIds.push(id);
        editPositions.push(DELETED);
      }
      lines.push(...catalogLines(entry, pos, digest));
    }
    let deleted = 0;
    if (held)
      for (const id of held.keys())
        if (!next.has(id)) {
          editIds.push(id);
          editPositions.push(DELETED);
          deleted++;
        }
    if (held && lines.length === 0 && editIds.length === 0)
      return { inserted: 0, deleted: 0, moved: 0, rebuilt: false };
    if (lines.length > 0 || !held) await this.stage(lines);
    try {
      if (held) await this.apply(editIds, editPositions, lines.length > 0);
      else
        await this.engine.execute(
          `CREATE OR REPLACE TABLE ${CATALOG_TABLE} AS SELECT * FROM ${NEW_ROWS} ORDER BY ${quoteIdent(POSITION_COLUMN)}`,
        );
    } catch (error) {
      // The table may be anything now: the next write builds it anew.
      this.held = undefined;
      throw error;
    } finally {
      await this.engine.execute(`DROP TABLE IF EXISTS ${NEW_ROWS}; DROP TABLE IF EXISTS ${EDITS}`);
    }
    this.held = next;
    return { inserted: lines.length, deleted, moved, rebuilt: held === undefined };
  }

  private digestOf(entry: CatalogTableEntry): string {
    let digest = this.digests.get(entry.dataset);
    if (digest === undefined) {
      digest = catalogRowDigest(entry);
      this.digests.set(entry.dataset, digest);
    }
    return digest;
  }

  /** Parses the new rows into NEW_ROWS, a batch a statement. */
  private async stage(lines: readonly string[]): Promise<void> {
    await this.engine.execute(`CREATE OR REPLACE TABLE ${NEW_ROWS} AS ${catalogRowsSql()}`, [
      lines.slice(0, this.rowsPerStatement),
    ]);
    for (let i = this.rowsPerStatement; i < lines.length; i += this.rowsPerStatement)
      await this.engine.execute(`INSERT INTO ${NEW_ROWS} ${catalogRowsSql()}`, [
        lines.slice(i, i + this.rowsPerStatement),
      ]);
  }

  /** Deletes, moves and inserts in one transaction (while datasets are added: inserts alone). */
  private async apply(ids: readonly string[], positions: readonly number[], inserts: boolean): Promise<void> {
    const pos = quoteIdent(POSITION_COLUMN);
    const statements: string[] = [];
    if (ids.length > 0) {
      await this.engine.execute(
        `CREATE OR REPLACE TABLE ${EDITS} AS SELECT unnest(CAST($1 AS VARCHAR[])) AS dataset_id, unnest(CAST($2 AS BIGINT[])) AS pos`,
        [ids, positions],
      );
      statements.push(
        `DELETE FROM ${CATALOG_TABLE} WHERE dataset_id IN (SELECT dataset_id FROM ${EDITS} WHERE pos = ${DELETED});`,
        `UPDATE ${CATALOG_TABLE} SET ${pos} = e.pos FROM ${EDITS} e WHERE e.pos <> ${DELETED} AND ${CATALOG_TABLE}.dataset_id = e.dataset_id;`,
      );
    }
    if (inserts) statements.push(`INSERT INTO ${CATALOG_TABLE} SELECT * FROM ${NEW_ROWS};`);
    await this.engine.execute(`BEGIN TRANSACTION;\n${statements.join('\n')}\nCOMMIT;`);
  }
}

function isSorted(entries: readonly CatalogTableEntry[]): boolean {
  for (let i = 1; i < entries.length; i++) if (byDatasetId(entries[i - 1]!, entries[i]!) > 0) return false;
  return true;
}
