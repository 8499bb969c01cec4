import { open, readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { FeatureSummary } from '../../layout/features';
import {
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
} from '../backend/local-engine';
import type { Engine } from '../engine/types';
import type { SourceFormat, SourceSpec } from './descriptor';
import { detectEncoding, type SourceEncoding, transcodeToUtf8 } from './encoding';
import { readFeatures, writeFeatureLines } from './geojson';

/*
 * Reading a source file as it is: the format, delimiter, encoding and options are decided here and passed
 * as data to the ingestion engine's readers (backend/local-engine.ts), which write their SQL. Parquet is
 * read in place; the other formats are loaded into a staging table of the ingestion engine. A large CSV
 * is staged as a Parquet file instead and read like a Parquet source: on flights-3m as CSV (64 MB),
 * writing it took 3.3 s of CPU against 3.8 s for the table (which spills beyond the memory limit), and
 * each later pass reads it in 0.06 s against 0.37 s.
 */

/** The rows as the engine read them (columns, FROM item, position), with what ingestion knows of the file. */
export interface LoadedSource extends ReadSource {
  readonly format: SourceFormat;
  /** For GeoJSON and TopoJSON sources. */
  readonly features: FeatureSummary | undefined;
  /** The file's text encoding (Parquet: utf-8). */
  readonly encoding: SourceEncoding;
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

async function stageAsParquet(
  engine: Engine,
  format: SourceFormat,
  reader: SourceReader,
  file: string,
): Promise<LoadedSource> {
  await copySourceToParquet(engine, reader, file);
  return fromParquet(engine, format, file);
}

async function fromParquet(engine: Engine, format: SourceFormat, path: string): Promise<LoadedSource> {
  const read = await parquetSource(engine, path);
  if (read.columns.length === 0) throw new Error('no columns');
  return { ...read, format, features: undefined, encoding: 'utf-8' };
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

/**
 * Why a CSV the reader could not sniff is refused, when it is a quote opened and never closed: the line
 * where it opens. Undefined when the file has another fault.
 */
async function quotingFault(engine: Engine, path: string): Promise<string | undefined> {
  const line = await unclosedQuoteLine(engine, path);
  if (line === undefined) return undefined;
  return `line ${line ?? '?'}: a value opens a quote (") with no closing quote`;
}

/** Reads the source: in place for Parquet, else into the staging table `table`, in file order. */
export async function loadSource(
  engine: Engine,
  spec: SourceSpec,
  table: string,
  options: LoadOptions,
): Promise<LoadedSource> {
  if ((spec.format ?? formatFromExtension(spec.path)) === 'parquet')
    return fromParquet(engine, 'parquet', spec.path);
  const text = await utf8Text(spec, options.stagingText);
  const readable: SourceSpec = { ...spec, path: text.path };
  const format = await resolveFormat(readable);
  let reader: SourceReader;
  let features: FeatureSummary | undefined;
  switch (format) {
    case 'csv':
    case 'tsv': {
      const reading: CsvReading = {
        path: readable.path,
        delimiter: spec.delimiter ?? (format === 'tsv' ? '\t' : ','),
        nullValues: options.nullValues,
        textColumns: [],
      };
      try {
        // The reader fails on a type for a column it does not have: only the header's are kept.
        const present =
          options.textColumns.length > 0 ? new Set(await csvHeaderNames(engine, reading)) : new Set<string>();
        reader = csvReader({
          ...reading,
          textColumns: options.textColumns.filter((column) => present.has(column)),
        });
        if (options.stagingParquet !== undefined) {
          const staged = await stageAsParquet(engine, format, reader, options.stagingParquet);
          return { ...staged, encoding: text.encoding };
        }
        await stageSource(engine, table, reader);
      } catch (error) {
        const fault = await quotingFault(engine, readable.path);
        throw fault === undefined ? error : new Error(fault, { cause: error });
      }
      return fromStagingTable(engine, table, format, undefined, text.encoding);
    }
    case 'json':
    case 'ndjson':
      reader = jsonReader(readable.path, format);
      break;
    case 'parquet':
      return fromParquet(engine, format, spec.path);
    case 'geojson':
    case 'topojson': {
      const list = await readFeatures(readable.path, format, spec.topojsonObject);
      if (list.length === 0) throw new Error('no features');
      features = await writeFeatureLines(list, options.stagingFile);
      reader = jsonReader(options.stagingFile, 'ndjson');
      break;
    }
  }
  await stageSource(engine, table, reader);
  return fromStagingTable(engine, table, format, features, text.encoding);
}

async function fromStagingTable(
  engine: Engine,
  table: string,
  format: SourceFormat,
  features: FeatureSummary | undefined,
  encoding: SourceEncoding,
): Promise<LoadedSource> {
  const read = await stagedSource(engine, table);
  if (read.columns.length === 0) throw new Error('no columns');
  return { ...read, format, features, encoding };
}
