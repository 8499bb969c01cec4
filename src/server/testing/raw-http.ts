import { connect } from 'node:net';

/*
 * HTTP written by hand, for what fetch cannot send: an absolute-form target, no Host header, HTTP/1.0,
 * a request line of another age. One request per connection; the answer is read until the server closes.
 */

export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body, chunked encoding removed, as latin1 (every byte kept, binary formats included). */
  readonly body: string;
  /** The chunked body ended with its terminating chunk (true for a body with a Content-Length). */
  readonly complete: boolean;
}

/** Removes chunked transfer encoding; `complete` tells whether the zero-length last chunk came. */
function dechunk(raw: string): { body: string; complete: boolean } {
  let body = '';
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) return { body, complete: false };
    const size = Number.parseInt(raw.slice(at, lineEnd), 16);
    if (!Number.isFinite(size)) return { body, complete: false };
    if (size === 0) return { body, complete: true };
    body += raw.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/** Sends `head` (request line and headers, without the blank line) and reads the whole answer. */
export function rawRequest(origin: string, head: string, timeoutMs = 20_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`no answer within ${timeoutMs} ms: ${head}`)),
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0)
        return reject(new Error(`no HTTP answer to ${head.split('\r\n')[0]}: ${text.slice(0, 200)}`));
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const rest = text.slice(split + 4);
      const chunked = headers['transfer-encoding']?.toLowerCase() === 'chunked';
      resolve({ status, headers, ...(chunked ? dechunk(rest) : { body: rest, complete: true }) });
    });
    socket.write(`${head}\r\n\r\n`);
  });
}

/** A GET request head: HTTP/1.1 with `Connection: close`, a Host unless `host` is null, and `headers`. */
export function getHead(
  target: string,
  options: { host?: string | null; version?: '1.0' | '1.1'; headers?: Readonly<Record<string, string>> } = {},
): string {
  const lines = [`GET ${target} HTTP/${options.version ?? '1.1'}`];
  if (options.host !== null) lines.push(`Host: ${options.host ?? '127.0.0.1'}`);
  for (const [name, value] of Object.entries(options.headers ?? {})) lines.push(`${name}: ${value}`);
  lines.push('Connection: close');
  return lines.join('\r\n');
}
