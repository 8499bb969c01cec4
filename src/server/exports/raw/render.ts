import {
  dateText,
  isoDatetime,
  isoUtcMillis,
  type RawRecords,
  type RawValueKind,
  zoneOffsets,
} from '../../../odsql';
import { doubleText } from '../formats/json-cells';

/*
 * Values of an export read raw (odsql/compile/raw-records.ts) rendered in the server into what the
 * compiled query's JSON texts hold: the same values for the writers (`value`), the same JSON text
 * (`jsonText`, for the Parquet rows), built without a JSON.parse per cell.
 */

/** Renders the raw values of one export's rows (a row: the columns' values, the id, the timestamp ms). */
export interface RawRenderer {
  /** The value of column `i` as the writers take it (v2.1 `results` shapes). */
  value(i: number, raw: unknown): unknown;
  /** The JSON text the compiled query would have yielded for column `i` (null for no value). */
  jsonText(i: number, raw: unknown): string | null;
  /** The record's timestamp text (UTC, milliseconds). */
  timestamp(raw: unknown): string;
  readonly kinds: readonly RawValueKind[];
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what gets escaped
const CONTROL = /[\\"\u0000-\u001f]/g;

/** JSON string text as the dialect's SQL escapes it (`\\`, `\"`, control characters as `\u00XX`). */
export function jsonString(text: string): string {
  return `"${text.replace(CONTROL, (c) => (c === '\\' ? '\\\\' : c === '"' ? '\\"' : `\\u00${c.charCodeAt(0).toString(16).padStart(2, '0')}`))}"`;
}

/**
 * The dialect writes a list's elements with `assumeNotNull`, so a null element is an empty text: kept,
 * so that both paths give the same file.
 */
const listOf = (raw: unknown): string[] | null => {
  const list = raw as readonly (string | null)[];
  return list.length === 0 ? null : list.map((v) => v ?? '');
};

export function rawRenderer(raw: Pick<RawRecords, 'kinds' | 'timezone'>): RawRenderer {
  const offsetOf = raw.timezone === null ? () => 0 : zoneOffsets(raw.timezone);
  const instant = (ms: number): string => isoDatetime(ms, Math.trunc(offsetOf(ms) / 1000));
  const value = (i: number, cell: unknown): unknown => {
    if (cell === null || cell === undefined) return null;
    switch (raw.kinds[i]) {
      case 'text':
        return cell;
      case 'texts':
        return listOf(cell);
      case 'int':
        return Number(cell);
      case 'double':
        return cell;
      case 'boolean':
        return cell !== 0;
      case 'date':
        return dateText(cell as number);
      case 'datetime':
        return instant(cell as number);
      default:
        return JSON.parse(cell as string);
    }
  };
  const jsonText = (i: number, cell: unknown): string | null => {
    if (cell === null || cell === undefined) return null;
    switch (raw.kinds[i]) {
      case 'text':
        return jsonString(cell as string);
      case 'texts': {
        const list = listOf(cell);
        return list === null ? null : `[${list.map(jsonString).join(',')}]`;
      }
      case 'int':
        return cell as string;
      case 'double':
        return doubleText(cell as number);
      case 'boolean':
        return cell !== 0 ? 'true' : 'false';
      case 'date':
        return `"${dateText(cell as number)}"`;
      case 'datetime':
        return `"${instant(cell as number)}"`;
      default:
        return cell as string;
    }
  };
  return { value, jsonText, timestamp: (cell) => isoUtcMillis(cell as number), kinds: raw.kinds };
}
