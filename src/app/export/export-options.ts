import type { RecordsExportParams, RecordsParams } from '../../api';

export type CsvDelimiter = NonNullable<RecordsExportParams['delimiter']>;
/** The delimiters the interface accepts, in the order the options list them. */
export const CSV_DELIMITERS: readonly CsvDelimiter[] = [';', ',', '\t', '|'];

import type { ExportFormat } from './formats';

/** The choices of the Export tab. Defaults are the interface's own, so they stay out of the URL. */
export interface ExportOptions {
  /** The records the table shows (filters, query, sort) or every record of the dataset. */
  readonly scope: 'selection' | 'dataset';
  readonly useLabels: boolean;
  readonly delimiter: CsvDelimiter;
  readonly listSeparator: string;
  readonly quoteAll: boolean;
  readonly withBom: boolean;
  /** EPSG code as typed; checked by `epsgError`. */
  readonly epsg: string;
  readonly nameField: string;
  readonly descriptionFields: readonly string[];
  readonly useExtension: boolean;
}

export const DEFAULT_EXPORT_OPTIONS: ExportOptions = {
  scope: 'selection',
  useLabels: false,
  delimiter: ';',
  listSeparator: ',',
  quoteAll: false,
  withBom: true,
  epsg: '4326',
  nameField: '',
  descriptionFields: [],
  useExtension: true,
};

/** Why a typed EPSG code cannot be sent, or undefined when it can. */
export function epsgError(epsg: string): string | undefined {
  if (!/^\d{4,6}$/.test(epsg.trim()))
    return 'An EPSG code is a number of 4 to 6 digits, such as 4326 or 2154.';
  return undefined;
}

/** The records query an export repeats: the selection's filters, query and sort, without paging. */
export function selectionParams(records: RecordsParams): RecordsExportParams {
  const { limit: _limit, offset: _offset, facet: _facet, ...selection } = records;
  return selection;
}

/** The export parameters of a format: the scope's query and the options that apply to that format. */
export function exportParams(
  format: ExportFormat,
  options: ExportOptions,
  records: RecordsParams,
): RecordsExportParams {
  const query = options.scope === 'selection' ? selectionParams(records) : {};
  const csv = format.options.includes('csv');
  const gpx = format.options.includes('gpx');
  const projection = format.options.includes('projection') && epsgError(options.epsg) === undefined;
  const epsg = Number(options.epsg.trim());
  return {
    ...query,
    ...(options.useLabels ? { use_labels: true } : {}),
    ...(projection && epsg !== 4326 ? { epsg } : {}),
    ...(csv && options.delimiter !== ';' ? { delimiter: options.delimiter } : {}),
    ...(csv && options.listSeparator !== ',' && options.listSeparator !== ''
      ? { list_separator: options.listSeparator }
      : {}),
    ...(csv && options.quoteAll ? { quote_all: true } : {}),
    ...(csv && !options.withBom ? { with_bom: false } : {}),
    ...(gpx && options.nameField !== '' ? { name_field: options.nameField } : {}),
    ...(gpx && options.descriptionFields.length > 0
      ? { description_field_list: options.descriptionFields.join(',') }
      : {}),
    ...(gpx && !options.useExtension ? { use_extension: false } : {}),
  };
}
