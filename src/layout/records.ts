import {
  columnType,
  GEO_SHAPE_TYPE,
  POSITION_COLUMN,
  quoteIdent,
  RECORD_ID_COLUMN,
  RECORD_SIZE_COLUMN,
  RECORD_TIMESTAMP_COLUMN,
  SEARCH_COLUMN,
  searchColumnSql,
} from './columns';
import { LAT_COLUMN, LON_COLUMN, SHAPE_COLUMN } from './features';
import type { ColumnInput, FieldInput, ResolvedField } from './fields';
import { isListType } from './fields';
import { sqlString } from './sql';

/*
 * The set-based SQL that turns source rows into the records file (layout: columns.ts), in streaming
 * passes that never hold a dataset in memory. Ingestion (server/ingest/ingest.ts) and the compiler's test
 * database (odsql/compile/test-db.ts) write their records with these statements:
 *
 * Record ids are content hashes: DuckDB's 64-bit `hash()` of the record's typed values in field order
 * (`contentHash`), stored as a UBIGINT in `__id` and served as its 16 lower-case hex digits (see
 * views.ts). Identical rows would share it, so the n-th repeat (n ≥ 1, in source order) gets the
 * hash of `<hex of the content hash>#n` instead. A record's size (`__size`) is the length in bytes of its
 * canonical JSON (`{"field": value, …}` in field order, a geo_shape as its GeoJSON). (A SHA-1 of the
 * canonical JSON written as 40 hex characters cost 5 to 10 times DuckDB's own load: docs/storage.md.)
 *
 * 1. `repeatsTableSql` / `partitionedRepeatsSql`: finds the repeated rows by counting content hashes
 *    (8-byte keys: a small aggregate, sliced beyond the memory limit), and numbers only those.
 * 2. `recordsCopySql`: one COPY from the source to Parquet giving each row its typed values, its id,
 *    size, search text and position, the few repeats joined from step 1.
 */

export interface RecordsPlan {
  /** FROM item of the source rows: a staging table, or `read_parquet(…)` of the source itself. */
  readonly source: string;
  /** Column of the source giving a row's position in the file (`rowid`, `file_row_number`). */
  readonly position: string;
  readonly joinTable: string | undefined;
  readonly join: { readonly key: string; readonly on: string } | undefined;
  readonly fields: readonly ResolvedField[];
  readonly nullValues: readonly string[];
  /** Zone of naive date-times in the source (the dataset's timezone). */
  readonly timezone: string;
  /** `__timestamp` of every record (ISO 8601). */
  readonly processedAt: string;
}

/** A date-time text that carries its own UTC offset (else it is read in the dataset's timezone). */
const OFFSET_PATTERN = '\\d:\\d\\d(:\\d\\d(\\.\\d+)?)?\\s*(Z|[+-]\\d\\d(:?\\d\\d)?)$';
const TEXT_SOURCE_TYPES = new Set(['VARCHAR', 'JSON']);

class Expressions {
  constructor(private readonly plan: RecordsPlan) {}

  private ref(input: ColumnInput): string {
    return `${input.side === 'join' ? 'j' : 'r'}.${quoteIdent(input.column)}`;
  }

  /** The column as text when the source holds text, with the descriptor's null markers removed. */
  private text(input: ColumnInput): string {
    const ref = this.ref(input);
    const text = input.columnType === 'JSON' ? `json_extract_string(${ref}, '$')` : ref;
    if (this.plan.nullValues.length === 0) return text;
    return `(CASE WHEN ${text} IN (${this.plan.nullValues.map(sqlString).join(', ')}) THEN NULL ELSE ${text} END)`;
  }

  /** The column's value, read as text if it is text. */
  private value(input: ColumnInput): string {
    return TEXT_SOURCE_TYPES.has(input.columnType) ? this.text(input) : this.ref(input);
  }

  private zone(): string {
    return sqlString(this.plan.timezone);
  }

