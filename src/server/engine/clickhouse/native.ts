import duckdb from '@duckdb/node-bindings';

/*
 * ClickHouse's Native input format, written straight from DuckDB's vectors, for ingestion. Native is
 * columnar like DuckDB: a block is its column count and row count, then each column's name, type and
 * values, and a fixed-width column's values are the little-endian bytes DuckDB already holds, so they
 * are copied, not converted (doubles keep every bit: 18.16's text float reader is not correctly
 * rounded). Nullable columns are a null map (one byte a row) then the values (any bytes under a null);
 * arrays are cumulative end offsets (UInt64) then the elements; strings are a length (LEB128) then
 * their UTF-8 bytes.
 *
 * The DuckDB query must give each column exactly the DuckDB type `duckdbTypeOf` names for its
 * ClickHouse type (ingest.ts casts every expression), so that widths match.
 */

/** The DuckDB type whose vectors hold a ClickHouse type's values in its own binary layout. */
export function duckdbTypeOf(type: string): string {
  const nullable = /^Nullable\((.*)\)$/.exec(type);
  if (nullable) return duckdbTypeOf(nullable[1]!);
  const array = /^Array\((.*)\)$/.exec(type);
  if (array) return `${duckdbTypeOf(array[1]!)}[]`;
  const fixed = FIXED[type];
  if (fixed) return fixed.duckdb;
  if (type === 'String') return 'VARCHAR';
  throw new Error(`No Native encoding for ClickHouse type ${type}`);
}

const FIXED: Readonly<Record<string, { width: number; duckdb: string }>> = {
  Float64: { width: 8, duckdb: 'DOUBLE' },
  Int64: { width: 8, duckdb: 'BIGINT' },
  Int32: { width: 4, duckdb: 'INTEGER' },
  UInt32: { width: 4, duckdb: 'UINTEGER' },
  "DateTime('UTC')": { width: 4, duckdb: 'UINTEGER' },
  UInt16: { width: 2, duckdb: 'USMALLINT' },
  Date: { width: 2, duckdb: 'USMALLINT' },
  UInt8: { width: 1, duckdb: 'UTINYINT' },
};

/** A growing byte buffer. */
class Bytes {
  buffer = Buffer.allocUnsafe(1 << 16);
  length = 0;

  reserve(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + n));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
  bytes(source: Uint8Array, start: number, end: number): void {
    this.reserve(end - start);
    this.buffer.set(source.subarray(start, end), this.length);
    this.length += end - start;
  }
  varUInt(v: number): void {
    this.reserve(10);
    let x = v;
    while (x >= 0x80) {
      this.buffer[this.length++] = (x & 0x7f) | 0x80;
      x = Math.floor(x / 128);
    }
    this.buffer[this.length++] = x;
  }
  string(text: string): void {
    const encoded = Buffer.from(text, 'utf8');
    this.varUInt(encoded.length);
    this.bytes(encoded, 0, encoded.length);
  }
  u64(v: number): void {
    this.reserve(8);
    // Offsets within a block stay far below 2^32: the high word is written as it is, without BigInt.
    this.buffer.writeUInt32LE(v % 0x1_0000_0000, this.length);
    this.buffer.writeUInt32LE(Math.floor(v / 0x1_0000_0000), this.length + 4);
    this.length += 8;
  }
  /** A copy of the bytes written, and a fresh start. */
  take(): Buffer {
    const out = Buffer.from(this.buffer.subarray(0, this.length));
    this.length = 0;
    return out;
  }
}

/** Whether row `i` of a vector is valid (not null); `validity` is null when every row is. */
function valid(validity: Uint8Array | null, i: number): boolean {
  return validity === null || ((validity[i >> 3]! >> (i & 7)) & 1) === 1;
}

function validityOf(vector: duckdb.Vector, end: number): Uint8Array | null {
  // The bindings answer null (not an empty array) when DuckDB keeps no validity mask: no nulls.
  return (duckdb.vector_get_validity(vector, Math.ceil(end / 64) * 8) as Uint8Array | null) ?? null;
}

class NullInNotNullable extends Error {}

/** The values of one column in a block, appended vector range by vector range. */
interface ColumnWriter {
  /** Appends rows `start` to `end` (excluded) of `vector`; `size` is how many rows the vector holds. */
  append(vector: duckdb.Vector, start: number, end: number): void;
  /** Writes the block's values (every stream in order), then starts the next block empty. */
  flush(out: Bytes): void;
}

