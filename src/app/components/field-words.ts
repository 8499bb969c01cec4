import type { DatasetField } from '../../api';
import { t } from '../i18n/setup';

/*
 * A field's type and annotations as words of the reader's language ("Facette", "Triable"), each with
 * the name the API gives it (`facet`, `sortable`), which the Information tab keeps for those who
 * write requests. An annotation the explorer has no words for is shown by its name.
 */

export interface FieldWord {
  /** What the reader sees. */
  readonly text: string;
  /** The API's own name, with its value: `facetsort: -count`. */
  readonly raw: string;
}

function rawValue(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(', ') : String(value);
}

/** The field's type in words (`int` → "Integer"). */
export function typeWord(type: string): FieldWord {
  return { text: t(`fields.types.${type}`, { defaultValue: type }), raw: type };
}

/** One annotation in words, or undefined when it is switched off. */
export function annotationWord(name: string, value: unknown): FieldWord | undefined {
  if (value === false || value === null || value === undefined) return undefined;
  const flag = value === true || (Array.isArray(value) && value.length === 0);
  const raw = flag ? name : `${name}: ${rawValue(value)}`;
  const first = Array.isArray(value) ? value[0] : value;
  const words = (key: string, options: Record<string, string> = {}) =>
    t(`fields.annotations.${key}`, { ...options, defaultValue: raw });
  switch (name) {
    case 'facet':
    case 'disjunctive':
    case 'sortable':
    case 'id':
    case 'timerangeFilter':
      return { text: words(name), raw };
    case 'facetsort': {
      const order = t(`fields.annotations.facetOrders.${String(first)}`, { defaultValue: String(first) });
      return { text: words(name, { order }), raw };
    }
    case 'hierarchical':
    case 'multivalued':
      // The separator is the annotation's value; a flag alone names no separator.
      return flag ? { text: raw, raw } : { text: words(name, { separator: String(first) }), raw };
    case 'unit':
    case 'decimals':
    case 'timeserie_precision':
      return flag ? { text: raw, raw } : { text: words(name, { value: rawValue(value) }), raw };
    default:
      return { text: raw, raw };
  }
}

/** A field's annotations in words, in the order the API gives them. */
export function annotationWords(field: DatasetField): FieldWord[] {
  return Object.entries(field.annotations ?? {}).flatMap(([name, value]) => {
    const word = annotationWord(name, value);
    return word ? [word] : [];
  });
}
