import { open, readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { quoteIdent } from '../../layout/columns';
import type { FeatureSummary } from '../../layout/features';
import {
  describeQuerySql,
  describeTableCountedSql,
  describeTableSql,
  jsonReaderSql,
  type SourceColumn,
  sourceColumns,
  stagingTableSql,
} from '../../layout/sources';
import { sqlString, sqlStringList } from '../../layout/sql';
import { copySourceToParquet, stagedRowCount } from '../backend/local-engine';
import type { Engine } from '../engine/types';
import type { SourceFormat, SourceSpec } from './descriptor';
import { detectEncoding, type SourceEncoding, transcodeToUtf8 } from './encoding';
import { readFeatures, writeFeatureLines } from './geojson';

/*
 * Reading a source file as it is. Parquet is read in place (`file_row_number` is a row's position); the
 * other formats are loaded into a staging table of the ingestion engine, whose `rowid` is the position
 * (their readers give no row number of their own). A large CSV is staged as a Parquet file instead and
 * read like a Parquet source: on flights-3m as CSV (64 MB), writing it took 3.3 s of CPU against 3.8 s
 * for the table (which spills beyond the memory limit), and each later pass reads it in 0.06 s against
 * 0.37 s.
 */

export interface LoadedSource {
  readonly format: SourceFormat;
  readonly columns: readonly SourceColumn[];
  /** For GeoJSON and TopoJSON sources. */
  readonly features: FeatureSummary | undefined;
  /** FROM item giving the source rows. */
  readonly from: string;
  /** Column of `from` holding a row's position in the file. */
  readonly position: string;
  /** The file's text encoding (Parquet: utf-8). */
  readonly encoding: SourceEncoding;
  /** Rows of a staged source, when counted with its columns. */
  readonly rows?: number;
}

export interface LoadOptions {
  /** Values read as null, besides empty CSV cells. */
  readonly nullValues: readonly string[];
  /** CSV columns to keep as text whatever they look like (declared text fields: `00501` stays `00501`). */
  readonly textColumns: readonly string[];
  /** Where a GeoJSON or TopoJSON source is staged as NDJSON. */
  readonly stagingFile: string;
  /** Where a text source in another encoding than UTF-8 is copied as UTF-8 (its extension is added). */
  readonly stagingText: string;
  /** Where a CSV or TSV source is staged as Parquet instead of a table (large sources). */
  readonly stagingParquet?: string;
}

/** The format of a source: declared, or from its extension. `.json` stays 'json' until its content is seen. */
export function formatFromExtension(path: string): SourceFormat | undefined {
  switch (extname(path).toLowerCase()) {
    case '.csv':
      return 'csv';
    case '.tsv':
    case '.tab':
      return 'tsv';
    case '.json':
      return 'json';
    case '.ndjson':
    case '.jsonl':
      return 'ndjson';
    case '.geojson':
      return 'geojson';
    case '.topojson':
      return 'topojson';
    case '.parquet':
      return 'parquet';
    default:
      return undefined;
  }
}

/** Decides the format of a `.json` file from its first character, or from the document for objects. */
async function sniffJson(path: string): Promise<SourceFormat> {
  const handle = await open(path, 'r');
  let head: string;
  try {
    const buffer = Buffer.alloc(512);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead).toString('utf8').trimStart();
  } finally {
    await handle.close();
  }
  if (head.startsWith('[')) return 'json';
  if (!head.startsWith('{')) throw new Error('not a JSON array or object');
  let document: unknown;
  try {
    document = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    // Several objects one after another: newline-delimited JSON.
    return 'ndjson';
  }
  const type =
    typeof document === 'object' && document !== null && 'type' in document ? document.type : undefined;
  if (type === 'FeatureCollection' || type === 'Feature') return 'geojson';
  if (type === 'Topology') return 'topojson';
  throw new Error('a single JSON object that is neither GeoJSON nor TopoJSON');
}

export async function resolveFormat(spec: SourceSpec): Promise<SourceFormat> {
  if (spec.format) return spec.format;
  const byExtension = formatFromExtension(spec.path);
  if (!byExtension)
    throw new Error(`cannot tell the format of ${spec.path} from its extension: set "format"`);
  return byExtension === 'json' ? sniffJson(spec.path) : byExtension;
}

export async function tableColumns(engine: Engine, table: string): Promise<SourceColumn[]> {
  return sourceColumns(await engine.rows({ sql: describeTableSql(table), params: [] }));
}

/** Bytes DuckDB's CSV reader reads at once (twice its longest line, 2 MB by default). */
export const CSV_BUFFER_BYTES = 4_000_000;

/** Rows sniffed to read a CSV header's names. */
const HEADER_SAMPLE_ROWS = 1024;

function csvReader(
  spec: SourceSpec,
  format: 'csv' | 'tsv',
  options: LoadOptions,
  types: readonly string[],
  sampleRows = -1,
): string {
  const delimiter = spec.delimiter ?? (format === 'tsv' ? '\t' : ',');
  const args = [
    sqlString(spec.path),
    'header = true',
    `sample_size = ${sampleRows}`,
    `delim = ${sqlString(delimiter)}`,
    // The quote is not left to the sniffer: on a value opening a quote it never closes, the sniffer would
    // fall back to no quoting and serve the quote characters inside the values. With the quote set, such
    // a file is refused (and diagnosed with its line, see quotingFault), while a quote inside an unquoted
    // value (`5" screen`) is still read as it is.
    `quote = '"'`,
    `escape = '"'`,
    `nullstr = ${sqlStringList(['', ...options.nullValues])}`,
    // DuckDB's default reading buffer (32 MB a thread) does not fit a 64 MB share of memory: a 3M-row
    // CSV failed with "could not allocate block of size 30.5 MiB". Lines stay up to 2 MB (max_line_size).
    `buffer_size = ${CSV_BUFFER_BYTES}`,
  ];
  if (types.length > 0) args.push(`types = {${types.map((c) => `${sqlString(c)}: 'VARCHAR'`).join(', ')}}`);
  return `read_csv(${args.join(', ')})`;
}

