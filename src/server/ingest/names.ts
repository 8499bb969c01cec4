import { createHash } from 'node:crypto';

import { toSnakeCase } from '../../layout/field-names';

/* Identifiers derived from dataset ids and file names (field names are in layout/field-names.ts). */

/** Attachment identifier of a file name: `airports.csv` → `airports_csv`. */
export function attachmentId(fileName: string): string {
  return toSnakeCase(fileName);
}

/** A stable short dataset uid in the interface's style (`da_` and six base-36 characters). */
export function datasetUid(datasetId: string): string {
  const digest = createHash('sha1').update(datasetId).digest('hex');
  return `da_${BigInt(`0x${digest.slice(0, 16)}`)
    .toString(36)
    .padStart(6, '0')
    .slice(0, 6)}`;
}

/** Name of the SQL table holding a dataset's records. */
export function recordsTableName(datasetId: string): string {
  return `ds_${datasetId.replace(/[^a-z0-9_]/g, '_')}`;
}