  private textField(field: ResolvedField, input: ColumnInput): string {
    const separator = field.annotations.multivalued;
    if (separator === undefined) {
      if (TEXT_SOURCE_TYPES.has(input.columnType)) return this.text(input);
      if (isListType(input.columnType) || /^(STRUCT|MAP)/.test(input.columnType)) {
        return `CAST(to_json(${this.ref(input)}) AS VARCHAR)`;
      }
      return `CAST(${this.ref(input)} AS VARCHAR)`;
    }
    let list: string;
    if (isListType(input.columnType)) {
      const item = input.columnType === 'JSON[]' ? "json_extract_string(x, '$')" : 'CAST(x AS VARCHAR)';
      list = `list_transform(${this.ref(input)}, x -> trim(${item}))`;
    } else {
      list = `list_transform(string_split(${this.value(input)}, ${sqlString(separator)}), x -> trim(x))`;
    }
    const kept = `list_filter(${list}, x -> x IS NOT NULL AND x <> '')`;
    return `(CASE WHEN len(${kept}) = 0 THEN NULL ELSE ${kept} END)`;
  }

  /** An instant from a number of seconds or milliseconds since the epoch. */
  private epoch(field: ResolvedField, input: ColumnInput): string | undefined {
    const value = `CAST(${this.value(input)} AS DOUBLE)`;
    if (field.format === 'epoch_ms') return `make_timestamptz(CAST(round(${value} * 1000) AS BIGINT))`;
    if (field.format === 'epoch_s') return `make_timestamptz(CAST(round(${value} * 1000000) AS BIGINT))`;
    return undefined;
  }

  private instant(field: ResolvedField, input: ColumnInput): string {
    const epoch = this.epoch(field, input);
    if (epoch) return epoch;
    const value = this.value(input);
    if (field.format !== undefined) {
      const parsed = `strptime(${value}, ${sqlString(field.format)})`;
      return /%[zZ]/.test(field.format)
        ? `CAST(${parsed} AS TIMESTAMPTZ)`
        : `timezone(${this.zone()}, ${parsed})`;
    }
    const type = input.columnType;
    if (type === 'TIMESTAMP WITH TIME ZONE') return value;
    if (type === 'DATE' || type.startsWith('TIMESTAMP'))
      return `timezone(${this.zone()}, CAST(${value} AS TIMESTAMP))`;
    if (TEXT_SOURCE_TYPES.has(type)) {
      return `(CASE WHEN regexp_matches(${value}, ${sqlString(OFFSET_PATTERN)}) THEN CAST(${value} AS TIMESTAMPTZ) ELSE timezone(${this.zone()}, CAST(${value} AS TIMESTAMP)) END)`;
    }
    throw new Error(`field "${field.name}": a ${type} column needs "format": "epoch_ms" or "epoch_s"`);
  }

  /** A DATE or naive TIMESTAMP column read without format in a dataset whose time zone is UTC. */
  private naiveUtc(field: ResolvedField, input: ColumnInput): boolean {
    return (
      field.format === undefined &&
      /^(UTC|Etc\/UTC|GMT|Z)$/i.test(this.plan.timezone) &&
      (input.columnType === 'DATE' || /^TIMESTAMP(_[A-Z]+)?$/.test(input.columnType))
    );
  }

  private date(field: ResolvedField, input: ColumnInput): string {
    const type = input.columnType;
    if (field.format === undefined && type === 'DATE') return this.ref(input);
    if (field.format === undefined && TEXT_SOURCE_TYPES.has(type))
      return `CAST(${this.value(input)} AS DATE)`;
    if (field.format === undefined && type === 'TIMESTAMP') return `CAST(${this.ref(input)} AS DATE)`;
    if (field.format !== undefined && !this.epoch(field, input) && !/%[zZ]/.test(field.format)) {
      return `CAST(strptime(${this.value(input)}, ${sqlString(field.format)}) AS DATE)`;
    }
    return `CAST(timezone(${this.zone()}, ${this.instant(field, input)}) AS DATE)`;
  }

  private point(lat: string, lon: string): string {
    return `(CASE WHEN ${lat} IS NULL OR ${lon} IS NULL THEN NULL ELSE struct_pack(lat := CAST(${lat} AS DOUBLE), lon := CAST(${lon} AS DOUBLE)) END)`;
  }

  private geoPoint(field: ResolvedField, input: ColumnInput): string {
    const type = input.columnType;
    const ref = this.ref(input);
    if (TEXT_SOURCE_TYPES.has(type)) {
      const text = this.value(input);
      return this.point(`trim(split_part(${text}, ',', 1))`, `trim(split_part(${text}, ',', 2))`);
    }
    if (type.startsWith('STRUCT') && /\blat\b/.test(type) && /\blon\b/.test(type)) {
      return this.point(`${ref}.lat`, `${ref}.lon`);
    }
    if (isListType(type)) return this.point(`${ref}[1]`, `${ref}[2]`);
    throw new Error(`field "${field.name}": a ${type} column cannot be read as a geo_point_2d`);
  }

