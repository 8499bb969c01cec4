import {
  arrayFromArrayValue,
  arrayFromListValue,
  booleanFromValue,
  bytesFromBitValue,
  bytesFromBlobValue,
  bytesFromGeometryValue,
  createDuckDBValueConverter,
  type DuckDBConnection,
  DuckDBDateValue,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  DuckDBTypeId,
  type DuckDBValue,
  type DuckDBValueConverter,
  doubleFromDecimalValue,
  fromVariantValue,
  nullConverter,
  numberFromValue,
  objectArrayFromMapValue,
  objectFromStructValue,
  objectFromUnionValue,
  stringFromValue,
  unsupportedConverter,
} from '@duckdb/node-api';
import { bindParams } from '../../../layout/duckdb-bind';
import type { SqlParam } from '../../../odsql';

/*
 * Conversion between DuckDB values and plain JavaScript, in both directions: results must be JSON-ready
 * (no bigint, no DuckDB value classes), and parameters arrive as the compiler's `SqlParam`s.
 */

const MICROS_PER_MILLI = 1000n;
const MILLIS_PER_DAY = 86_400_000;

/** ISO 8601 text of an instant in microseconds; `zone` is appended ('Z' for instants, '' for naive). */
export function isoFromMicros(micros: bigint, zone: string): string {
  let millis = micros / MICROS_PER_MILLI;
  let rest = micros % MICROS_PER_MILLI;
  if (rest < 0n) {
    millis -= 1n;
    rest += MICROS_PER_MILLI;
  }
  const text = new Date(Number(millis)).toISOString().slice(0, -1);
  const sub = rest === 0n ? '' : rest.toString().padStart(3, '0');
  return `${text}${sub}${zone}`;
}

function isoDate(days: number): string {
  return new Date(days * MILLIS_PER_DAY).toISOString().slice(0, 10);
}

function dateText(value: DuckDBValue): string {
  if (!(value instanceof DuckDBDateValue)) throw new Error(`expected a DATE value, got ${String(value)}`);
  return value.isFinite ? isoDate(value.days) : value.toString();
}

function timestampText(value: DuckDBValue, zone: string): string {
  if (value instanceof DuckDBTimestampTZValue || value instanceof DuckDBTimestampValue) {
    return value.isFinite ? isoFromMicros(value.micros, zone) : value.toString();
  }
  if (value instanceof DuckDBTimestampSecondsValue) {
    return value.isFinite ? isoFromMicros(value.seconds * 1_000_000n, zone) : value.toString();
  }
  if (value instanceof DuckDBTimestampMillisecondsValue) {
    return value.isFinite ? isoFromMicros(value.millis * MICROS_PER_MILLI, zone) : value.toString();
  }
  if (value instanceof DuckDBTimestampNanosecondsValue) {
    return value.isFinite ? isoFromMicros(value.nanos / MICROS_PER_MILLI, zone) : value.toString();
  }
  throw new Error(`expected a TIMESTAMP value, got ${String(value)}`);
}

function numberFromBig(value: DuckDBValue): number {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return value;
  throw new Error(`expected an integer value, got ${String(value)}`);
}

const textOf = (value: DuckDBValue): string => String(value);

/** DuckDB value → plain JavaScript, the way the interface serialises it. */
export const plainValueConverter: DuckDBValueConverter<unknown> = createDuckDBValueConverter<unknown>({
  [DuckDBTypeId.INVALID]: unsupportedConverter,
  [DuckDBTypeId.BOOLEAN]: booleanFromValue,
  [DuckDBTypeId.TINYINT]: numberFromValue,
  [DuckDBTypeId.SMALLINT]: numberFromValue,
  [DuckDBTypeId.INTEGER]: numberFromValue,
  [DuckDBTypeId.BIGINT]: numberFromBig,
  [DuckDBTypeId.UTINYINT]: numberFromValue,
  [DuckDBTypeId.USMALLINT]: numberFromValue,
  [DuckDBTypeId.UINTEGER]: numberFromValue,
  [DuckDBTypeId.UBIGINT]: numberFromBig,
  [DuckDBTypeId.FLOAT]: numberFromValue,
  [DuckDBTypeId.DOUBLE]: numberFromValue,
  [DuckDBTypeId.TIMESTAMP]: (v) => timestampText(v, ''),
  [DuckDBTypeId.DATE]: dateText,
  [DuckDBTypeId.TIME]: textOf,
  [DuckDBTypeId.INTERVAL]: textOf,
  [DuckDBTypeId.HUGEINT]: numberFromBig,
  [DuckDBTypeId.UHUGEINT]: numberFromBig,
  [DuckDBTypeId.VARCHAR]: stringFromValue,
  [DuckDBTypeId.BLOB]: bytesFromBlobValue,
  [DuckDBTypeId.DECIMAL]: doubleFromDecimalValue,
  [DuckDBTypeId.TIMESTAMP_S]: (v) => timestampText(v, ''),
  [DuckDBTypeId.TIMESTAMP_MS]: (v) => timestampText(v, ''),
  [DuckDBTypeId.TIMESTAMP_NS]: (v) => timestampText(v, ''),
  [DuckDBTypeId.ENUM]: stringFromValue,
  [DuckDBTypeId.LIST]: arrayFromListValue,
  [DuckDBTypeId.STRUCT]: objectFromStructValue,
  [DuckDBTypeId.MAP]: objectArrayFromMapValue,
  [DuckDBTypeId.ARRAY]: arrayFromArrayValue,
  [DuckDBTypeId.UUID]: textOf,
  [DuckDBTypeId.UNION]: objectFromUnionValue,
  [DuckDBTypeId.BIT]: bytesFromBitValue,
  [DuckDBTypeId.TIME_TZ]: textOf,
  [DuckDBTypeId.TIMESTAMP_TZ]: (v) => timestampText(v, 'Z'),
  [DuckDBTypeId.ANY]: unsupportedConverter,
  [DuckDBTypeId.BIGNUM]: numberFromBig,
  [DuckDBTypeId.SQLNULL]: nullConverter,
  [DuckDBTypeId.STRING_LITERAL]: unsupportedConverter,
  [DuckDBTypeId.INTEGER_LITERAL]: unsupportedConverter,
  [DuckDBTypeId.TIME_NS]: textOf,
  [DuckDBTypeId.GEOMETRY]: bytesFromGeometryValue,
  [DuckDBTypeId.VARIANT]: fromVariantValue,
});

/**
 * Runs one statement for its effect: unprepared without parameters, so that a script of several
 * statements runs in one call on one connection; else prepared, bound and freed at once.
 */
export async function runStatement(
  connection: DuckDBConnection,
  sql: string,
  params: readonly SqlParam[],
): Promise<void> {
  if (params.length === 0) {
    await connection.run(sql);
    return;
  }
  const prepared = await connection.prepare(sql);
  try {
    bindParams(prepared, params);
    await prepared.run();
  } finally {
    prepared.destroySync();
  }
}
