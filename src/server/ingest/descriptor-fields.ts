import type { FieldSpec } from '../../layout/fields';
import { FIELD_TYPES, type FieldType } from '../../odsql';
import type { FacetSort, FieldAnnotations } from '../catalog/types';
import { DescriptorError } from './descriptor-error';
import { checkKeys, expectObject, optionalString, requiredString } from './descriptor-json';

/* The fields a descriptor declares (`fields`), checked and normalised. */

/** A field name: lower snake case, starting with a letter. */
export const FIELD_NAME = /^[a-z][a-z0-9_]*$/;
const FACET_SORTS: readonly FacetSort[] = ['count', '-count', 'alphanum', '-alphanum', 'num', '-num'];

/**
 * Field annotations, kept in the order the descriptor writes them: the service lists a field's
 * annotations in the order they were set (`facet, sortable, disjunctive` on one field and `facet,
 * disjunctive, facetsort, sortable` on another, conformance capture 01).
 */
function parseAnnotations(value: unknown, where: string): FieldAnnotations {
  if (value === undefined || value === null) return {};
  const object = expectObject(value, where);
  const booleans = ['facet', 'disjunctive', 'sortable', 'id', 'timerangeFilter'] as const;
  checkKeys(object, [...booleans, 'facetsort', 'hierarchical', 'multivalued', 'unit', 'decimals'], where);
  const annotations: Record<string, boolean | string | number> = {};
  for (const [key, raw] of Object.entries(object)) {
    // An unset text annotation may be written null (as before); other annotations may not.
    if (raw === undefined || (raw === null && TEXT_ANNOTATIONS.includes(key))) continue;
    annotations[key] = annotationValue(key, raw, where);
  }
  return annotations;
}

const TEXT_ANNOTATIONS: readonly string[] = ['hierarchical', 'multivalued', 'unit'];

function annotationValue(key: string, value: unknown, where: string): boolean | string | number {
  switch (key) {
    case 'facetsort': {
      const sort = FACET_SORTS.find((s) => s === value);
      if (!sort) throw new DescriptorError(`${where}.facetsort must be one of ${FACET_SORTS.join(', ')}`);
      return sort;
    }
    case 'hierarchical':
    case 'multivalued':
    case 'unit': {
      if (typeof value !== 'string') throw new DescriptorError(`${where}.${key} must be a string`);
      if (value === '') throw new DescriptorError(`${where}.${key} must not be empty`);
      return value;
    }
    case 'decimals': {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
        throw new DescriptorError(`${where}.decimals must be a non-negative integer`);
      }
      return value;
    }
    default: {
      if (typeof value !== 'boolean') throw new DescriptorError(`${where}.${key} must be true or false`);
      return value;
    }
  }
}

/** The `fields[index]` entry of a descriptor: name, source column, type, label and annotations. */
export function parseField(value: unknown, index: number): FieldSpec {
  const where = `fields[${index}]`;
  const object = expectObject(value, where);
  checkKeys(object, ['name', 'source', 'type', 'label', 'description', 'annotations', 'format'], where);
  const name = requiredString(object, 'name', where);
  if (!FIELD_NAME.test(name)) {
    throw new DescriptorError(
      `${where}.name "${name}" must be lower snake case (a-z, 0-9, _), starting with a letter`,
    );
  }
  const rawType = object.type;
  let type: FieldType | undefined;
  if (rawType !== undefined) {
    type = FIELD_TYPES.find((t) => t === rawType);
    if (!type) throw new DescriptorError(`${where}.type must be one of ${FIELD_TYPES.join(', ')}`);
  }
  const annotations = parseAnnotations(object.annotations, `${where}.annotations`);
  if (annotations.multivalued !== undefined && type !== undefined && type !== 'text') {
    throw new DescriptorError(`${where}: only text fields can be multivalued`);
  }
  return {
    name,
    source: optionalString(object, 'source', where) ?? name,
    type,
    label: optionalString(object, 'label', where),
    description: optionalString(object, 'description', where) ?? null,
    annotations,
    format: optionalString(object, 'format', where),
  };
}
