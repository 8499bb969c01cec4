import type { CompiledQuery, RawRecords } from '../../../odsql';
import type { Engine, Row } from '../../engine/types';
import { rawRenderer } from './render';

/*
 * The raw rows of an export (raw-records.ts), in the query's order. In source order they are read by
 * ranges of positions, one query each: a Distributed table has no source order, and one ORDER BY
 * position over all of it sorted every record in memory (30M flights passed a node's 3.7 GiB limit,
 * 18.16's external sort failed). A range reads its part of the shards' primary index (sorted by
 * position) and sorts only that part. Ranges are sized from the bytes the previous one gave per
 * position, so that a wide dataset sorts no more at once than a narrow one.
 */

/** How many positions a range covers. */
export interface RangeSizes {
  /** The first range: small, so that the first bytes come soon; the next ones follow the data's width. */
  readonly first: number;
  /** What one range's rows may weigh, roughly (texts by their length, other values 8 bytes). */
  readonly bytes: number;
  readonly min: number;
  readonly max: number;
}

const RANGE_SIZES: RangeSizes = { first: 65_536, bytes: 64 * 1024 * 1024, min: 16_384, max: 4_194_304 };

/** A row's rough weight, from its first row: texts by length, lists by their texts, the rest 8 bytes. */
function rowBytes(row: Row): number {
  let bytes = 0;
  for (const value of row) {
    if (typeof value === 'string') bytes += value.length + 8;
    else if (Array.isArray(value)) for (const v of value) bytes += typeof v === 'string' ? v.length + 8 : 8;
    else bytes += 8;
  }
  return bytes;
}

export async function* rawRows(
  engine: Engine,
  raw: RawRecords,
  signal: AbortSignal,
  sizes: RangeSizes = RANGE_SIZES,
): AsyncIterable<Row[]> {
  const { range, positions } = raw;
  if (!range || positions === undefined) {
    yield* engine.stream(raw.query, { signal });
    return;
  }
  let left = raw.limit;
  let size = sizes.first;
  for (let from = 0; from < positions && left !== 0; ) {
    const to = Math.min(positions, from + size);
    let bytes = 0;
    for await (const rows of engine.stream(range(from, to, left), { signal })) {
      if (rows.length === 0) continue;
      bytes += rowBytes(rows[0]!) * rows.length;
      if (left !== undefined) left -= rows.length;
      yield rows;
    }
    const perPosition = bytes / (to - from);
    size = Math.max(
      sizes.min,
      Math.min(sizes.max, perPosition > 0 ? Math.floor(sizes.bytes / perPosition) : sizes.max),
    );
    from = to;
  }
}

/**
 * The rows of a compiled query as its page yields them (each column's JSON text, then the record id and
 * its timestamp text), rendered in the server from raw values when the query carries them.
 */
export async function* renderedRows(
  engine: Engine,
  compiled: CompiledQuery,
  signal: AbortSignal,
): AsyncIterable<Row[]> {
  const raw = compiled.raw;
  if (!raw) {
    yield* engine.stream(compiled.page, { signal });
    return;
  }
  const render = rawRenderer(raw);
  const n = raw.kinds.length;
  for await (const rows of rawRows(engine, raw, signal)) {
    yield rows.map((row) => {
      const texts: unknown[] = new Array(n + 2);
      for (let i = 0; i < n; i++) texts[i] = render.jsonText(i, row[i]);
      texts[n] = row[n];
      texts[n + 1] = render.timestamp(row[n + 1]);
      return texts;
    });
  }
}
