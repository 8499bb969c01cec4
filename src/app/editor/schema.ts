import type { DatasetField } from '../../api';
import { type DatasetSchema, FIELD_TYPES, type FieldSchema, type FieldType } from '../../odsql';

function isOdsqlType(type: string): type is FieldType {
  return (FIELD_TYPES as readonly string[]).includes(type);
}

/** What the language knows of a dataset's fields; `file` and unknown types can only be selected, like json. */
export function datasetSchema(fields: readonly DatasetField[]): DatasetSchema {
  return {
    fields: fields.map(
      (f): FieldSchema => ({
        name: f.name,
        type: isOdsqlType(f.type) ? f.type : 'json',
        ...(f.annotations?.multivalued !== undefined ? { multivalued: true } : {}),
      }),
    ),
  };
}
