import type { CalendarChoice } from '../../api/calendar';
import type { ApiVersion } from '../../api/version';
import type {} from '../../odsql';
import { invalidParameter } from '../errors';
import { boolean, integer, type QueryString, single } from '../http/params';

/** How a GPX export names and describes its points. */
export interface GpxOptions {
  /** Field whose value names each point (`name_field`). */
  readonly nameField?: string;
  /** Fields written in each point's description (`description_field_list`). */
  readonly descriptionFields?: readonly string[];
  /** Attributes in `<extensions>` (true) or in `<desc>` (false): `use_extension`. */
  readonly useExtension: boolean;
}

/** CSV dialect of an export (`delimiter`, `list_separator`, `quote_all`, `with_bom`). */
export interface CsvOptions {
  readonly delimiter: ';' | ',' | '\t' | '|';
  readonly listSeparator: string;
  readonly quoteAll: boolean;
  readonly withBom: boolean;
}

export interface ExportParams {
  /** Undefined: every record (`limit=-1`, the default). */
  readonly limit?: number;
  readonly useLabels: boolean;
  readonly epsg: number;
  readonly compressed: boolean;
  readonly csv: CsvOptions;
  readonly gpx: GpxOptions;
  /** The iCalendar export's fields, when the request names them (`start_field`, `end_field`, `title_field`). */
  readonly calendar: CalendarChoice;
  readonly parquetCompression: 'snappy' | 'zstd';
}

const DELIMITERS: Readonly<Record<string, CsvOptions['delimiter']>> = {
  ';': ';',
  semicolon: ';',
  ',': ',',
  comma: ',',
  '\t': '\t',
  tab: '\t',
  '|': '|',
  pipe: '|',
};

/** Longest `list_separator`: a separator, not a text. */
const MAX_LIST_SEPARATOR = 10;

function delimiter(query: QueryString): CsvOptions['delimiter'] {
  const raw = single(query, 'delimiter');
  if (raw === undefined || raw === '') return ';';
  const found = DELIMITERS[raw.toLowerCase()];
  if (!found)
    throw invalidParameter('delimiter', raw, 'one of ";", ",", "|", a tab (or semicolon, comma, pipe, tab)');
  return found;
}

function listSeparator(query: QueryString): string {
  const raw = single(query, 'list_separator');
  if (raw === undefined || raw === '') return ',';
  if (raw.length > MAX_LIST_SEPARATOR || /[\r\n]/.test(raw)) {
    throw invalidParameter(
      'list_separator',
      raw,
      `a separator of 1 to ${MAX_LIST_SEPARATOR} characters, without line breaks`,
    );
  }
  return raw;
}

function fieldList(query: QueryString, name: string): string[] {
  const raw = single(query, name);
  if (raw === undefined) return [];
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A field named by a parameter; `end_field=` (empty) asks for no end. */
function calendarChoice(query: QueryString): CalendarChoice {
  const named = (name: string) => single(query, name)?.trim();
  const start = named('start_field');
  const end = named('end_field');
  const title = named('title_field');
  return {
    ...(start ? { start } : {}),
    ...(end !== undefined ? { end } : {}),
    ...(title ? { title } : {}),
  };
}

/** The parameters every export shares, and those of CSV, GPX, iCalendar and Parquet. */
export function exportParams(query: QueryString, version: ApiVersion): ExportParams {
  const limit = integer(query, 'limit', -1);
  const compression = (single(query, 'parquet_compression') ?? 'snappy').toLowerCase();
  if (compression !== 'snappy' && compression !== 'zstd') {
    throw invalidParameter('parquet_compression', compression, 'snappy or zstd');
  }
  const nameField = single(query, 'name_field');
  return {
    ...(limit === -1 ? {} : { limit }),
    useLabels: boolean(query, 'use_labels', false),
    epsg: integer(query, 'epsg', 4326),
    compressed: boolean(query, 'compressed', false),
    csv: {
      delimiter: delimiter(query),
      listSeparator: listSeparator(query),
      quoteAll: boolean(query, 'quote_all', false),
      withBom: boolean(query, 'with_bom', version === '2.1'),
    },
    gpx: {
      ...(nameField !== undefined && nameField.trim() !== '' ? { nameField: nameField.trim() } : {}),
      descriptionFields: fieldList(query, 'description_field_list'),
      useExtension: boolean(query, 'use_extension', version === '2.1'),
    },
    calendar: calendarChoice(query),
    parquetCompression: compression,
  };
}
