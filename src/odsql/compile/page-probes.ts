/** The first span of positions a filtered page in source order is looked for in (see PageProbes). */
const FIRST_SPAN = 65_536;

/**
 * The spans of positions, each 16 times the one before, that a filtered page in source order of
 * `offset + limit` records is looked for in before all of them: spans below the number of records only.
 */
export function probeSpans(offset: number, limit: number, records: number): number[] {
  const spans: number[] = [];
  for (let below = Math.max(FIRST_SPAN, 16 * (offset + limit)); below < records; below *= 16)
    spans.push(below);
  return spans;
}
