import { describe, expect, it } from 'vitest';
import { ApiError, engineFailure } from '../errors';
import { clickhouseError } from './clickhouse/errors';
import { EngineError, engineErrorKind } from './errors';

describe('engine failures', () => {
  it('tell a query that ran out of memory apart, on both engines', () => {
    expect(engineErrorKind('Out of Memory Error: failed to allocate data of size 16.0 MiB')).toBe('memory');
    const text =
      'Code: 241, e.displayText() = DB::Exception: Memory limit (for query) exceeded: would use 3.73 GiB';
    expect(clickhouseError(text).kind).toBe('memory');
    expect(clickhouseError('Code: 62, e.displayText() = DB::Exception: Syntax error').kind).toBe('parser');
  });

  it('answer the interface: 400 for values the query cannot represent, 503 for memory, else unchanged', () => {
    const conversion = engineFailure(new EngineError('Conversion Error: x', 'conversion'));
    expect(conversion).toBeInstanceOf(ApiError);
    expect((conversion as ApiError).code).toBe('ODSQLError');
    const memory = engineFailure(new EngineError('Out of Memory Error: x', 'memory'));
    expect((memory as ApiError).code).toBe('ServiceUnavailable');
    expect((memory as ApiError).message).not.toMatch(/Out of Memory Error/);
    const other = new EngineError('IO Error: x', 'other');
    expect(engineFailure(other)).toBe(other);
    const plain = new Error('x');
    expect(engineFailure(plain)).toBe(plain);
  });
});
