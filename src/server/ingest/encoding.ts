import { isUtf8 } from 'node:buffer';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import iconv from 'iconv-lite';

/*
 * The text encoding of a source file. DuckDB's readers take UTF-8 (its `latin-1` refuses the bytes
 * 0x80–0x9F that Windows-1252 uses for € ’ œ …, which French public-sector exports are full of), so a
 * file in another encoding is transcoded to a UTF-8 copy first, by the platform's decoders (WHATWG
 * Encoding, ICU). UTF-8 files, nearly all of them, are only checked and read in place.
 */

/** Encodings a descriptor may declare (`"encoding"`); labels as the WHATWG Encoding standard names them. */
export const SOURCE_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'iso-8859-15'] as const;
export type SourceEncoding = (typeof SOURCE_ENCODINGS)[number];

/** Other names publishers write for them. */
const ALIASES: Readonly<Record<string, SourceEncoding>> = {
  utf8: 'utf-8',
  'utf-16': 'utf-16le',
  utf16: 'utf-16le',
  latin1: 'windows-1252',
  'latin-1': 'windows-1252',
  'iso-8859-1': 'windows-1252',
  cp1252: 'windows-1252',
  latin9: 'iso-8859-15',
  'latin-9': 'iso-8859-15',
};

/** A declared encoding's canonical name, or undefined when it is not one this server reads. */
export function sourceEncoding(label: string): SourceEncoding | undefined {
  const lower = label.trim().toLowerCase();
  return SOURCE_ENCODINGS.find((e) => e === lower) ?? ALIASES[lower];
}

export interface DetectedEncoding {
  readonly encoding: SourceEncoding;
  /** Bytes of a byte-order mark at the start (left out of the UTF-8 copy). */
  readonly bomBytes: number;
  /** The file holds no text: nothing, or only a byte-order mark and blanks. */
  readonly empty: boolean;
}

const CHUNK_BYTES = 1 << 20;
/** Bytes looked at for the NULs of UTF-16 without a byte-order mark. */
const UTF16_SNIFF_BYTES = 4096;

function bomOf(head: Buffer): { encoding: SourceEncoding; bytes: number } | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bytes: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bytes: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bytes: 2 };
  return undefined;
}

/** UTF-16 text of Latin letters has a NUL in every other byte; no text of a one-byte encoding has NULs. */
function utf16WithoutBom(head: Buffer): SourceEncoding | undefined {
  let evenNuls = 0;
  let oddNuls = 0;
  const n = Math.min(head.length, UTF16_SNIFF_BYTES) & ~1;
  for (let i = 0; i < n; i += 2) {
    if (head[i] === 0) evenNuls++;
    if (head[i + 1] === 0) oddNuls++;
  }
  const pairs = n / 2;
  if (pairs === 0) return undefined;
  if (oddNuls > pairs * 0.3 && evenNuls === 0) return 'utf-16le';
  if (evenNuls > pairs * 0.3 && oddNuls === 0) return 'utf-16be';
  return undefined;
}

/** Whether every byte of the file from `from` on is valid UTF-8 (chunk by chunk, sequences kept whole). */
async function wholeFileIsUtf8(path: string, from: number): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(CHUNK_BYTES + 3);
    let carried = 0;
    let position = from;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, carried, CHUNK_BYTES, position);
      position += bytesRead;
      const end = carried + bytesRead;
      if (bytesRead === 0) return carried === 0 || isUtf8(buffer.subarray(0, carried));
      // A multi-byte sequence cut by the chunk's end is carried to the next chunk.
      let cut = end;
      for (let back = 1; back <= 3 && end - back >= 0; back++) {
        const byte = buffer[end - back]!;
        if ((byte & 0xc0) === 0xc0) {
          const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
          if (back < length) cut = end - back;
          break;
        }
        if ((byte & 0xc0) !== 0x80) break;
      }
      if (!isUtf8(buffer.subarray(0, cut))) return false;
      buffer.copy(buffer, 0, cut, end);
      carried = end - cut;
    }
  } finally {
    await handle.close();
  }
}

/**
 * The encoding of a text source: the declared one; else its byte-order mark; else UTF-16 when its NULs
 * say so; else UTF-8 when every byte is valid UTF-8; else Windows-1252 (what "Latin-1" means in practice,
 * and what the WHATWG standard decodes `iso-8859-1` as).
 */
export async function detectEncoding(path: string, declared?: SourceEncoding): Promise<DetectedEncoding> {
  const handle = await open(path, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(UTF16_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const bom = bomOf(head);
  const encoding =
    declared ??
    bom?.encoding ??
    utf16WithoutBom(head) ??
    ((await wholeFileIsUtf8(path, 0)) ? 'utf-8' : 'windows-1252');
  const bomBytes = bom !== undefined && bom.encoding === encoding ? bom.bytes : 0;
  const whole = head.length < UTF16_SNIFF_BYTES;
  const blank = whole && iconv.decode(head.subarray(bomBytes), encoding).trim() === '';
  return { encoding, bomBytes, empty: blank };
}

/** Writes a UTF-8 copy of a text file in another encoding, streamed (any size), without its BOM. */
export async function transcodeToUtf8(path: string, encoding: SourceEncoding, target: string): Promise<void> {
  await pipeline(
    createReadStream(path, { highWaterMark: CHUNK_BYTES }),
    iconv.decodeStream(encoding, { stripBOM: true }),
    iconv.encodeStream('utf-8'),
    createWriteStream(target),
  );
}
