import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { quoteIdent, searchColumnSql, searchSqlExpression } from './columns';

/*
 * The records' search column normalises their text fields joined (one regular expression a statement):
 * the same text as normalising each field and joining the non-empty ones.
 */
describe('search column', () => {
  it('equals the text fields normalised one by one, empty ones left out', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const fields = [
      { name: 'a', type: 'text' as const },
      { name: 'n', type: 'int' as const },
      { name: 'b', type: 'text' as const, multivalued: true },
      { name: 'c', type: 'text' as const },
    ];
    const perField = `' ' || concat_ws(' ', ${['"a"', `array_to_string("b", ' ')`, '"c"']
      .map((text) => `nullif(${searchSqlExpression(text)}, '')`)
      .join(', ')}) || ' '`;
    const values = `VALUES
      ('Élan  Vital!', 1, ['Saint-Étienne', '--'], 'x'),
      ('--', 2, NULL, '  '),
      (NULL, 3, [], NULL),
      ('ÇA, va ?', 4, ['', 'Ω mega', NULL], '(42)'),
      ('東京 タワー', 5, ['ß'], '…')`;
    const reader = await connection.runAndReadAll(
      `SELECT ${searchColumnSql(fields)}, ${perField} FROM (${values}) AS t(${fields.map((f) => quoteIdent(f.name)).join(', ')})`,
    );
    const rows = reader.getRows();
    expect(rows).toHaveLength(5);
    for (const [joined, separate] of rows) expect(joined).toBe(separate);
    expect(rows.map((r) => r[0])).toContain(' elan vital saint etienne x ');
    connection.closeSync();
    instance.closeSync();
  });
});
