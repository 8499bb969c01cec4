import { describe, expect, it } from 'vitest';
import { compileRecordsQuery, type DatasetSchema, duckdbDialect, V1QueryError, v1QueryWhere } from '../index';

/* The language's entry as the server uses it: a v1 `q` in, an ODSQL `where` text out, the compiler's. */

const SCHEMA: DatasetSchema = {
  fields: [
    { name: 'title', type: 'text' },
    { name: 'n', type: 'int' },
  ],
};

describe('v1QueryWhere', () => {
  it('reads a v1 query into an ODSQL where text the compiler accepts', () => {
    const where = v1QueryWhere('title:star AND n>=2', SCHEMA);
    expect(where).toBe('title LIKE "star" AND n >= 2');
    const compiled = compileRecordsQuery({ table: 't', where: [where!] }, SCHEMA, {
      version: '2.1',
      timezone: 'UTC',
      lang: 'en',
      now: Date.UTC(2024, 0, 31),
      dialect: duckdbDialect,
    });
    expect(compiled.ok).toBe(true);
  });

  it('asks nothing of a blank query', () => {
    expect(v1QueryWhere('   ', SCHEMA)).toBeUndefined();
  });

  it('refuses an unknown field with a V1QueryError', () => {
    expect(() => v1QueryWhere('nope:1', SCHEMA)).toThrow(V1QueryError);
  });
});
