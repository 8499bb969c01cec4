import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageCounts } from './counts';

/* Usage counts in a shared folder: each process writes its own file, every process reads the sums. */

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const d = mkdtempSync(join(tmpdir(), 'usage-'));
  dirs.push(d);
  return d;
}

describe('UsageCounts', () => {
  it('adds up the counts of every process sharing the folder, and keeps them across restarts', () => {
    const dir = folder();
    const a = new UsageCounts(dir);
    const b = new UsageCounts(dir);
    a.add('penguins', 'downloads');
    a.add('penguins', 'api_calls');
    b.add('penguins', 'downloads');
    b.add('airports', 'api_calls');
    expect(a.get('penguins')).toEqual({ downloads: 1, api_calls: 1 });
    a.close();
    b.close();
    expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toHaveLength(2);
    const restarted = new UsageCounts(dir);
    expect(restarted.get('penguins')).toEqual({ downloads: 2, api_calls: 1 });
    expect(restarted.get('airports')).toEqual({ downloads: 0, api_calls: 1 });
    expect([...restarted.all().keys()].sort()).toEqual(['airports', 'penguins']);
    restarted.close();
  });

  it('skips files it cannot read', () => {
    const dir = folder();
    const a = new UsageCounts(dir);
    a.add('x', 'downloads');
    a.close();
    writeFileSync(join(dir, 'broken.json'), '{not json');
    expect(new UsageCounts(dir).get('x')).toEqual({ downloads: 1, api_calls: 0 });
  });
});