/** `nullable`: a null row is written as a zero value (its Nullable's map says null); otherwise it is refused. */
function writerOf(type: string, nullable = false): ColumnWriter {
  const inner = /^Nullable\((.*)\)$/.exec(type);
  if (inner) return new NullableWriter(writerOf(inner[1]!, true));
  const array = /^Array\((.*)\)$/.exec(type);
  if (array) return new ArrayWriter(writerOf(array[1]!));
  const fixed = FIXED[type];
  if (fixed) return new FixedWriter(fixed.width, nullable);
  if (type === 'String') return new StringWriter(nullable);
  throw new Error(`No Native encoding for ClickHouse type ${type}`);
}

class FixedWriter implements ColumnWriter {
  private readonly values = new Bytes();
  constructor(
    private readonly width: number,
    private readonly nullable: boolean,
  ) {}
  append(vector: duckdb.Vector, start: number, end: number): void {
    if (!this.nullable) {
      const validity = validityOf(vector, end);
      for (let i = start; validity && i < end; i++)
        if (!valid(validity, i)) throw new NullInNotNullable('A null in a column that takes none');
    }
    const data = duckdb.vector_get_data(vector, end * this.width);
    this.values.bytes(data, start * this.width, end * this.width);
  }
  flush(out: Bytes): void {
    out.bytes(this.values.buffer, 0, this.values.length);
    this.values.length = 0;
  }
}

class StringWriter implements ColumnWriter {
  private readonly values = new Bytes();
  constructor(private readonly nullable: boolean) {}
  append(vector: duckdb.Vector, start: number, end: number): void {
    // duckdb_string_t: a 4-byte length, then up to 12 bytes inline, or a 4-byte prefix and a pointer.
    const data = duckdb.vector_get_data(vector, end * 16);
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const validity = validityOf(vector, end);
    const out = this.values;
    for (let i = start; i < end; i++) {
      if (!valid(validity, i)) {
        if (!this.nullable) throw new NullInNotNullable('A null in a column that takes none');
        out.varUInt(0);
        continue;
      }
      const at = i * 16;
      const length = view.getUint32(at, true);
      out.varUInt(length);
      out.reserve(length);
      if (length <= 12) {
        // Short strings are copied byte by byte: cheaper than a view and a copy per value.
        const target = out.buffer;
        let o = out.length;
        for (let b = at + 4; b < at + 4 + length; b++) target[o++] = data[b]!;
        out.length = o;
      } else {
        // Each long string is one call into the bindings (about 1.5 µs): the record id avoids it (Hex64Writer).
        const bytes = duckdb.get_data_from_pointer(
          data.buffer as ArrayBuffer,
          data.byteOffset + at + 8,
          length,
        );
        out.buffer.set(bytes, out.length);
        out.length += length;
      }
    }
  }
  flush(out: Bytes): void {
    out.bytes(this.values.buffer, 0, this.values.length);
    this.values.length = 0;
  }
}

const HEX = Buffer.from('0123456789abcdef');

/** A String column of the 16 lower-case hex digits of a UBIGINT (the record id), written from its 8 bytes. */
class Hex64Writer implements ColumnWriter {
  private readonly values = new Bytes();
  append(vector: duckdb.Vector, start: number, end: number): void {
    const data = duckdb.vector_get_data(vector, end * 8);
    const validity = validityOf(vector, end);
    const out = this.values;
    out.reserve((end - start) * 17);
    const target = out.buffer;
    let o = out.length;
    for (let i = start; i < end; i++) {
      if (!valid(validity, i)) throw new NullInNotNullable('A null in a column that takes none');
      target[o++] = 16;
      // Little-endian bytes: the most significant one is last.
      for (let b = i * 8 + 7; b >= i * 8; b--) {
        const byte = data[b]!;
        target[o++] = HEX[byte >> 4]!;
        target[o++] = HEX[byte & 15]!;
      }
    }
    out.length = o;
  }
  flush(out: Bytes): void {
    out.bytes(this.values.buffer, 0, this.values.length);
    this.values.length = 0;
  }
}

class NullableWriter implements ColumnWriter {
  private readonly nullMap = new Bytes();
  constructor(private readonly values: ColumnWriter) {}
  append(vector: duckdb.Vector, start: number, end: number): void {
    const validity = validityOf(vector, end);
    const map = this.nullMap;
    map.reserve(end - start);
    if (validity === null) map.buffer.fill(0, map.length, map.length + end - start);
    else for (let i = start; i < end; i++) map.buffer[map.length + i - start] = valid(validity, i) ? 0 : 1;
    map.length += end - start;
    this.values.append(vector, start, end);
  }
  flush(out: Bytes): void {
    out.bytes(this.nullMap.buffer, 0, this.nullMap.length);
    this.nullMap.length = 0;
    this.values.flush(out);
  }
}

