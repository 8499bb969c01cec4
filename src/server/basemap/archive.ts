import { type FileHandle, open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import {
  Compression,
  findTile,
  type Header,
  type RangeResponse,
  SharedPromiseCache,
  type Source,
  TileType,
  zxyToTileId,
} from 'pmtiles';

/*
 * A publisher's PMTiles archive (BASEMAP_PMTILES), read by the server: its header and directories once
 * (cached by the `pmtiles` package), each tile as the archive stores it. The explorer asks for tiles
 * by z/x/y, so a map's first tiles come in one request each, with no directory fetched by the browser
 * first, and the archive's own path stays on the server.
 */

const inflate = promisify(gunzip);

/** Reads byte ranges of a file on disk: the `pmtiles` package only ships browser sources. */
class DiskSource implements Source {
  constructor(
    private readonly handle: FileHandle,
    private readonly path: string,
  ) {}

  getKey(): string {
    return this.path;
  }

  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const bytes = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(bytes, 0, length, offset);
    return { data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytesRead) as ArrayBuffer };
  }
}

/** Directories are gzip-compressed or not at all in archives made by the usual tools. */
async function decompress(data: ArrayBuffer, compression: Compression): Promise<ArrayBuffer> {
  if (compression === Compression.None || compression === Compression.Unknown) return data;
  if (compression !== Compression.Gzip)
    throw new BasemapError(`its directories use compression ${Compression[compression]}, not gzip`);
  const out = await inflate(new Uint8Array(data));
  return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer;
}

/** An archive the server cannot serve: told at start, naming the setting. */
export class BasemapError extends Error {}

export interface Tile {
  readonly bytes: Uint8Array;
  /** The tile is gzip-compressed as stored (a browser may take it as it is). */
  readonly gzipped: boolean;
}

/** What the explorer's style needs to know of the archive, as TileJSON does. */
export interface BasemapInfo {
  readonly minzoom: number;
  readonly maxzoom: number;
  /** [west, south, east, north] */
  readonly bounds: readonly [number, number, number, number];
  /** [lon, lat, zoom] */
  readonly center: readonly [number, number, number];
  readonly attribution: string;
  /** The tiles' layers (from the archive's metadata), for clients that list them. */
  readonly vectorLayers: readonly unknown[];
}

export interface BasemapArchive {
  readonly info: BasemapInfo;
  /** A tile's bytes, or undefined where the archive has none (sea, or outside its area). */
  tile(z: number, x: number, y: number): Promise<Tile | undefined>;
  close(): Promise<void>;
}

/** Opens the archive and checks it holds vector tiles; the attribution is the publisher's setting. */
export async function openBasemap(path: string, attribution: string): Promise<BasemapArchive> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new BasemapError(`cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    const source = new DiskSource(handle, path);
    const cache = new SharedPromiseCache(100, true, decompress);
    let header: Header;
    try {
      header = await cache.getHeader(source);
    } catch {
      throw new BasemapError('is not a PMTiles archive');
    }
    if (header.specVersion !== 3) throw new BasemapError(`is PMTiles version ${header.specVersion}, not 3`);
    if (header.tileType !== TileType.Mvt)
      throw new BasemapError(`holds ${TileType[header.tileType]} tiles, not vector tiles (MVT)`);
    if (header.tileCompression !== Compression.Gzip && header.tileCompression !== Compression.None)
      throw new BasemapError(`compresses its tiles with ${Compression[header.tileCompression]}, not gzip`);
    const metadata = await readMetadata(source, header);
    const info: BasemapInfo = {
      minzoom: header.minZoom,
      maxzoom: header.maxZoom,
      bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
      center: [header.centerLon, header.centerLat, header.centerZoom],
      attribution,
      vectorLayers: Array.isArray(metadata.vector_layers) ? metadata.vector_layers : [],
    };
    const gzipped = header.tileCompression === Compression.Gzip;

    const tile = async (z: number, x: number, y: number): Promise<Tile | undefined> => {
      if (z < header.minZoom || z > header.maxZoom) return undefined;
      const id = zxyToTileId(z, x, y);
      let offset = header.rootDirectoryOffset;
      let length = header.rootDirectoryLength;
      // The root directory, then at most three levels of leaf directories (the format's limit).
      for (let depth = 0; depth <= 3; depth++) {
        const entry = findTile(await cache.getDirectory(source, offset, length, header), id);
        if (!entry) return undefined;
        if (entry.runLength > 0) {
          const { data } = await source.getBytes(header.tileDataOffset + entry.offset, entry.length);
          return { bytes: new Uint8Array(data), gzipped };
        }
        offset = header.leafDirectoryOffset + entry.offset;
        length = entry.length;
      }
      return undefined;
    };
    return { info, tile, close: () => handle.close() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function readMetadata(source: Source, header: Header): Promise<Record<string, unknown>> {
  if (header.jsonMetadataLength === 0) return {};
  const { data } = await source.getBytes(header.jsonMetadataOffset, header.jsonMetadataLength);
  try {
    const text = new TextDecoder().decode(await decompress(data, header.internalCompression));
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    // Metadata only lists layers: an archive whose metadata cannot be read still has its tiles.
    return {};
  }
}

/** Gunzips a stored tile for a client that did not accept gzip. */
export async function inflateTile(tile: Tile): Promise<Uint8Array> {
  return tile.gzipped ? new Uint8Array(await inflate(tile.bytes)) : tile.bytes;
}
