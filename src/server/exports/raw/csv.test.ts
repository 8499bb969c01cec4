import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RawValueKind } from '../../../odsql';
import { stringifyOptions } from '../formats/csv-text';
import { csvLine } from '../formats/csv-writer';
import { cellOfJson } from '../formats/json-cells';
import type { ExportColumn } from '../types';
import { rawCsvCell } from './csv';
import { rawRenderer } from './render';

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom(';', ',', '\t', '|', '"', '\r', '\n', '#', ' ', 'a', 'é'),
    maxLength: 8,
  }),
);

describe('csvLine', () => {
  it('quotes and joins cells as csv-stringify does with the export options', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(text, { nil: null }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(';', ',', '\t', '|'),
        fc.boolean(),
        (cells, delimiter, quoteAll) => {
          const csv = { delimiter, quoteAll, listSeparator: ',', withBom: false };
          expect(csvLine(csv)(cells)).toBe(stringify([cells], stringifyOptions(csv)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

/** A raw value of each kind, as the ClickHouse stream gives it (raw-records.ts). */
const rawValues: Record<Exclude<RawValueKind, 'json'>, fc.Arbitrary<unknown>> = {
  text,
  texts: fc.array(fc.option(text, { nil: null }), { maxLength: 4 }),
  int: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String),
  double: fc.double({ noNaN: true, noDefaultInfinity: true }),
  boolean: fc.constantFrom(0, 1),
  date: fc.integer({ min: -800_000, max: 2_000_000 }),
  datetime: fc.integer({ min: -5e13, max: 5e13 }),
};

const COLUMN_TYPES = ['text', 'int', 'double', 'boolean', 'date', 'datetime', 'json'] as const;

describe('rawCsvCell', () => {
  it.each(Object.keys(rawValues) as (keyof typeof rawValues)[])(
    '%s: the cell cellOfJson makes of the JSON text',
    (kind) => {
      for (const timezone of [null, 'Europe/Paris']) {
        const render = rawRenderer({ kinds: [kind], timezone });
        fc.assert(
          fc.property(
            fc.option(rawValues[kind], { nil: null }),
            fc.constantFrom(...COLUMN_TYPES),
            fc.constantFrom(',', ' | '),
            (raw, type, separator) => {
              const column: ExportColumn = {
                name: 'c',
                label: 'c',
                type,
                ...(kind === 'texts' ? { multivalued: true } : {}),
              };
              expect(rawCsvCell(column, render, 0, raw, separator)).toBe(
                cellOfJson(column, render.jsonText(0, raw), separator),
              );
              const json = render.jsonText(0, raw);
              expect(render.value(0, raw)).toEqual(json === null ? null : JSON.parse(json));
            },
          ),
          { numRuns: 300 },
        );
      }
    },
  );
});
