import { describe, expect, it } from 'vitest';
import type { Logger } from '../../ingest/logger';
import { EngineError, EngineUnavailableError } from '../errors';
import { ClusterReachability } from './reachability';

function logged(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (m) => lines.push(`info ${m}`),
      warn: (m) => lines.push(`warn ${m}`),
      error: (m) => lines.push(`error ${m}`),
    },
  };
}

const refused = (node: string) =>
  new EngineUnavailableError(
    `ClickHouse: Code: 279, e.displayText() = DB::NetException: All connection tries failed. Log: \n\nCode: 210, e.displayText() = DB::NetException: Connection refused (${node})`,
    node,
  );

describe('ClusterReachability', () => {
  it('logs an outage once when it starts and once when the last job that met it runs again', () => {
    const { log, lines } = logged();
    let now = 1_000;
    const reach = new ClusterReachability(log, () => now);
    // Four jobs a second, for ten seconds.
    for (let second = 0; second < 10; second++) {
      now += 1_000;
      for (const job of ['live versions', 'catalog', 'usage counts read', 'usage counts written'])
        expect(reach.failed(job, refused('10.0.0.2:9000'))).toBe(true);
    }
    expect(reach.unreachable).toBe(true);
    expect(lines).toEqual([
      'warn ClickHouse: node 10.0.0.2:9000 is unreachable (Connection refused, met by live versions); requests that need it answer 503 until it is back',
    ]);
    now += 3_000;
    for (const job of ['live versions', 'catalog', 'usage counts read']) reach.succeeded(job);
    // One job has not gone through yet: not back.
    expect(lines).toHaveLength(1);
    reach.succeeded('usage counts written');
    reach.succeeded('live versions');
    expect(reach.unreachable).toBe(false);
    expect(lines.slice(1)).toEqual(['info ClickHouse: the cluster is reachable again (after 12 s)']);
  });

  it('names another node that becomes unreachable during the outage, once', () => {
    const { log, lines } = logged();
    const reach = new ClusterReachability(log);
    reach.failed('catalog', refused('10.0.0.2:9000'));
    reach.failed('catalog', refused('10.0.0.3:9000'));
    reach.failed('live versions', refused('10.0.0.3:9000'));
    // A failure that names no node adds nothing once the outage is known.
    reach.failed(
      'live versions',
      new EngineUnavailableError('ClickHouse unreachable: fetch failed', undefined),
    );
    expect(lines.map((l) => l.split(' (')[0])).toEqual([
      'warn ClickHouse: node 10.0.0.2:9000 is unreachable',
      'warn ClickHouse: node 10.0.0.3:9000 is unreachable',
    ]);
  });

  it("leaves any other failure to the job's own log", () => {
    const { log, lines } = logged();
    const reach = new ClusterReachability(log);
    const others: unknown[] = [];
    const job = reach.job('catalog', (error) => others.push(error));
    const syntax = new EngineError('ClickHouse: Code: 62, Syntax error', 'parser');
    job.failed(syntax);
    job.succeeded();
    expect(others).toEqual([syntax]);
    expect(lines).toEqual([]);
    expect(reach.unreachable).toBe(false);
  });
});
