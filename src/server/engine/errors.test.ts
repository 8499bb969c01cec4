import { type AddressInfo, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiError, engineFailure, RETRY_AFTER_UNAVAILABLE_S } from '../errors';
import { ClickHouseClient } from './clickhouse/client';
import { clickhouseError, connectionError } from './clickhouse/errors';
import { EngineError, EngineUnavailableError, engineErrorKind, QueryCancelledError } from './errors';

describe('engine failures', () => {
  it('tell a query that ran out of memory apart, on both engines', () => {
    expect(engineErrorKind('Out of Memory Error: failed to allocate data of size 16.0 MiB')).toBe('memory');
    const text =
      'Code: 241, e.displayText() = DB::Exception: Memory limit (for query) exceeded: would use 3.73 GiB';
    expect(clickhouseError(text).kind).toBe('memory');
    expect(clickhouseError('Code: 62, e.displayText() = DB::Exception: Syntax error').kind).toBe('parser');
  });

  it('answer the interface: 400 for values the query cannot represent, 503 for memory, else unchanged', () => {
    const conversion = engineFailure(new EngineError('Conversion Error: x', 'conversion'));
    expect(conversion).toBeInstanceOf(ApiError);
    expect((conversion as ApiError).code).toBe('ODSQLError');
    const memory = engineFailure(new EngineError('Out of Memory Error: x', 'memory'));
    expect((memory as ApiError).code).toBe('ServiceUnavailable');
    expect((memory as ApiError).message).not.toMatch(/Out of Memory Error/);
    const other = new EngineError('IO Error: x', 'other');
    expect(engineFailure(other)).toBe(other);
    const plain = new Error('x');
    expect(engineFailure(plain)).toBe(plain);
  });

  it('tell a node the cluster cannot reach, as 18.16 says it, and name the node', () => {
    // A read through a Distributed table with a shard's server stopped.
    const tries = `Code: 279, e.displayText() = DB::NetException: All connection tries failed. Log: 

Code: 210, e.displayText() = DB::NetException: Connection refused (127.0.0.1:18311), e.what() = DB::NetException
`;
    // A synchronous insert; and a read whose shard died while its rows streamed.
    const insert =
      'Code: 210, e.displayText() = DB::NetException: Connection refused (127.0.0.1:18311): Insertion status:';
    const cut =
      'Code: 32, e.displayText() = DB::Exception: Attempt to read after eof: while receiving packet from 127.0.0.1:18311, e.what() = DB::Exception';
    const timeout =
      'Code: 209, e.displayText() = DB::NetException: Timeout exceeded while reading from socket (10.1.2.3:9000)';
    for (const [text, node] of [
      [tries, '127.0.0.1:18311'],
      [insert, '127.0.0.1:18311'],
      [cut, '127.0.0.1:18311'],
      [timeout, '10.1.2.3:9000'],
    ] as const) {
      const error = clickhouseError(text);
      expect(error.kind, text).toBe('unavailable');
      expect((error as EngineUnavailableError).node, text).toBe(node);
    }
    // The same code reading a file is no node gone.
    expect(clickhouseError('Code: 32, e.displayText() = DB::Exception: Attempt to read after eof').kind).toBe(
      'other',
    );
    // Cancelled by the caller stays cancelled.
    expect(clickhouseError(tries, AbortSignal.abort())).toBeInstanceOf(QueryCancelledError);
  });

  it('tell a refused connection from a reply that could not be read', async () => {
    // A loopback port just freed: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const error = (await new ClickHouseClient({ url: `http://127.0.0.1:${port}` }).query('SELECT 1').then(
      () => undefined,
      (e: unknown) => e,
    )) as EngineUnavailableError;
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect(error.node).toBe(`127.0.0.1:${port}`);
    expect(error.message).toMatch(/ECONNREFUSED/);
    const unreadable = connectionError(
      new TypeError('Cannot read properties of undefined'),
      undefined,
      'h:1',
    );
    expect(unreadable.kind).toBe('other');
  });

  it('answer an unreachable engine 503 with Retry-After, without its text', () => {
    const answer = engineFailure(
      clickhouseError('Code: 279, e.displayText() = DB::NetException: All connection tries failed'),
    );
    expect(answer).toBeInstanceOf(ApiError);
    expect((answer as ApiError).status).toBe(503);
    expect((answer as ApiError).code).toBe('ServiceUnavailable');
    expect((answer as ApiError).retryAfterSeconds).toBe(RETRY_AFTER_UNAVAILABLE_S);
    expect((answer as ApiError).message).not.toMatch(/279|NetException/);
  });
});
