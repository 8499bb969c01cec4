import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClickHouseClient } from './client';

/*
 * A node closes an idle keep-alive connection at its own pace; a request sent on it at that moment fails
 * before any answer ("other side closed"). Played by a local HTTP server that drops the socket of every
 * request whose number is in `drop`, and answers the others as ClickHouse would.
 */

let server: Server;
let url: string;
let seen: string[] = [];
let drop = new Set<number>();

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      seen.push(body);
      if (drop.has(seen.length)) {
        request.socket.destroy();
        return;
      }
      if (body.includes('FORMAT JSONCompact')) {
        response.end(JSON.stringify({ meta: [{ name: 'x', type: 'UInt8' }], data: [[1]] }));
      } else if (body.includes('FORMAT TSVWithNamesAndTypes')) {
        response.end('x\nUInt8\n1\n2\n');
      } else {
        response.end('');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function reset(dropped: number[]): ClickHouseClient {
  seen = [];
  drop = new Set(dropped);
  return new ClickHouseClient({ url });
}

describe('a connection closed by the ClickHouse node before any answer', () => {
  it('sends a query again once, on a new connection', async () => {
    const client = reset([1]);
    expect((await client.query('SELECT 1 AS x')).rows).toEqual([[1]]);
    expect(seen).toHaveLength(2);
  });

  it('sends a streamed query again once', async () => {
    const client = reset([1]);
    const chunks: unknown[][][] = [];
    for await (const chunk of client.stream('SELECT x FROM t')) chunks.push(chunk);
    expect(chunks.flat()).toEqual([[1], [2]]);
    expect(seen).toHaveLength(2);
  });

  it('fails a query closed twice, and never sends a statement that writes again', async () => {
    await expect(reset([1, 2]).query('SELECT 1 AS x')).rejects.toThrow(/unreachable/);
    expect(seen).toHaveLength(2);
    await expect(reset([1]).execute('INSERT INTO t SELECT 1')).rejects.toThrow(/unreachable/);
    expect(seen).toHaveLength(1);
  });
});