async function stageAsParquet(
  engine: Engine,
  format: SourceFormat,
  reader: string,
  file: string,
): Promise<LoadedSource> {
  await copySourceToParquet(engine, reader, file);
  return parquetSource(engine, format, file);
}

async function parquetSource(engine: Engine, format: SourceFormat, path: string): Promise<LoadedSource> {
  const columns = sourceColumns(
    await engine.rows({ sql: describeQuerySql(`read_parquet(${sqlString(path)})`), params: [] }),
  );
  if (columns.length === 0) throw new Error('no columns');
  const from = `read_parquet(${sqlString(path)}, file_row_number = true)`;
  return { format, columns, features: undefined, from, position: 'file_row_number', encoding: 'utf-8' };
}

/**
 * The path of a text source's UTF-8 text: the file itself when it is UTF-8 (DuckDB skips a UTF-8 BOM),
 * else a copy transcoded into `staging`. An empty file is refused: it has no header to name fields from.
 */
async function utf8Text(
  spec: SourceSpec,
  staging: string,
): Promise<{ path: string; encoding: SourceEncoding }> {
  const detected = await detectEncoding(spec.path, spec.encoding);
  if (detected.empty) throw new Error('the file is empty: there is no header or record to read');
  if (detected.encoding === 'utf-8') return { path: spec.path, encoding: 'utf-8' };
  const target = `${staging}${extname(spec.path)}`;
  await transcodeToUtf8(spec.path, detected.encoding, target);
  return { path: target, encoding: detected.encoding };
}

/** Each line of a CSV as one value, quotes honoured: DuckDB then names the line of a quote left open. */
function quotingProbe(path: string): string {
  return `read_csv(${sqlString(path)}, auto_detect = false, header = false, columns = {'line': 'VARCHAR'}, delim = '\x01', quote = '"', escape = '"', strict_mode = true, buffer_size = ${CSV_BUFFER_BYTES})`;
}

/**
 * Why a CSV the reader could not sniff is refused, when it is a quote opened and never closed: the line
 * where it opens, as DuckDB's reader reports it. Undefined when the file has another fault.
 */
async function quotingFault(engine: Engine, path: string): Promise<string | undefined> {
  try {
    await stagedRowCount(engine, quotingProbe(path));
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/unterminated quote/i.test(message)) return undefined;
    const line = /CSV Error on Line: (\d+)/.exec(message)?.[1];
    // The probe has no header, so its line numbers are the file's own.
    return `line ${line ?? '?'}: a value opens a quote (") with no closing quote`;
  }
}

/** Reads the source: in place for Parquet, else into the staging table `table`, in file order. */
export async function loadSource(
  engine: Engine,
  spec: SourceSpec,
  table: string,
  options: LoadOptions,
): Promise<LoadedSource> {
  if ((spec.format ?? formatFromExtension(spec.path)) === 'parquet')
    return parquetSource(engine, 'parquet', spec.path);
  const text = await utf8Text(spec, options.stagingText);
  const readable: SourceSpec = { ...spec, path: text.path };
  const format = await resolveFormat(readable);
  let reader: string;
  let features: FeatureSummary | undefined;
  switch (format) {
    case 'csv':
    case 'tsv': {
      let overrides: string[] = [];
      try {
        if (options.textColumns.length > 0) {
          // Only the header's names are needed (the reader fails on a type for a column it does not
          // have): a small sample, not the whole file the reader sniffs (a second read of a large CSV).
          const header = await engine.rows({
            sql: describeQuerySql(csvReader(readable, format, options, [], HEADER_SAMPLE_ROWS)),
            params: [],
          });
          const present = new Set(header.map((row) => String(row[0])));
          overrides = options.textColumns.filter((column) => present.has(column));
        }
        reader = csvReader(readable, format, options, overrides);
        if (options.stagingParquet !== undefined) {
          const staged = await stageAsParquet(engine, format, reader, options.stagingParquet);
          return { ...staged, encoding: text.encoding };
        }
        await engine.execute(stagingTableSql(table, reader));
      } catch (error) {
        const fault = await quotingFault(engine, readable.path);
        throw fault === undefined ? error : new Error(fault, { cause: error });
      }
      return stagedSource(engine, table, format, undefined, text.encoding);
    }
    case 'json':
    case 'ndjson':
      reader = jsonReaderSql(readable.path, format);
      break;
    case 'parquet':
      return parquetSource(engine, format, spec.path);
    case 'geojson':
    case 'topojson': {
      const list = await readFeatures(readable.path, format, spec.topojsonObject);
      if (list.length === 0) throw new Error('no features');
      features = await writeFeatureLines(list, options.stagingFile);
      reader = jsonReaderSql(options.stagingFile, 'ndjson');
      break;
    }
  }
  await engine.execute(stagingTableSql(table, reader));
  return stagedSource(engine, table, format, features, text.encoding);
}

async function stagedSource(
  engine: Engine,
  table: string,
  format: SourceFormat,
  features: FeatureSummary | undefined,
  encoding: SourceEncoding,
): Promise<LoadedSource> {
  // Counted with the columns: a round trip less for each of thousands of small datasets.
  const described = await engine.rows({ sql: describeTableCountedSql(table), params: [] });
  const columns = sourceColumns(described);
  if (columns.length === 0) throw new Error('no columns');
  const rows = Number(described[0]?.[2] ?? 0);
  return { format, columns, features, from: quoteIdent(table), position: 'rowid', encoding, rows };
}
