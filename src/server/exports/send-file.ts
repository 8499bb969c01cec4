import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { engineFailure } from '../errors';
import { attachmentDisposition } from '../http/reply';
import { errorSummary } from '../ingest/ingest';
import type { Logger } from '../ingest/logger';
import { cutWhenIdle } from './idle';

/** What the file is called and how it is sent. */
export interface ExportFile {
  readonly dataset: string;
  readonly format: string;
  readonly mediaType: string;
  /** Sent as an attachment of this name; inline when unset (v1.0's JSON and JSONP downloads). */
  readonly filename?: string;
  /** Gzipped by us (`compressed=true`), whatever the client's `Accept-Encoding`. */
  readonly compressed: boolean;
}

export interface ExportSending {
  /** A client that accepts no byte for this long is cut (idle.ts). */
  readonly idleMs: number;
  /** The request's signal: aborted when the client went away (then a cut stream is no failure). */
  readonly signal: AbortSignal;
  readonly log: Logger;
}

/**
 * Sends the file once its first bytes exist: an error found before (a bad query, a failed start, an
 * unreachable engine) is answered with the interface's JSON error body. After, the headers are gone: a
 * failure destroys the response, so that a chunked body ends without its terminating chunk and the
 * client can tell a cut file from a complete one (ending it would write that chunk, and a truncated CSV
 * would look whole), and is logged with the dataset, the format and how far it got.
 */
export async function sendFile(
  reply: FastifyReply,
  bytes: AsyncIterable<string | Uint8Array>,
  file: ExportFile,
  sending: ExportSending,
): Promise<FastifyReply> {
  const iterator = bytes[Symbol.asyncIterator]();
  let first: IteratorResult<string | Uint8Array>;
  try {
    first = await iterator.next();
  } catch (error) {
    throw engineFailure(error);
  }
  // From the first bytes on, a client that reads nothing for the idle time is cut: its query stops and
  // its connection frees (the time before is the query's own, bounded by nothing the client does).
  cutWhenIdle(reply, sending.idleMs);
  let sent = 0;
  const chunk = (value: string | Uint8Array): Uint8Array => {
    const buffer = typeof value === 'string' ? Buffer.from(value) : value;
    sent += buffer.byteLength;
    return buffer;
  };
  const cut = (error: unknown): void => {
    // A client that went away (or was cut for idling) aborted its own download: no failure of ours.
    if (!sending.signal.aborted)
      sending.log.error(
        `export of ${file.dataset} as ${file.format} failed after ${sent} bytes, its response cut: ${errorSummary(error)}`,
      );
    reply.raw.destroy();
  };
  async function* rest() {
    try {
      if (first.done) return;
      yield chunk(first.value);
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield chunk(next.value);
      }
    } catch (error) {
      cut(error);
      throw error;
    } finally {
      // Destroyed early (the client left): the writer and its query stop here.
      await iterator.return?.();
    }
  }
  const body = Readable.from(rest(), { objectMode: false });
  if (file.filename !== undefined) {
    const name = file.compressed ? `${file.filename}.gz` : file.filename;
    reply.header('Content-Disposition', attachmentDisposition(name));
  }
  if (!file.compressed) return reply.type(file.mediaType).send(body);
  const gzip = createGzip();
  body.on('error', (error) => gzip.destroy(error));
  gzip.on('close', () => {
    if (!body.destroyed) body.destroy();
  });
  return reply.type('application/gzip').send(body.pipe(gzip));
}
