import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

/*
 * Writes a PMTiles v3 archive (github.com/protomaps/PMTiles, spec/v3/spec.md) from tiles in memory: a
 * header of 127 bytes, one root directory, the JSON metadata, then the tiles. Directories and tiles are
 * gzip-compressed, as `pmtiles extract` writes them, so the server's reading of both is tested. Small
 * archives only (no leaf directories): the tests' own.
 */

export interface ArchiveTile {
  readonly z: number;
  readonly x: number;
  readonly y: number;
  /** An uncompressed Mapbox Vector Tile. */
  readonly bytes: Uint8Array;
}

export interface ArchiveOptions {
  readonly bounds: readonly [number, number, number, number];
  readonly center: readonly [number, number, number];
  readonly metadata: Record<string, unknown>;
}

function varints(values: readonly number[]): number[] {
  const out: number[] = [];
  for (let value of values) {
    while (value >= 0x80) {
      out.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    out.push(value);
  }
  return out;
}

interface Entry {
  readonly tileId: number;
  readonly offset: number;
  readonly length: number;
}

/** The directory's columns: count, tile id deltas, run lengths, lengths, offsets (0: follows the last). */
function directory(entries: readonly Entry[]): Uint8Array {
  const ids: number[] = [];
  let last = 0;
  for (const e of entries) {
    ids.push(e.tileId - last);
    last = e.tileId;
  }
  const offsets = entries.map((e, i) => {
    const previous = entries[i - 1];
    return previous && e.offset === previous.offset + previous.length ? 0 : e.offset + 1;
  });
  return Uint8Array.from([
    ...varints([entries.length]),
    ...varints(ids),
    ...varints(entries.map(() => 1)),
    ...varints(entries.map((e) => e.length)),
    ...varints(offsets),
  ]);
}

const GZIP = 2;
const MVT = 1;

export function writePmtiles(tiles: readonly ArchiveTile[], options: ArchiveOptions): Buffer {
  const sorted = [...tiles]
    .map((t) => ({ tileId: zxyToTileId(t.z, t.x, t.y), z: t.z, data: gzipSync(t.bytes) }))
    .sort((a, b) => a.tileId - b.tileId);
  let offset = 0;
  const entries = sorted.map((t) => {
    const entry = { tileId: t.tileId, offset, length: t.data.length };
    offset += t.data.length;
    return entry;
  });
  const root = gzipSync(directory(entries));
  const metadata = gzipSync(JSON.stringify(options.metadata));
  const tileData = Buffer.concat(sorted.map((t) => t.data));
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const rootOffset = 127;
  const metadataOffset = rootOffset + root.length;
  const tilesOffset = metadataOffset + metadata.length;
  const u64 = (at: number, value: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, tilesOffset);
  u64(48, 0);
  u64(56, tilesOffset);
  u64(64, tileData.length);
  u64(72, sorted.length);
  u64(80, sorted.length);
  u64(88, sorted.length);
  header.writeUInt8(1, 96); // clustered: tiles in tile id order
  header.writeUInt8(GZIP, 97);
  header.writeUInt8(GZIP, 98);
  header.writeUInt8(MVT, 99);
  header.writeUInt8(Math.min(...sorted.map((t) => t.z)), 100);
  header.writeUInt8(Math.max(...sorted.map((t) => t.z)), 101);
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  const [west, south, east, north] = options.bounds;
  header.writeInt32LE(e7(west), 102);
  header.writeInt32LE(e7(south), 106);
  header.writeInt32LE(e7(east), 110);
  header.writeInt32LE(e7(north), 114);
  const [lon, lat, zoom] = options.center;
  header.writeUInt8(zoom, 118);
  header.writeInt32LE(e7(lon), 119);
  header.writeInt32LE(e7(lat), 123);
  return Buffer.concat([header, root, metadata, tileData]);
}
