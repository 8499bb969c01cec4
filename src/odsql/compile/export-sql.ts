import type { SqlParam, SqlQuery } from '../../layout/sql';
import type { FieldType } from '../schema';

/*
 * SQL that turns a compiled query's outputs (one JSON text per column) into an export's CSV cells, JSON
 * lines or Parquet rows, for an engine whose own writer (`COPY`) writes the file: the rows never become
 * JavaScript objects. A dialect offers it as `Dialect.exportSql`; DuckDB's is dialects/duckdb-exports.ts.
 * A dialect without it (ClickHouse) leaves the cells and lines to the server, which builds them from the
 * streamed rows (server/exports/formats/rows-*.ts): the result is the same file.
 */

/** What the cell SQL needs to know of an export column (the server's ExportColumn has more). */
export interface ExportCellColumn {
  readonly type: FieldType | 'json';
  readonly multivalued?: boolean;
}

/** What the row SQL needs to know of an export column. */
export interface ExportRowColumn extends ExportCellColumn {
  readonly name: string;
}

/** Binds a value for the query being built and returns its placeholder. */
export type Bind = (value: SqlParam) => string;

/** References to the compiled query's outputs: each column's JSON text, and a record's id and timestamp. */
export interface RowRefs {
  readonly values: readonly string[];
  /** Absent for `group_by` groups and aggregations. */
  readonly id?: string;
  readonly timestamp?: string;
}

/** What the export SQL reads of a compiled query (`CompiledQuery` has it): its kind and its page. */
export interface ExportedQuery {
  readonly kind: 'records' | 'aggregate' | 'groups';
  readonly page: SqlQuery;
}

export interface ExportSql {
  /**
   * A query over the export's compiled query whose outputs `build` writes from the compiled outputs
   * (JSON texts). `build` binds user values after the compiled query's own. Outputs keep the engine's
   * own names: names and aliases from a request never appear in SQL; writers put them in the file
   * themselves (CSV header, JSON keys bound as values, Parquet columns named through a bound structure).
   */
  cellsQuery(
    compiled: ExportedQuery,
    columns: readonly unknown[],
    build: (refs: RowRefs, bind: Bind) => readonly string[],
  ): SqlQuery;
  /**
   * The text of a value in a CSV cell, as the service writes it: strings unquoted, points as `lat, lon`,
   * shapes as their GeoJSON geometry, multivalued text joined by the list separator (SQL).
   */
  textCell(column: ExportCellColumn, ref: string, listSeparator: string): string;
  /** v2.1 JSON line: a flat object like a `results` item, nulls included. */
  flatLine(columns: readonly ExportRowColumn[], refs: RowRefs, bind: Bind): string;
  /** v2.0 JSON line: `{datasetid, recordid, fields, geometry, record_timestamp}`, null fields left out. */
  recordLine(columns: readonly ExportRowColumn[], refs: RowRefs, bind: Bind, datasetId: string): string;
  /**
   * The options of the engine's `COPY` writing CSV cells (`cellsQuery` of `textCell`s) with the
   * service's quoting and CRLF lines, no header (the server writes it). The delimiter is one of the
   * fixed characters the server accepts, never request text.
   */
  csvCopyOptions(csv: { readonly delimiter: string; readonly quoteAll: boolean }): string;
  /** The options of the engine's `COPY` writing one JSON line a row (`flatLine`), as is. */
  linesCopyOptions(): string;
  /** The options of the engine's `COPY` writing a Parquet file (`parquetRow`). */
  parquetCopyOptions(compression: 'snappy' | 'zstd'): string;
  /** A Parquet export's typed row, its columns named by `names` (the export's headers). */
  parquetRow(
    columns: readonly ExportRowColumn[],
    names: readonly string[],
    refs: RowRefs,
    bind: Bind,
  ): string;
}
