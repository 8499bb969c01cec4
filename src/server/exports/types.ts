import type { ApiVersion } from '../../api/version';
import type { CompiledQuery, FieldType, Geometry } from '../../odsql';
import type { Engine } from '../engine/types';
import type { CsvOptions, GpxOptions } from './params';

export type { GpxOptions } from './params';

/*
 * The contract between the export pipeline (which runs the query and streams its rows out of DuckDB)
 * and each format's writer (which turns records into the bytes of one file format).
 */

/** A column of an export: a dataset field, or a `select` expression under its output name. */
export interface ExportColumn {
  /** Key of the value in `ExportRecord.fields`: the field name, or the expression's output name. */
  readonly name: string;
  /** The field's label (the name for expressions): the header when `use_labels=true`. */
  readonly label: string;
  /** The interface type of the values; `json` when an expression has no single type. */
  readonly type: FieldType | 'json';
  /** A multivalued text field: its values are arrays of strings. */
  readonly multivalued?: boolean;
}

/**
 * One exported row. Values have the shapes of v2.1 `results`: text, numbers, booleans, `YYYY-MM-DD`
 * dates, ISO datetimes with the offset of the request's time zone, `{lon, lat}` points, GeoJSON Feature
 * objects for shapes, arrays for multivalued text; null for no value. Writers that must differ on v2.0
 * (GeoJSON datetimes as timestamps, for instance) do so from `ExportContext.version`.
 */
export interface ExportRecord {
  /** The record id; absent when the rows are `group_by` groups. */
  readonly id?: string;
  /** The record's ISO timestamp; absent for groups. */
  readonly timestamp?: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** What a writer may say about the dataset itself (titles, descriptions, links in RDF and RSS). */
export interface ExportDataset {
  readonly dataset_id: string;
  readonly title?: string;
  readonly description?: string;
}

/** The columns an iCalendar export makes its events of (src/api/calendar.ts chose them). */
export interface CalendarColumns {
  readonly start: ExportColumn;
  readonly end?: ExportColumn;
  readonly title: ExportColumn;
}

export interface ExportContext {
  readonly version: ApiVersion;
  readonly dataset: ExportDataset;
  readonly columns: readonly ExportColumn[];
  /** Headers and property names are labels (`use_labels=true`) instead of names. */
  readonly useLabels: boolean;
  /** The EPSG code geometries are written in (`epsg`, default 4326). */
  readonly epsg: number;
  /** Projects a WGS 84 geometry into `epsg` (the identity for 4326). */
  readonly project: (geometry: Geometry) => Geometry;
  /** Absolute URL of the dataset in this API (`…/catalog/datasets/{id}`), for links and RDF IRIs. */
  readonly datasetUrl: string;
  readonly gpx: GpxOptions;
  /** The calendar's columns, for the iCalendar export (the route resolves them; other formats have none). */
  readonly calendar?: CalendarColumns;
  /** CSV dialect (`delimiter`, `list_separator`, `quote_all`, `with_bom`), for formats that write CSV. */
  readonly csv?: CsvOptions;
  /** The records in batches, in query order; iterating pulls them from the engine (back-pressure). */
  readonly records: AsyncIterable<readonly ExportRecord[]>;
  /** Aborted when the client goes away: writers stop and release what they hold. */
  readonly signal: AbortSignal;
}

/** One dataset export format: its name in the URL, file extension, media type and writer. */
export interface RecordExportFormat {
  readonly format: string;
  readonly extension: string;
  readonly mediaType: string;
  /** The versions whose interface lists this format. */
  readonly versions: readonly ApiVersion[];
  /** The file's bytes, in order; yielding lets the HTTP layer apply back-pressure. */
  write(context: ExportContext): AsyncIterable<string | Uint8Array>;
  /**
   * A faster path the pipeline prefers when present: the engine writes the file or its lines itself
   * from the compiled query, without a JavaScript object per record. Undefined when it does not apply
   * to this request (then `write` is used).
   */
  engineWrite?(plan: EngineExport): AsyncIterable<string | Uint8Array> | undefined;
  /** The most records a file of this format holds, and the error that refuses more (bounds.ts). */
  readonly maxRecords?: { readonly records: number; readonly error: () => Error };
}

/** What an engine-side writer needs: the writer context (without records) and the compiled query. */
export interface EngineExport {
  readonly context: Omit<ExportContext, 'records'>;
  readonly engine: Engine;
  readonly compiled: CompiledQuery;
  readonly parquetCompression: 'snappy' | 'zstd';
}
