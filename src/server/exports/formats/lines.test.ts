import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonArray } from './lines';

async function collect(chunks: Buffer[]): Promise<string> {
  async function* source() {
    yield* chunks;
  }
  const out: Buffer[] = [];
  for await (const b of jsonArray(source())) out.push(b);
  return Buffer.concat(out).toString();
}

/** Splits bytes at the given cut points (any byte, even inside a character or a line). */
function split(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const parts: Buffer[] = [];
  let from = 0;
  for (const p of points) {
    parts.push(bytes.subarray(from, p));
    from = p;
  }
  parts.push(bytes.subarray(from));
  return parts;
}

describe('JSON lines to a JSON array', () => {
  it('gives the array of the lines, however the bytes are cut', async () => {
    const record = fc.dictionary(
      fc.string(),
      fc.oneof(
        fc.string({ unit: 'binary' }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        async (records, cuts) => {
          const lines = Buffer.from(records.map((r) => `${JSON.stringify(r)}\n`).join(''));
          const text = await collect(split(lines, cuts));
          expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(records)));
          // Framed as the service frames it (conformance capture 04): `[{…},{…}]`.
          expect(text).toBe(`[${records.map((r) => JSON.stringify(r)).join(',')}]`);
        },
      ),
    );
  });

  it('writes an empty array for no lines', async () => {
    expect(await collect([])).toBe('[]');
  });
});
