// ODSQL field types, as the interface names them in dataset `fields[].type`: the storage layout's.
import type { FieldType } from '../layout/columns';

export { FIELD_TYPES, type FieldType } from '../layout/columns';

/**
 * What the language needs to know about a field: its name, its type and whether it holds several
 * values. `json` fields are opaque documents (the catalog's `metas`, `fields`, `attachments`): they can
 * be selected but not filtered, sorted or grouped.
 */
export interface FieldSchema {
  readonly name: string;
  readonly type: FieldType | 'json';
  /** A multivalued text field holds a list of strings. */
  readonly multivalued?: boolean;
  /**
   * Smallest and largest value, when known: of an int field; of a date field in days since 1970-01-01
   * (with the number of records, it lets a sort use one integer key); of a datetime field in epoch
   * milliseconds (it lets time zone conversions use the few offset changes within that range).
   */
  readonly range?: { readonly min: number; readonly max: number };
}

/** The fields a query may refer to, in dataset order. */
export interface DatasetSchema {
  readonly fields: readonly FieldSchema[];
  /** Number of records, when known: their positions run from 0 to records - 1. */
  readonly records?: number;
}

export function findField(schema: DatasetSchema, name: string): FieldSchema | undefined {
  const lower = name.toLowerCase();
  return (
    schema.fields.find((f) => f.name === name) ?? schema.fields.find((f) => f.name.toLowerCase() === lower)
  );
}
