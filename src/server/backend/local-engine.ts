import type { ExportSql } from '../../odsql';
import { duckdbExportSql } from '../../odsql';
import { type DuckDBEngine, type DuckDBEngineOptions, openDuckDBEngine } from '../engine/duckdb';
import { type RowsFile, writeRowsFile } from '../engine/duckdb/file';
import type { IngestEngine } from '../engine/duckdb/ingest-engine';
import { memoryReport } from '../engine/duckdb/memory-report';

/*
 * The local engine: embedded DuckDB, which every server runs whatever backend serves the records (and
 * which serves them itself when the backend is embedded). With its ingestion engine it reads the sources
 * into the store's records files; it keeps the catalog table (a cluster's catalog is published from it),
 * the per-dataset views and the embedded catalog's views and usage table, and writes the file of an
 * export whose rows another engine streamed. Its statements live in its
 * folder (engine/duckdb/); the rest of the server reaches them here, which with the backend factory
 * (factory.ts) is the one place that names an engine (boundaries.test.ts keeps it so).
 */

export { writeAccessViews } from '../engine/duckdb/access-views';
export {
  catalogTableLayout,
  loadCatalogTable,
  saveCatalogTable,
  writeCatalogTable,
} from '../engine/duckdb/catalog-table';
export { type CatalogTableWrite, CatalogTableWriter } from '../engine/duckdb/catalog-table-writer';
export { type IngestEngine, openIngestEngine } from '../engine/duckdb/ingest-engine';
export { writeLanguageView } from '../engine/duckdb/language-views';
export {
  CSV_BUFFER_BYTES,
  type CsvReading,
  copySourceToParquet,
  csvHeaderNames,
  csvReader,
  jsonReader,
  parquetSource,
  type ReadSource,
  type SourceReader,
  stagedSource,
  stageSource,
  unclosedQuoteLine,
} from '../engine/duckdb/readers';
export {
  dropStaging,
  repeatCounts,
  stagedRowCount,
  stagingView,
  stagingViewSql,
} from '../engine/duckdb/staging';
export { inferFacets, type RecordStats, recordStats, smallTableFacts } from '../engine/duckdb/stats';
export { USAGE_TABLE, writeUsageTable, writeUsageView } from '../engine/duckdb/usage-table';
export { RecordViews } from '../engine/duckdb/views';

/** How the local engine writes an export's file from rows another engine streamed (Parquet). */
export interface LocalFileWriter {
  /** The SQL of the file's query and its `COPY` options (the local engine's dialect). */
  readonly sql: ExportSql;
  write(file: RowsFile): Promise<void>;
}

export const localFileWriter: LocalFileWriter = { sql: duckdbExportSql, write: writeRowsFile };

/** The local engine: embedded DuckDB, reading the records files of the store only once locked down. */
export type LocalEngine = DuckDBEngine;

export function openLocalEngine(options: DuckDBEngineOptions): Promise<LocalEngine> {
  return openDuckDBEngine(options);
}

/** Where the server's resident memory goes, as one log line (the local engines counted). */
export function localMemoryReport(requests: LocalEngine, ingestion: IngestEngine): Promise<string> {
  return memoryReport({ requests, ingestion });
}