class ArrayWriter implements ColumnWriter {
  private readonly offsets = new Bytes();
  /** Elements so far in this block: the next end offset starts from it. */
  private elements = 0;
  constructor(private readonly items: ColumnWriter) {}
  append(vector: duckdb.Vector, start: number, end: number): void {
    // duckdb_list_entry: offset and length (two UInt64) of the row's elements in the child vector. A
    // null list is written empty, as the layout stores no value (columns.ts coalesces them anyway).
    const entries = duckdb.vector_get_data(vector, end * 16);
    const view = new DataView(entries.buffer, entries.byteOffset, entries.byteLength);
    const validity = validityOf(vector, end);
    const child = duckdb.list_vector_get_child(vector);
    // Consecutive rows whose elements follow each other in the child are appended as one range.
    let runStart = 0;
    let runEnd = 0;
    for (let i = start; i < end; i++) {
      const length = valid(validity, i) ? Number(view.getBigUint64(i * 16 + 8, true)) : 0;
      if (length > 0) {
        const offset = Number(view.getBigUint64(i * 16, true));
        if (offset !== runEnd) {
          if (runEnd > runStart) this.items.append(child, runStart, runEnd);
          runStart = offset;
        }
        runEnd = offset + length;
      }
      this.elements += length;
      this.offsets.u64(this.elements);
    }
    if (runEnd > runStart) this.items.append(child, runStart, runEnd);
  }
  flush(out: Bytes): void {
    out.bytes(this.offsets.buffer, 0, this.offsets.length);
    this.offsets.length = 0;
    this.elements = 0;
    this.items.flush(out);
  }
}

export interface NativeColumn {
  readonly name: string;
  /** ClickHouse type, e.g. `Nullable(Float64)`. */
  readonly type: string;
  /**
   * `hex64`: a `String` column whose DuckDB value is a UBIGINT, written as its 16 lower-case hex digits
   * (the record id: text of 16 bytes is past DuckDB's 12 inline bytes, and reading each such string
   * through the bindings is most of the time of an ingestion).
   */
  readonly encoding?: 'hex64';
}

function columnWriter(column: NativeColumn): ColumnWriter {
  if (column.encoding === 'hex64') {
    if (column.type !== 'String') throw new Error(`hex64 is written to String columns, not ${column.type}`);
    return new Hex64Writer();
  }
  return writerOf(column.type);
}

/** The DuckDB type a column's values must have (see `duckdbTypeOf`). */
export function duckdbTypeOfColumn(column: NativeColumn): string {
  return column.encoding === 'hex64' ? 'UBIGINT' : duckdbTypeOf(column.type);
}

/** Something that gives DuckDB data chunks one after the other (a streamed result), null at the end. */
export interface ChunkSource {
  fetchChunk(): Promise<{ readonly chunk: duckdb.DataChunk; readonly rowCount: number } | null>;
}

/**
 * Turns DuckDB's chunks into Native blocks of about `blockRows` rows. The chunks' columns are the
 * given columns, in order, in the types `duckdbTypeOf` names.
 */
export async function* nativeBlocks(
  columns: readonly NativeColumn[],
  source: ChunkSource,
  blockRows = 1 << 16,
): AsyncGenerator<Uint8Array> {
  const writers = columns.map(columnWriter);
  const out = new Bytes();
  let rows = 0;
  const flush = (): Buffer => {
    out.varUInt(columns.length);
    out.varUInt(rows);
    for (const [i, column] of columns.entries()) {
      out.string(column.name);
      out.string(column.type);
      writers[i]!.flush(out);
    }
    rows = 0;
    return out.take();
  };
  for (;;) {
    const chunk = await source.fetchChunk();
    if (chunk === null || chunk.rowCount === 0) break;
    for (const [i, writer] of writers.entries()) {
      try {
        writer.append(duckdb.data_chunk_get_vector(chunk.chunk, i), 0, chunk.rowCount);
      } catch (error) {
        if (error instanceof NullInNotNullable)
          throw new Error(`${error.message}: ${columns[i]!.name} (${columns[i]!.type})`);
        throw error;
      }
    }
    rows += chunk.rowCount;
    if (rows >= blockRows) yield flush();
  }
  if (rows > 0) yield flush();
}
