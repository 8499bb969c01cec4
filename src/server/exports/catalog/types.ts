import type { ApiVersion } from '../../../api/version';
import type {} from '../../../odsql';
import type { Dataset } from '../../catalog/types';
import type { CsvOptions } from '../params';

/** What a catalog export writer gets: the datasets the request selects, in order, and its options. */
export interface CatalogExportContext {
  readonly version: ApiVersion;
  readonly datasets: readonly Dataset[];
  /** The API root of the request (`http://host/api/explore/v2.1`), for links and IRIs. */
  readonly root: string;
  readonly timezone: string;
  readonly csv: CsvOptions;
  /** Dataset export formats listed as DCAT distributions (`include_exports`). */
  readonly includeExports: readonly string[];
  /** Distribution URLs ask for field labels (`use_labels_in_exports`). */
  readonly useLabelsInExports: boolean;
  readonly signal: AbortSignal;
}

/** One catalog export format: its name in the URL, file extension, media type and writer. */
export interface CatalogExportFormat {
  readonly format: string;
  /** The downloaded file's name. */
  readonly fileName: string;
  readonly mediaType: string;
  write(context: CatalogExportContext): AsyncIterable<string | Uint8Array>;
}

export function datasetUrl(context: CatalogExportContext, dataset: Dataset): string {
  return `${context.root}/catalog/datasets/${encodeURIComponent(dataset.dataset_id)}`;
}
