import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvLine, csvLines, V1_LINES } from './csv-writer';

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom(';', ',', '\t', '|', '"', '\r', '\n', '#', ' ', 'a', 'é'),
    maxLength: 8,
  }),
);

describe('the v1 lines', () => {
  it("write what csv-stringify's defaults wrote for the v1 download and datasets list", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(text, { minLength: 1, maxLength: 5 }), { maxLength: 4 }),
        fc.constantFrom(';', ',', '\t', '|'),
        (rows, delimiter) => {
          const line = csvLine({ delimiter, quoteAll: false }, V1_LINES);
          expect(csvLines(line, rows)).toBe(stringify(rows, { delimiter }));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
