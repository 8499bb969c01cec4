import { RECORD_ID_COLUMN, RECORD_TIMESTAMP_COLUMN } from '../../layout/columns';
import type { FieldSchema } from '../schema';

/*
 * The storage layout as the compiler reads it: the layout itself is in src/layout/columns.ts, shared
 * with ingestion; the technical fields a query may name are the compiler's.
 */

export {
  columnType,
  GEO_SHAPE_TYPE,
  normalizeSearchText,
  POSITION_COLUMN,
  RECORD_ID_COLUMN,
  RECORD_SIZE_COLUMN,
  RECORD_TIMESTAMP_COLUMN,
  SEARCH_COLUMN,
  searchColumnSql,
  searchSqlExpression,
} from '../../layout/columns';

/**
 * Technical fields a query may name beside the dataset's own (v2.0 documents `recordid` and
 * `record_timestamp`): a field of the dataset with the same name wins.
 */
const TECHNICAL_FIELDS: Readonly<
  Record<string, { readonly type: 'text' | 'datetime'; readonly column: string }>
> = {
  recordid: { type: 'text', column: RECORD_ID_COLUMN },
  record_timestamp: { type: 'datetime', column: RECORD_TIMESTAMP_COLUMN },
};

/** The technical field of that name (any case), as a field schema. */
export function technicalField(name: string): FieldSchema | undefined {
  const lower = name.toLowerCase();
  const t = TECHNICAL_FIELDS[lower];
  return t ? { name: lower, type: t.type } : undefined;
}

/** The column of a field (unquoted): its name, or the technical column behind a technical field. */
export function fieldColumn(field: FieldSchema, schemaHasIt: boolean): string {
  return schemaHasIt ? field.name : (TECHNICAL_FIELDS[field.name]?.column ?? field.name);
}
