import { loadavg } from 'node:os';
import { splitMemoryLimit } from '../src/server/catalog/memory';
import { percentile } from './stats';

/* What the scale bench's parts share: sizes, the memory both sides get, timing and requests. */

export const FULL = process.env.BENCH_SCALE === 'full';

export const seconds = (ms: number): number => ms / 1000;

/**
 * The memory DuckDB's own load gets: the ingestion engine's share of DUCKDB_MEMORY_LIMIT (the server
 * splits it in halves between its request and ingestion engines, catalog/memory.ts), so that both sides
 * of the ratio work within the same budget.
 */
export function ingestionMemory(memoryLimit: string): string {
  return splitMemoryLimit(memoryLimit)?.ingestion ?? memoryLimit;
}

export const load1 = (): number => loadavg()[0] ?? Number.NaN;

export async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function get(origin: string, path: string): Promise<unknown> {
  const res = await fetch(`${origin}/api/explore/v2.1${path}`);
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

/** p50 and p99 of `runs` timed runs after two untimed ones. */
export async function p50p99(runs: number, work: () => Promise<unknown>): Promise<[number, number]> {
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const t = await time(work);
    if (i >= 2) times.push(t);
  }
  return [percentile(times, 50), percentile(times, 99)];
}

export const SERVER_ENV: Record<string, string> = {
  DEFAULT_CATALOG: 'false',
  // BENCH_PORT: a fixed port for the servers started (one at a time) instead of any free one.
  ...(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {}),
};