  field(field: ResolvedField): string {
    const input: FieldInput = field.input;
    if (input.kind === 'geometry') {
      const raw = (column: string): string => `r.${quoteIdent(column)}`;
      if (field.type === 'geo_shape') return `CAST(CAST(${raw(SHAPE_COLUMN)} AS JSON) AS ${GEO_SHAPE_TYPE})`;
      return this.point(raw(LAT_COLUMN), raw(LON_COLUMN));
    }
    if (input.kind === 'lat_lon') return this.point(this.value(input.lat), this.value(input.lon));
    switch (field.type) {
      case 'text':
        return this.textField(field, input);
      case 'int':
        return `CAST(${this.value(input)} AS BIGINT)`;
      case 'double':
        return `CAST(${this.value(input)} AS DOUBLE)`;
      case 'boolean':
        return `CAST(${this.value(input)} AS BOOLEAN)`;
      case 'date':
        return this.date(field, input);
      case 'datetime':
        // Stored as the UTC wall clock (see storage): the instant seen from UTC. A naive date-time of a
        // dataset in UTC already is one (the two time zone conversions cost more than reading the file).
        if (this.naiveUtc(field, input)) return `CAST(${this.value(input)} AS TIMESTAMP)`;
        return `timezone('UTC', ${this.instant(field, input)})`;
      case 'geo_point_2d':
        return this.geoPoint(field, input);
      case 'geo_shape':
        throw new Error(
          `field "${field.name}": geo_shape fields are read from GeoJSON or TopoJSON geometries`,
        );
    }
  }
}

function schemaOf(field: ResolvedField): { name: string; type: ResolvedField['type']; multivalued: boolean } {
  return { name: field.name, type: field.type, multivalued: field.annotations.multivalued !== undefined };
}

/** A field's member in the canonical JSON: its value, a geo_shape as its GeoJSON. */
function canonicalMember(field: ResolvedField): string {
  const ref = quoteIdent(field.name);
  return field.type === 'geo_shape' ? `json(${ref}.geojson)` : ref;
}

/**
 * The byte length of a record's canonical JSON (see the header comment), summed member by member
 * (`{}`, the commas, each `"name":` and each value's JSON, `null` for a null) instead of measured on
 * the whole text: building one JSON object a record took 0.65 s of CPU on flights-3m, the members'
 * lengths 0.16 s, for the same sizes (a unit test compares them on every field type).
 */
function canonicalSize(fields: readonly ResolvedField[]): string {
  if (fields.length === 0) return '2';
  const members = fields.map(
    (f) =>
      `strlen(CAST(to_json(${sqlString(f.name)}) AS VARCHAR)) + 1 + coalesce(strlen(CAST(to_json(${canonicalMember(f)}) AS VARCHAR)), 4)`,
  );
  return `${1 + fields.length} + ${members.join(' + ')}`;
}

/** The WITH clause giving each source row its typed field values (`canon`). */
function canonicalRows(plan: RecordsPlan): string {
  const expressions = new Expressions(plan);
  const typed = plan.fields.map(
    (f) => `CAST(${expressions.field(f)} AS ${columnType(schemaOf(f))}) AS ${quoteIdent(f.name)}`,
  );
  let from = `${plan.source} AS r`;
  let joinCte = '';
  if (plan.joinTable && plan.join) {
    const key = quoteIdent(plan.join.key);
    joinCte = `j AS (SELECT * FROM ${quoteIdent(plan.joinTable)} QUALIFY row_number() OVER (PARTITION BY ${key} ORDER BY rowid) = 1),\n`;
    from += ` LEFT JOIN j ON CAST(r.${quoteIdent(plan.join.on)} AS VARCHAR) = CAST(j.${key} AS VARCHAR)`;
  }
  return `WITH ${joinCte}canon AS (SELECT r.${quoteIdent(plan.position)} AS __p, ${typed.join(', ')} FROM ${from})`;
}

/** Parquet writing options of every records file. */
export const PARQUET_OPTIONS = 'FORMAT parquet, COMPRESSION zstd';

