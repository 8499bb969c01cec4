import { describe, expect, it } from 'vitest';
import { inlineParams } from './params';

describe('typed placeholders of compiled ClickHouse queries', () => {
  it('become the literals of their values, typed by the placeholder', () => {
    const sql = inlineParams({
      sql: 'SELECT {$1:String}, {$2:Int64}, {$3:Float64}, {$4:Bool}, {$5:Array(String)}, {$2:Int64} LIMIT {$6:UInt64}',
      params: ["it's", 12, 2.5, true, ['a', 'b'], 10],
    });
    expect(sql).toBe(
      "SELECT 'it\\'s', toInt64(12), toFloat64(2.5), toUInt8(1), ['a', 'b'], toInt64(12) LIMIT 10",
    );
  });

  it('never reads a value again: text holding a placeholder stays text', () => {
    expect(inlineParams({ sql: 'SELECT {$1:String}, {$2:String}', params: ['{$2:String}', 'x'] })).toBe(
      "SELECT '{$2:String}', 'x'",
    );
  });

  it('refuses a value of another type, a missing value and an unknown type', () => {
    expect(() => inlineParams({ sql: 'SELECT {$1:Int64}', params: ['1; DROP'] })).toThrow(/safe integer/);
    expect(() => inlineParams({ sql: 'SELECT {$2:String}', params: ['x'] })).toThrow(/No value/);
    expect(() => inlineParams({ sql: 'SELECT {$1:Date}', params: ['2020-01-01'] })).toThrow(/Unknown/);
    expect(() => inlineParams({ sql: 'SELECT 1 LIMIT {$1:UInt64}', params: [-1] })).toThrow(/non-negative/);
    expect(() => inlineParams({ sql: 'SELECT 1 LIMIT {$1:UInt64}', params: [-1] })).toThrow(/non-negative/);
  });
});
