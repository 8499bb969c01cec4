/** ODSQL field types, as the interface names them in dataset `fields[].type`. */
export const FIELD_TYPES = [
  'text',
  'int',
  'double',
  'boolean',
  'date',
  'datetime',
  'geo_point_2d',
  'geo_shape',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

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
}

/** The fields a query may refer to, in dataset order. */
export interface DatasetSchema {
  readonly fields: readonly FieldSchema[];
}

export function findField(schema: DatasetSchema, name: string): FieldSchema | undefined {
  const lower = name.toLowerCase();
  return (
    schema.fields.find((f) => f.name === name) ?? schema.fields.find((f) => f.name.toLowerCase() === lower)
  );
}
