/** Percentile of a sample (nearest rank). */
export function percentile(sample: readonly number[], p: number): number {
  const sorted = [...sample].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function fmt(ms: number): string {
  return ms < 10 ? ms.toFixed(2) : ms.toFixed(1);
}

/**
 * Times two runners on the same task, alternating one run of each, so that the machine's drift (other
 * load, frequency changes) weighs on both samples alike.
 */
export async function timeInterleaved(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  runs: number,
  warmup = 3,
): Promise<[number[], number[]]> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < runs; i++) {
    let start = performance.now();
    await a();
    ta.push(performance.now() - start);
    start = performance.now();
    await b();
    tb.push(performance.now() - start);
  }
  return [ta, tb];
}