/**
 * A record's content hash: DuckDB's 64-bit `hash()` of its typed values, in field order (a UBIGINT).
 * Hashing the values themselves costs a fifth of hashing their canonical JSON, and mixes better: on
 * flights-3m, `hash(<canonical JSON>)` gave 796 equal hashes where 191 records are repeated;
 * `hash(<values>)` gives exactly the 191.
 */
function contentHash(fields: readonly ResolvedField[]): string {
  return `hash(${fields.map((f) => `canon.${quoteIdent(f.name)}`).join(', ')})`;
}

/** The id of the n-th repeat (n ≥ 1) of a record whose content hash is `hash`: the hash of `<hex>#n`. */
function repeatId(hash: string, n: string): string {
  return `hash(printf('%016x', ${hash}) || '#' || ${n})`;
}

/**
 * Step 1 for small sources: the repeated rows (position `__rep_pos`, repeat number `__rep_n` ≥ 1) into
 * `table`. Rows whose content hashes are equal are repeats (two different records whose 64-bit hashes
 * collide are numbered alike, which keeps their ids distinct).
 */
export function repeatsTableSql(plan: RecordsPlan, table: string): string {
  return `CREATE OR REPLACE TABLE ${quoteIdent(table)} AS
${canonicalRows(plan)},
hashed AS (SELECT __p, ${contentHash(plan.fields)} AS __h FROM canon)
SELECT __p AS __rep_pos, row_number() OVER (PARTITION BY __h ORDER BY __p) - 1 AS __rep_n
FROM hashed WHERE __h IN (SELECT __h FROM hashed GROUP BY __h HAVING count(*) > 1)
QUALIFY __rep_n > 0`;
}

/**
 * Step 1 for larger sources: the content hashes are computed once and written to `hashFile` (position
 * `__p`, hash `__h`: 16 bytes a row), counted in `partitions` passes over that file (each a slice of the
 * hash space, so that one aggregate fits the memory limit), and the rows of repeated hashes are numbered
 * from the same file. Returns the statements, to run in order.
 */
export function partitionedRepeatsSql(
  plan: RecordsPlan,
  table: string,
  hashFile: string,
  partitions: number,
): string[] {
  const hashes = `read_parquet(${sqlString(hashFile)})`;
  const candidates = quoteIdent(`${table}_candidates`);
  const statements = [
    `COPY (${canonicalRows(plan)} SELECT __p, ${contentHash(plan.fields)} AS __h FROM canon) TO ${sqlString(hashFile)} (FORMAT parquet, COMPRESSION uncompressed)`,
    `CREATE OR REPLACE TABLE ${candidates} (__h UBIGINT)`,
  ];
  const slice = (i: number): string => (partitions > 1 ? ` WHERE __h % ${partitions} = ${i}` : '');
  for (let i = 0; i < partitions; i++) {
    statements.push(
      `INSERT INTO ${candidates} SELECT __h FROM ${hashes}${slice(i)} GROUP BY __h HAVING count(*) > 1`,
    );
  }
  statements.push(`CREATE OR REPLACE TABLE ${quoteIdent(table)} AS
SELECT __p AS __rep_pos, row_number() OVER (PARTITION BY __h ORDER BY __p) - 1 AS __rep_n
FROM ${hashes} WHERE __h IN (SELECT __h FROM ${candidates})
QUALIFY __rep_n > 0`);
  statements.push(`DROP TABLE ${candidates}`);
  return statements;
}

/** Up to this many repeats of one record, repeat numbers are looked up without a join (see below). */
export const MAX_REPEATS_WITHOUT_JOIN = 32;

/**
 * Step 2: the records written to `target` in source order, the n-th repeat (from `repeats`, step 1;
 * `maxRepeat` its highest n) getting the hash of `<hex of its content hash>#n` as its id.
 *
 * The default page reads records in file order (no ORDER BY), so the file must be in position order. A
 * hash join reorders rows within a chunk, so repeat numbers are found with `IN` tests (one per n, each
 * a mark join, which keeps every row in place) and the file needs no sort. A descriptor's `join`, or a
 * record repeated more than MAX_REPEATS_WITHOUT_JOIN times, needs a join: the rows are then sorted by
 * position, which costs a sort of the whole file.
 */
