import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageCounts } from './counts';
import { parseCountsFile } from './leftover-counts';

/** The id of a process that ran and ended (no process of this machine has it now). */
function deadPid(): number {
  const pid = spawnSync('true').pid;
  if (pid === undefined) throw new Error('no child process');
  return pid;
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'usage-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const file = (name: string, content: unknown): void =>
  writeFileSync(join(dir, name), JSON.stringify(content));
const names = (): string[] => readdirSync(dir).sort();
/** Totals over every usage file, as any reader sums them. */
function totals(): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const name of names().filter((n) => n.endsWith('.json'))) {
    for (const [id, c] of parseCountsFile(readFileSync(join(dir, name), 'utf8'))?.counts ?? []) {
      const [d, a] = out[id] ?? [0, 0];
      out[id] = [d + c.downloads, a + c.api_calls];
    }
  }
  return out;
}

describe('usage files of processes that are gone', () => {
  it('are folded into the new process file: one file, the same totals, tmp files removed', () => {
    const a = deadPid();
    const b = deadPid();
    file(`k1-${a}-aa.json`, { flights: { downloads: 2, api_calls: 5 } });
    file(`k2-${b}-bb.json`, {
      counts: { flights: { downloads: 1, api_calls: 1 }, cars: { downloads: 0, api_calls: 3 } },
      absorbed: [],
    });
    writeFileSync(join(dir, `k3-${a}-cc.json.tmp`), '{"flights": {"downl');
    const counts = new UsageCounts(dir);
    expect(counts.get('flights')).toEqual({ downloads: 3, api_calls: 6 });
    expect(counts.get('cars')).toEqual({ downloads: 0, api_calls: 3 });
    expect(names()).toHaveLength(1);
    expect(totals()).toEqual({ flights: [3, 6], cars: [0, 3] });
    counts.add('flights', 'downloads');
    counts.close();
    expect(totals()).toEqual({ flights: [4, 6], cars: [0, 3] });
  });

  it('leave the file of a running process alone', () => {
    file(`k1-${process.ppid}-aa.json`, { flights: { downloads: 7, api_calls: 0 } });
    const counts = new UsageCounts(dir);
    counts.close();
    expect(names()).toContain(`k1-${process.ppid}-aa.json`);
    expect(counts.get('flights').downloads).toBe(7);
  });

  it('count every claim once after a crash at any step of a fold', () => {
    const claimer = deadPid();
    const stem = `k9-${claimer}-99`;
    // Crashed after step 1 (claim renamed, own file not written): the claim goes back and is folded.
    file(`${stem}.absorbing.k1-${deadPid()}-aa.json.claim`, { flights: { downloads: 1, api_calls: 0 } });
    // Crashed after step 2 (own file lists the claim): the claim is removed, its counts already in.
    const other = `k2-${deadPid()}-bb.json`;
    file(`${stem}.absorbing.${other}.claim`, { cars: { downloads: 5, api_calls: 0 } });
    file(`${stem}.json`, { counts: { cars: { downloads: 5, api_calls: 0 } }, absorbed: [other] });
    const counts = new UsageCounts(dir);
    counts.close();
    expect(totals()).toEqual({ flights: [1, 0], cars: [5, 0] });
    expect(names()).toHaveLength(1);
  });

  it('keep one file per running process over twenty starts that each crash', () => {
    // Each start absorbs the previous one, which then "crashed" (its pid is replaced by a gone one).
    let expected = 0;
    for (let start = 0; start < 20; start++) {
      const counts = new UsageCounts(dir);
      counts.add('flights', 'api_calls');
      expected++;
      counts.close();
      const [own] = names();
      const gone = own!.replace(`-${process.pid}-`, `-${deadPid()}-`);
      writeFileSync(join(dir, gone), readFileSync(join(dir, own!)));
      rmSync(join(dir, own!));
    }
    expect(names()).toHaveLength(1);
    expect(totals()).toEqual({ flights: [0, expected] });
  });
});
