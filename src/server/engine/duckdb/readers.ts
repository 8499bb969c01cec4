import { quoteIdent } from '../../../layout/columns';
import {
  describeQuerySql,
  describeTableCountedSql,
  jsonReaderSql,
  type SourceColumn,
  sourceColumns,
  stagingTableSql,
} from '../../../layout/sources';
import { sqlString, sqlStringList } from '../../../layout/sql';
import type { Engine } from '../types';

/*
 * DuckDB's readers of a source file, as ingestion (ingest/sources.ts) decides to read it: the format,
 * delimiter and null values come in as data, the reader's SQL stays here. Parquet is read in place
 * (`file_row_number` is a row's position); the other formats are loaded into a staging table, whose
 * `rowid` is the position (their readers give no row number of their own).
 */

/** A reader of a source's rows: a FROM item of the ingestion engine, made here only. */
export interface SourceReader {
  readonly sql: string;
}

/** How a CSV or TSV source is read. */
export interface CsvReading {
  readonly path: string;
  readonly delimiter: string;
  /** Values read as null, besides empty cells. */
  readonly nullValues: readonly string[];
  /** Columns kept as text whatever they look like (each must be in the header). */
  readonly textColumns: readonly string[];
}

/** Rows read in file order, and the column holding a row's position in the file. */
export interface ReadSource {
  readonly columns: readonly SourceColumn[];
  /** FROM item giving the source rows. */
  readonly from: string;
  /** Column of `from` holding a row's position in the file. */
  readonly position: string;
  /** Rows of a staged source, when counted with its columns. */
  readonly rows?: number;
}

/** Bytes DuckDB's CSV reader reads at once (twice its longest line, 2 MB by default). */
export const CSV_BUFFER_BYTES = 4_000_000;

/** Rows sniffed to read a CSV header's names. */
const HEADER_SAMPLE_ROWS = 1024;

function csvReaderSql(reading: CsvReading, sampleRows: number): string {
  const args = [
    sqlString(reading.path),
    'header = true',
    `sample_size = ${sampleRows}`,
    `delim = ${sqlString(reading.delimiter)}`,
    // The quote is not left to the sniffer: on a value opening a quote it never closes, the sniffer would
    // fall back to no quoting and serve the quote characters inside the values. With the quote set, such
    // a file is refused (and diagnosed with its line, see unclosedQuoteLine), while a quote inside an
    // unquoted value (`5" screen`) is still read as it is.
    `quote = '"'`,
    `escape = '"'`,
    `nullstr = ${sqlStringList(['', ...reading.nullValues])}`,
    // DuckDB's default reading buffer (32 MB a thread) does not fit a 64 MB share of memory: a 3M-row
    // CSV failed with "could not allocate block of size 30.5 MiB". Lines stay up to 2 MB (max_line_size).
    `buffer_size = ${CSV_BUFFER_BYTES}`,
  ];
  if (reading.textColumns.length > 0)
    args.push(`types = {${reading.textColumns.map((c) => `${sqlString(c)}: 'VARCHAR'`).join(', ')}}`);
  return `read_csv(${args.join(', ')})`;
}

/** The reader of a CSV or TSV source, every row sampled for types. */
export function csvReader(reading: CsvReading): SourceReader {
  return { sql: csvReaderSql(reading, -1) };
}

/**
 * The names of a CSV's header. Only a small sample is sniffed, not the whole file the reader sniffs (a
 * second read of a large CSV).
 */
export async function csvHeaderNames(engine: Engine, reading: CsvReading): Promise<string[]> {
  const header = await engine.rows({
    sql: describeQuerySql(csvReaderSql({ ...reading, textColumns: [] }, HEADER_SAMPLE_ROWS)),
    params: [],
  });
  return header.map((row) => String(row[0]));
}

/** The reader of a JSON array of objects (`json`) or of one object a line (`ndjson`). */
export function jsonReader(path: string, format: 'json' | 'ndjson'): SourceReader {
  return { sql: jsonReaderSql(path, format) };
}

/** Loads a reader's rows into the staging table `table`, in file order. */
export async function stageSource(engine: Engine, table: string, reader: SourceReader): Promise<void> {
  await engine.execute(stagingTableSql(table, reader.sql));
}

/** Parquet writing options of a staged source: written once, read a few times, soon deleted. */
const STAGING_PARQUET_OPTIONS = 'FORMAT parquet, COMPRESSION snappy';

/** Writes the rows of a source's reader to a Parquet file, to be read as `parquetSource`. */
export async function copySourceToParquet(engine: Engine, reader: SourceReader, file: string): Promise<void> {
  await engine.execute(
    `COPY (SELECT * FROM ${reader.sql}) TO ${sqlString(file)} (${STAGING_PARQUET_OPTIONS})`,
  );
}

/** A Parquet file's rows, read in place. */
export async function parquetSource(engine: Engine, path: string): Promise<ReadSource> {
  const columns = sourceColumns(
    await engine.rows({ sql: describeQuerySql(`read_parquet(${sqlString(path)})`), params: [] }),
  );
  const from = `read_parquet(${sqlString(path)}, file_row_number = true)`;
  return { columns, from, position: 'file_row_number' };
}

/** The rows of the staging table `table`, counted with its columns (a round trip less for each source). */
export async function stagedSource(engine: Engine, table: string): Promise<ReadSource> {
  const described = await engine.rows({ sql: describeTableCountedSql(table), params: [] });
  const rows = Number(described[0]?.[2] ?? 0);
  return { columns: sourceColumns(described), from: quoteIdent(table), position: 'rowid', rows };
}

/** Each line of a CSV as one value, quotes honoured: DuckDB then names the line of a quote left open. */
function quotingProbeSql(path: string): string {
  return `SELECT count(*) FROM read_csv(${sqlString(path)}, auto_detect = false, header = false, columns = {'line': 'VARCHAR'}, delim = '\x01', quote = '"', escape = '"', strict_mode = true, buffer_size = ${CSV_BUFFER_BYTES})`;
}

/**
 * Where a CSV opens a quote it never closes, as DuckDB's reader reports it: the line (the file's own
 * number, the probe having no header), or null when the reader names none. Undefined when the file has
 * no such fault.
 */
export async function unclosedQuoteLine(engine: Engine, path: string): Promise<number | null | undefined> {
  try {
    await engine.rows({ sql: quotingProbeSql(path), params: [] });
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/unterminated quote/i.test(message)) return undefined;
    const line = /CSV Error on Line: (\d+)/.exec(message)?.[1];
    return line === undefined ? null : Number(line);
  }
}
