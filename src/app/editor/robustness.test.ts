import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import { checkQuery, QUERY_CLAUSES } from '../../odsql';
import { completeClause } from './completion';
import { highlightClause } from './highlight';
import { datasetSchema } from './schema';

/* Whatever a user types, the editor's sources answer without throwing and point inside the text. */

const FIELDS: DatasetField[] = [
  { name: 'origin', label: 'Origin', type: 'text' },
  { name: 'delay', label: 'Delay', type: 'int' },
  { name: 'date', label: 'Date', type: 'datetime' },
  { name: 'where', label: 'A reserved name', type: 'text' },
  { name: 'location', label: 'Location', type: 'geo_point_2d' },
  { name: 'photo', label: 'Photo', type: 'file' },
];
const SCHEMA = datasetSchema(FIELDS);

/** Text built from ODSQL pieces, so that much of it gets past the lexer. */
const odsqlish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'origin',
        'delay',
        'date',
        '`where`',
        'avg(',
        'count(*)',
        'year(',
        ')',
        '(',
        ',',
        ' and ',
        ' or ',
        ' not ',
        '=',
        '>',
        '"SFO"',
        "'x",
        '10km',
        "date'2001-01-01'",
        ' as ',
        ' desc',
        ' in ',
        '[',
        '..',
        ']',
        "geom'POINT(1 2)'",
        '*',
        ' like ',
        'within_distance(location, ',
        'x',
        '§',
        '\\',
      ),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('editor sources on random input', () => {
  it('checks any query without throwing, with spans inside each clause', () => {
    fc.assert(
      fc.property(
        fc.record({ where: odsqlish, select: odsqlish, group_by: odsqlish, order_by: odsqlish }),
        (q) => {
          for (const d of checkQuery(q, SCHEMA)) {
            expect(QUERY_CLAUSES).toContain(d.clause);
            const text = q[d.clause as (typeof QUERY_CLAUSES)[number]];
            expect(d.from).toBeGreaterThanOrEqual(0);
            expect(d.to).toBeGreaterThanOrEqual(d.from);
            expect(d.to).toBeLessThanOrEqual(text.length);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('highlights and completes anywhere in any text', () => {
    fc.assert(
      fc.property(
        odsqlish,
        fc.nat(),
        fc.constantFrom(...QUERY_CLAUSES),
        fc.boolean(),
        (text, n, clause, explicit) => {
          const spans = highlightClause(text, new Set(FIELDS.map((f) => f.name)));
          for (const s of spans) {
            expect(s.from).toBeLessThan(s.to);
            expect(s.to).toBeLessThanOrEqual(text.length);
          }
          const pos = n % (text.length + 1);
          const found = completeClause(text, pos, clause, FIELDS, explicit);
          if (found) {
            expect(found.from).toBeLessThanOrEqual(pos);
            expect(found.to).toBe(pos);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
