import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteIdent } from '../../layout/columns';
import { CostModel, tablesOf } from './cost';

const sizes: Record<string, number> = { big: 3_000_000, 'we"ird': 5_000_000, small: 344 };
const model = new CostModel({ heavyRecords: 100_000 }, (t) => sizes[t] ?? 0);
const q = (sql: string) => ({ sql, params: [] });

describe('cost estimate', () => {
  it('reads the tables of a query, quoted names included', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (name) => {
        expect(tablesOf(`SELECT a FROM (SELECT * FROM ${quoteIdent(name)} WHERE x = $1) AS page`)).toEqual([
          name,
        ]);
      }),
    );
  });

  it('keeps small tables and plain pages of large ones cheap', () => {
    expect(model.estimate(q('SELECT a FROM "small" WHERE regexp_matches(a, $1) ORDER BY a'))).toBe('cheap');
    expect(model.estimate(q('SELECT a FROM "big" LIMIT 20'))).toBe('cheap');
    expect(model.estimate(q('SELECT count(*) FROM "__catalog"'))).toBe('cheap');
  });

  it('sends filters, sorts and groups over large tables to the scan lane', () => {
    expect(model.estimate(q('SELECT a FROM "big" WHERE a = $1 LIMIT 20'))).toBe('scan');
    expect(model.estimate(q('SELECT a, count(*) FROM "big" GROUP BY a'))).toBe('scan');
    expect(model.estimate(q('SELECT a FROM "we""ird" ORDER BY a LIMIT 1'))).toBe('scan');
  });

  it('finds text matching over large tables heavy', () => {
    expect(model.estimate(q(`SELECT a FROM "big" WHERE contains(regexp_replace(a, '\\W', ' '), $1)`))).toBe(
      'heavy',
    );
    expect(model.estimate(q('SELECT a FROM "big" WHERE a ILIKE $1'))).toBe('heavy');
    expect(model.records(q('SELECT * FROM "small" JOIN "big" USING (x)'))).toBe(3_000_000);
  });
});
