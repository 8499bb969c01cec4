/*
 * ClickHouse's RowBinary input format, for ingestion. Text formats are not exact on 18.16: its float
 * reader is not correctly rounded (a JSON `-2.857142857142857` arrived as `-2.8571428571428568`), so
 * records travel as the bytes ClickHouse stores: little-endian numbers, length-prefixed UTF-8 strings,
 * a null flag before Nullable values, a length before arrays.
 *
 * Values come from DuckDB as plain JavaScript: numbers or bigints, strings, arrays, null. Date columns
 * arrive as day numbers and DateTime columns as epoch seconds (columns.ts writes the SELECT that way).
 */

type Encoder = (out: ByteWriter, value: unknown) => void;

class ByteWriter {
  private buffer = Buffer.allocUnsafe(1 << 16);
  private length = 0;

  private reserve(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + n));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
  u8(v: number): void {
    this.reserve(1);
    this.buffer[this.length++] = v;
  }
  varUInt(v: number): void {
    let x = v;
    while (x >= 0x80) {
      this.u8((x & 0x7f) | 0x80);
      x = Math.floor(x / 128);
    }
    this.u8(x);
  }
  fixed(n: number, write: (buffer: Buffer, offset: number) => void): void {
    this.reserve(n);
    write(this.buffer, this.length);
    this.length += n;
  }
  bytes(b: Buffer): void {
    this.reserve(b.length);
    b.copy(this.buffer, this.length);
    this.length += b.length;
  }
  get size(): number {
    return this.length;
  }
  /** The bytes written so far, and a fresh start. */
  take(): Uint8Array {
    const out = Uint8Array.prototype.slice.call(this.buffer, 0, this.length);
    this.length = 0;
    return out;
  }
}

class EncodeError extends Error {}

function toNumber(value: unknown): number {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw new EncodeError(`Not a number: ${String(value)}`);
}

function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  throw new EncodeError(`Not an integer: ${String(value)}`);
}

function encoderOf(type: string): Encoder {
  const nullable = /^Nullable\((.*)\)$/.exec(type);
  if (nullable) {
    const inner = encoderOf(nullable[1]!);
    return (out, value) => {
      if (value === null || value === undefined) out.u8(1);
      else {
        out.u8(0);
        inner(out, value);
      }
    };
  }
  const array = /^Array\((.*)\)$/.exec(type);
  if (array) {
    const inner = encoderOf(array[1]!);
    return (out, value) => {
      const list = value === null || value === undefined ? [] : (value as unknown[]);
      if (!Array.isArray(list)) throw new EncodeError(`Not a list: ${String(value)}`);
      out.varUInt(list.length);
      for (const item of list) inner(out, item);
    };
  }
  switch (type) {
    case 'String':
      return (out, value) => {
        if (typeof value !== 'string') throw new EncodeError(`Not text: ${String(value)}`);
        const bytes = Buffer.from(value, 'utf8');
        out.varUInt(bytes.length);
        out.bytes(bytes);
      };
    case 'Float64':
      return (out, value) => out.fixed(8, (b, o) => b.writeDoubleLE(toNumber(value), o));
    case 'Int64':
      return (out, value) => out.fixed(8, (b, o) => b.writeBigInt64LE(toBigInt(value), o));
    case 'Int32':
      return (out, value) => out.fixed(4, (b, o) => b.writeInt32LE(toNumber(value), o));
    case 'UInt32':
    case "DateTime('UTC')":
      return (out, value) => out.fixed(4, (b, o) => b.writeUInt32LE(toNumber(value), o));
    case 'UInt16':
    case 'Date':
      return (out, value) => out.fixed(2, (b, o) => b.writeUInt16LE(toNumber(value), o));
    case 'UInt8':
      return (out, value) => out.u8(toNumber(value));
    default:
      throw new EncodeError(`No RowBinary encoder for ${type}`);
  }
}

/**
 * Turns chunks of rows (values in column order) into RowBinary bytes, about `flushBytes` at a time.
 */
export async function* rowBinary(
  types: readonly string[],
  chunks: AsyncIterable<readonly (readonly unknown[])[]>,
  flushBytes = 1 << 20,
): AsyncGenerator<Uint8Array> {
  const encoders = types.map(encoderOf);
  const out = new ByteWriter();
  for await (const rows of chunks) {
    for (const row of rows) for (let i = 0; i < encoders.length; i++) encoders[i]!(out, row[i]);
    if (out.size >= flushBytes) yield out.take();
  }
  if (out.size > 0) yield out.take();
}

/** A web ReadableStream over an async iterable of byte chunks (a fetch request body). */
export function readableOf(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
