import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ClickHouseClient } from './client';
import { startLocalCluster } from './cluster';
import { testCluster } from './testing/cluster';

/* The harness itself, on ports of its own (18350-18371), beside the suite's cluster. */

const cluster = testCluster();

async function answers(url: string): Promise<boolean> {
  try {
    await new ClickHouseClient({ url }).query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!cluster)('local cluster harness', () => {
  it('starts two shards that a Distributed table spreads rows over, and stops them', async () => {
    const local = await startLocalCluster({ basePort: 18350 });
    try {
      const client = new ClickHouseClient({ url: local.url });
      const shards = await client.query(
        `SELECT count() FROM system.clusters WHERE cluster = '${local.name}'`,
      );
      expect(shards.rows[0]![0]).toBe(2);
      for (const node of local.nodes)
        await new ClickHouseClient({ url: node.httpUrl }).execute(
          'CREATE TABLE t_local (id UInt64) ENGINE = MergeTree ORDER BY id',
        );
      await client.execute(
        `CREATE TABLE t AS t_local ENGINE = Distributed(${local.name}, default, t_local, cityHash64(id))`,
      );
      await client.execute('INSERT INTO t SELECT number FROM numbers(1000)', {
        settings: { insert_distributed_sync: 1 },
      });
      const perNode = await Promise.all(
        local.nodes.map(async (n) =>
          Number(
            (await new ClickHouseClient({ url: n.httpUrl }).query('SELECT count() FROM t_local')).rows[0]![0],
          ),
        ),
      );
      expect(perNode[0]! + perNode[1]!).toBe(1000);
      expect(Math.min(...perNode)).toBeGreaterThan(400);
    } finally {
      await local.stop();
    }
    for (const node of local.nodes) {
      expect(await answers(node.httpUrl)).toBe(false);
      expect(existsSync(node.dir)).toBe(false);
    }
  });

  it('leaves no server behind when the process that started it dies of an error', async () => {
    const script = `
      import { startLocalCluster } from './src/server/engine/clickhouse/cluster.ts';
      await startLocalCluster({ basePort: 18360 });
      console.log('started');
      throw new Error('a failing test');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(output).toContain('started');
    expect(code).not.toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(await answers('http://127.0.0.1:18360')).toBe(false);
    expect(await answers('http://127.0.0.1:18361')).toBe(false);
  });
});
