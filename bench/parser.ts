import { parseWhere } from '../src/odsql/parser/clauses';

/** A where clause of about `bytes` bytes mixing the constructs of the language. */
export function largeWhere(bytes: number): string {
  const parts = [
    '(capacity > 20 AND lower(name) = "gare du nord")',
    'search(title, "bok of secret")',
    "date >= date'2017-04-03T08:02' AND date < now(days=-7)",
    "within_distance(geo, geom'POINT(2.35 48.85)', 10km)",
    '`year` IN [1990..2000[',
    'status IN ("open", "closed", "pending")',
    'NOT "red" IN tags',
    'population * 2 + 1 <= 10000 OR population IS NULL',
    'startswith(name, "Saint") AND name like "pont*"',
  ];
  let out = '';
  for (let i = 0; out.length < bytes; i++) out += `${i > 0 ? ' OR ' : ''}${parts[i % parts.length]}`;
  return out;
}

/** Milliseconds per KB to parse a 10 KB where clause (median of repeated runs). */
export function parserThroughput(): { bytes: number; msPerParse: number; msPerKb: number } {
  const text = largeWhere(10_240);
  const ok = parseWhere(text);
  if (!ok.ok) throw new Error(`benchmark query does not parse: ${ok.diagnostic.message}`);
  for (let i = 0; i < 50; i++) parseWhere(text);
  const times: number[] = [];
  for (let r = 0; r < 30; r++) {
    const start = performance.now();
    for (let i = 0; i < 20; i++) parseWhere(text);
    times.push((performance.now() - start) / 20);
  }
  times.sort((a, b) => a - b);
  const msPerParse = times[Math.floor(times.length / 2)]!;
  return { bytes: text.length, msPerParse, msPerKb: msPerParse / (text.length / 1024) };
}