export function recordsCopySql(
  plan: RecordsPlan,
  repeats: string,
  maxRepeat: number,
  target: string,
): string {
  const columns = plan.fields.map((f) => `canon.${quoteIdent(f.name)}`).join(', ');
  const joined = maxRepeat > MAX_REPEATS_WITHOUT_JOIN;
  const repeatsTable = quoteIdent(repeats);
  const content = contentHash(plan.fields);
  let id = content;
  if (joined) {
    id = `CASE WHEN rep.__rep_n IS NULL THEN ${content} ELSE ${repeatId(content, 'CAST(rep.__rep_n AS VARCHAR)')} END`;
  } else if (maxRepeat > 0) {
    const cases = Array.from({ length: maxRepeat }, (_, i) => i + 1).map(
      (n) =>
        `WHEN canon.__p IN (SELECT __rep_pos FROM ${repeatsTable} WHERE __rep_n = ${n}) THEN ${repeatId(content, `'${n}'`)}`,
    );
    id = `CASE ${cases.join(' ')} ELSE ${content} END`;
  }
  const from = joined ? `canon LEFT JOIN ${repeatsTable} AS rep ON rep.__rep_pos = canon.__p` : 'canon';
  const sorted = joined || plan.joinTable !== undefined;
  return `COPY (
${canonicalRows(plan)}
SELECT ${columns},
  ${id} AS ${RECORD_ID_COLUMN},
  timezone('UTC', CAST(${sqlString(plan.processedAt)} AS TIMESTAMPTZ)) AS ${RECORD_TIMESTAMP_COLUMN},
  CAST(${canonicalSize(plan.fields)} AS INTEGER) AS ${RECORD_SIZE_COLUMN},
  ${searchColumnSql(plan.fields.map(schemaOf))} AS ${SEARCH_COLUMN},
  CAST(canon.__p AS BIGINT) AS ${POSITION_COLUMN}
FROM ${from}${sorted ? ' ORDER BY canon.__p' : ''}
) TO ${sqlString(target)} (${PARQUET_OPTIONS})`;
}

/**
 * Steps 1 and 2 in one statement, for small sources: each row's repeat number comes from a window over
 * the content hashes, and the rows are sorted back into position order (a sort of the whole file, cheap
 * at this size, where the two statements and the repeats table cost more than the records). The ids are
 * those of `repeatsTableSql` and `recordsCopySql`.
 */
/**
 * A small source's records (up to a few thousand rows) as one query: their repeats numbered by a window
 * instead of the hash table of larger sources.
 */
function smallRecordsSql(plan: RecordsPlan): string {
  const columns = plan.fields.map((f) => `canon.${quoteIdent(f.name)}`).join(', ');
  const content = contentHash(plan.fields);
  return `${canonicalRows(plan)},
numbered AS (SELECT *, ${content} AS __small_h, row_number() OVER (PARTITION BY ${content} ORDER BY canon.__p) - 1 AS __small_n FROM canon)
SELECT ${columns},
  CASE WHEN canon.__small_n = 0 THEN canon.__small_h ELSE ${repeatId('canon.__small_h', 'CAST(canon.__small_n AS VARCHAR)')} END AS ${RECORD_ID_COLUMN},
  timezone('UTC', CAST(${sqlString(plan.processedAt)} AS TIMESTAMPTZ)) AS ${RECORD_TIMESTAMP_COLUMN},
  CAST(${canonicalSize(plan.fields)} AS INTEGER) AS ${RECORD_SIZE_COLUMN},
  ${searchColumnSql(plan.fields.map(schemaOf))} AS ${SEARCH_COLUMN},
  CAST(canon.__p AS BIGINT) AS ${POSITION_COLUMN}
FROM numbered AS canon ORDER BY canon.__p`;
}

/**
 * A small source's records kept in `table` and copied from it to `target`: their statistics are then
 * read from memory rather than from the file just written (at 100 rows, reading the Parquet file back
 * cost more than writing it).
 */
export function smallRecordsTableSql(plan: RecordsPlan, table: string, target: string): string {
  return `CREATE OR REPLACE TABLE ${quoteIdent(table)} AS
${smallRecordsSql(plan)};
COPY ${quoteIdent(table)} TO ${sqlString(target)} (${PARQUET_OPTIONS})`;
}

/** How many records repeat an earlier one, and the most repeats of one record (one row: both counts). */
export function repeatCountsSql(repeatsTable: string): string {
  return `SELECT count(*), coalesce(max(__rep_n), 0) FROM ${quoteIdent(repeatsTable)}`;
}
