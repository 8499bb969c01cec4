import { type FileHandle, open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { SpoolBudget } from './spool-budget';

/*
 * One export's spool: its bytes are written to files as fast as the query gives them, and read back at
 * the client's pace, from the first bytes on (the reader follows the writer). So the query, its
 * engine connection and its export-lane slot end when the query has written everything, whatever the
 * client's speed; a slow reader holds nothing but its files.
 *
 * The files are segments of at most `segmentBytes`: the reader deletes each once it has read it, which
 * gives its bytes back to the shared disk budget (spool-budget.ts), so a spool holds on disk what its
 * client has still to read, not the whole export. A writer that finds the budget spent closes its
 * current segment (so that its reader can finish it and give it back) and waits for room; once its
 * reader has read everything written, it hands its bytes over in memory, one piece at a time: the
 * query then goes at its client's pace, as a download without a spool does, instead of waiting for
 * other clients to read theirs.
 */

/** What spools report to their owner (spools.ts), for the figures it logs. */
export interface SpoolMeter {
  written(bytes: number): void;
  /** Bytes held in memory by spools' buffers (+ taken, - given back). */
  memory(delta: number): void;
  /** A writer waited for disk room. */
  waited(): void;
  /** The spool was disposed of. */
  closed(spool: Spool): void;
}

export interface SpoolSettings {
  /** The folder of the segment files, once the owner has made it. */
  readonly dir: Promise<string>;
  /** Unique within `dir`: the segments are `<name>.<n>`. */
  readonly name: string;
  readonly budget: SpoolBudget;
  /** Largest segment file; also the size of each grant taken from the budget. */
  readonly segmentBytes: number;
  readonly meter: SpoolMeter;
}

/** Largest write and read: the memory one spool's buffers hold at most, each way. */
export const SPOOL_IO_BYTES = 64 * 1024;

/** A segment file; or, when the budget is spent and the reader waits, one piece handed over in memory. */
interface Segment {
  readonly path: string | undefined;
  readonly data?: Uint8Array;
  /** Bytes written, all readable. */
  size: number;
  /** No more bytes come: once read to its end, the file goes. */
  sealed: boolean;
}

export class Spool {
  /** Segments not yet read to their end and deleted, in order. */
  private readonly segments: Segment[] = [];
  /** The segment being written, and its file. */
  private current: { readonly segment: Segment; readonly file: FileHandle } | undefined;
  private made = 0;
  /** Budget taken and not yet written. */
  private credit: number;
  private ended = false;
  private failure: { readonly error: unknown } | undefined;
  private disposed = false;
  private removed: Promise<void> = Promise.resolve();
  /** The reader, waiting for bytes; the writer, waiting for the reader to move. */
  private wakeReader: (() => void) | undefined;
  private wakeWriter: (() => void) | undefined;

  /** `credit`: budget the owner took for it (its first grant). */
  constructor(
    private readonly settings: SpoolSettings,
    credit: number,
  ) {
    this.credit = credit;
  }

  /**
   * Copies `bytes` into the spool as fast as they come (stopping them if the spool is disposed of
   * first), and yields them back from the files in order. A failure of `bytes` is thrown to the reader
   * once it has read every byte written before it, as an unspooled stream would have. The spool is
   * disposed of when the reader ends, fails or is stopped.
   */
  spooled(bytes: AsyncIterable<string | Uint8Array>): AsyncIterable<Uint8Array> {
    void this.fill(bytes);
    return this.read();
  }

  /** Deletes the spool's files and gives its budget back; the writer stops at its next step. */
  dispose(): Promise<void> {
    if (this.disposed) return this.removed;
    this.disposed = true;
    const files = this.segments.splice(0).filter((s) => s.path !== undefined);
    this.settings.budget.give(this.credit + files.reduce((n, s) => n + s.size, 0));
    this.credit = 0;
    this.notifyReader();
    this.notifyWriter();
    this.removed = Promise.all(files.map((s) => removeFile(s.path!))).then(() => undefined);
    this.settings.meter.closed(this);
    return this.removed;
  }

  private async fill(bytes: AsyncIterable<string | Uint8Array>): Promise<void> {
    const iterator = bytes[Symbol.asyncIterator]();
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done || this.disposed) break;
        await this.append(typeof next.value === 'string' ? Buffer.from(next.value) : next.value);
        if (this.disposed) break;
      }
    } catch (error) {
      if (!this.disposed) this.failure = { error };
    } finally {
      // Also when the spool went first (the client left): the query stops here.
      await iterator.return?.().catch(() => undefined);
      await this.seal();
      this.ended = true;
      if (!this.disposed) {
        // What was taken and not written goes back now, not when the last reader is done.
        this.settings.budget.give(this.credit);
        this.credit = 0;
      }
      this.notifyReader();
    }
  }

  private async append(buffer: Uint8Array): Promise<void> {
    const { meter } = this.settings;
    for (let offset = 0; offset < buffer.byteLength && !this.disposed; ) {
      const piece = buffer.subarray(offset, offset + SPOOL_IO_BYTES);
      offset += piece.byteLength;
      if (!(await this.roomFor(piece.byteLength))) {
        await this.handOver(piece);
        continue;
      }
      if (this.disposed) return;
      const target = await this.writable(piece.byteLength);
      if (!target) return;
      meter.memory(piece.byteLength);
      try {
        for (let done = 0; done < piece.byteLength; ) {
          const { bytesWritten } = await target.file.write(piece, done, piece.byteLength - done);
          done += bytesWritten;
        }
      } finally {
        meter.memory(-piece.byteLength);
      }
      if (this.disposed) return;
      target.segment.size += piece.byteLength;
      this.credit -= piece.byteLength;
      meter.written(piece.byteLength);
      this.notifyReader();
    }
  }

  /**
   * Takes budget until `bytes` of it are ours (true); false when the budget is spent and the reader has
   * read everything written: the bytes are then handed over in memory.
   */
  private async roomFor(bytes: number): Promise<boolean> {
    const { budget, segmentBytes, meter } = this.settings;
    let waited = false;
    while (this.credit < bytes && !this.disposed) {
      if (budget.tryTake(segmentBytes)) {
        this.credit += segmentBytes;
        continue;
      }
      // What is written must be readable to its end, or reading it could never give room back.
      await this.seal();
      if (this.segments.length === 0) return false;
      if (!waited) meter.waited();
      waited = true;
      await Promise.race([budget.given(), this.readerMoved()]);
    }
    return true;
  }

  /** Gives `piece` to the reader without a file, once it has taken it (one piece in memory at most). */
  private async handOver(piece: Uint8Array): Promise<void> {
    const { meter } = this.settings;
    const segment: Segment = { path: undefined, data: piece, size: piece.byteLength, sealed: true };
    this.segments.push(segment);
    meter.memory(piece.byteLength);
    this.notifyReader();
    try {
      while (this.segments.includes(segment)) await this.readerMoved();
    } finally {
      meter.memory(-piece.byteLength);
    }
    meter.written(piece.byteLength);
  }

  /** The segment the next `bytes` go to: the current one, or a new one once it is full. */
  private async writable(bytes: number): Promise<Spool['current']> {
    const open = this.current;
    if (open && open.segment.size + bytes <= this.settings.segmentBytes) return open;
    await this.seal();
    const path = join(await this.settings.dir, `${this.settings.name}.${this.made++}`);
    const file = await openNew(path);
    if (this.disposed) {
      await file.close();
      await removeFile(path);
      return undefined;
    }
    const segment: Segment = { path, size: 0, sealed: false };
    this.segments.push(segment);
    this.current = { segment, file };
    return this.current;
  }

  /** Ends the current segment: its reader may delete it once read to its end. */
  private async seal(): Promise<void> {
    const open = this.current;
    if (!open) return;
    this.current = undefined;
    open.segment.sealed = true;
    this.notifyReader();
    // Its bytes are written (the reader reads them through its own handle): a failed close loses nothing.
    await open.file.close().catch(() => undefined);
  }

  private async *read(): AsyncIterable<Uint8Array> {
    const { budget, meter } = this.settings;
    let file: FileHandle | undefined;
    let position = 0;
    try {
      for (;;) {
        // Disposed of by its owner (the server stopping): the download is cut, not ended as if whole.
        if (this.disposed) throw new Error('its spool was closed (the server is stopping)');
        const segment = this.segments[0];
        if (segment === undefined) {
          if (this.failure) throw this.failure.error;
          if (this.ended) return;
          await this.writerMoved();
          continue;
        }
        if (segment.data) {
          this.segments.shift();
          this.notifyWriter();
          yield segment.data;
          continue;
        }
        if (position < segment.size) {
          file ??= await open(segment.path!, 'r');
          const length = Math.min(SPOOL_IO_BYTES, segment.size - position);
          const buffer = Buffer.allocUnsafe(length);
          meter.memory(length);
          let bytesRead: number;
          try {
            ({ bytesRead } = await file.read(buffer, 0, length, position));
          } finally {
            meter.memory(-length);
          }
          if (bytesRead === 0) throw new Error(`spool segment ${segment.path} is shorter than written`);
          position += bytesRead;
          yield buffer.subarray(0, bytesRead);
          continue;
        }
        if (!segment.sealed) {
          await this.writerMoved();
          continue;
        }
        // Read to its end: the file goes, and its bytes back to the budget.
        this.segments.shift();
        budget.give(segment.size);
        this.notifyWriter();
        await file?.close();
        file = undefined;
        position = 0;
        await removeFile(segment.path!);
      }
    } finally {
      await file?.close();
      await this.dispose();
    }
  }

  private writerMoved(): Promise<void> {
    return new Promise((resolve) => {
      this.wakeReader = resolve;
    });
  }

  private readerMoved(): Promise<void> {
    return new Promise((resolve) => {
      this.wakeWriter = resolve;
    });
  }

  private notifyReader(): void {
    const wake = this.wakeReader;
    this.wakeReader = undefined;
    wake?.();
  }

  private notifyWriter(): void {
    const wake = this.wakeWriter;
    this.wakeWriter = undefined;
    wake?.();
  }
}

async function openNew(path: string): Promise<FileHandle> {
  return open(path, 'wx', 0o600);
}

/** Removes a segment file; one that cannot be removed now goes with the folder (spools.ts). */
async function removeFile(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}
