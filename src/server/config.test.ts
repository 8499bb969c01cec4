import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTINGS } from './config';

describe('settings', () => {
  it('has defaults for every setting', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(8080);
    expect(config.defaultCatalog).toBe(true);
    expect(config.sqlTimeLimitMs).toBe(30_000);
    expect(config.dataDir.endsWith('.data')).toBe(true);
    expect(config.memoryLimit).toBe('128MB');
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '0',
      DEFAULT_CATALOG: 'false',
      DUCKDB_CONNECTIONS: '2',
      DATA_DIR: '/tmp/x',
      DUCKDB_MEMORY_LIMIT: ' 2 gib ',
    });
    expect(config.memoryLimit).toBe('2GiB');
    expect(config.port).toBe(0);
    expect(config.defaultCatalog).toBe(false);
    expect(config.connections).toBe(2);
    expect(config.dataDir).toBe('/tmp/x');
  });

  it('refuses invalid values, naming the variable', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEFAULT_CATALOG: 'maybe' })).toThrow(/^Invalid DEFAULT_CATALOG=maybe: /);
    expect(() => loadConfig({ SQL_TIME_LIMIT_MS: '-5' })).toThrow(/SQL_TIME_LIMIT_MS/);
    // Never handed to DuckDB as text it did not expect.
    expect(() => loadConfig({ DUCKDB_MEMORY_LIMIT: "1GB'; SET threads=1" })).toThrow(/DUCKDB_MEMORY_LIMIT/);
    expect(() => loadConfig({ DUCKDB_MEMORY_LIMIT: '512' })).toThrow(/DUCKDB_MEMORY_LIMIT/);
  });

  it('documents every setting in the operator reference', async () => {
    const { readFile } = await import('node:fs/promises');
    const settings = (await readFile('docs/operations.md', 'utf8')).split('\n## ')[1] ?? '';
    expect(settings.startsWith('Settings\n')).toBe(true);
    for (const setting of Object.values(SETTINGS)) expect(settings).toContain(`| \`${setting.env}\``);
  });

  it('reads the call quotas: off by default, the anonymous one following QUOTA_CALLS unless set', () => {
    expect(loadConfig({}).quota).toEqual({ keyCalls: 0, anonymousCalls: 0, period: 'day' });
    expect(loadConfig({ QUOTA_CALLS: '100' }).quota).toEqual({
      keyCalls: 100,
      anonymousCalls: 100,
      period: 'day',
    });
    expect(
      loadConfig({ QUOTA_CALLS: '100', QUOTA_ANONYMOUS_CALLS: '0', QUOTA_PERIOD: 'Hour' }).quota,
    ).toEqual({
      keyCalls: 100,
      anonymousCalls: 0,
      period: 'hour',
    });
    expect(() => loadConfig({ QUOTA_CALLS: '-1' })).toThrow(/^Invalid QUOTA_CALLS=-1: /);
    expect(() => loadConfig({ QUOTA_ANONYMOUS_CALLS: '1.5' })).toThrow(/QUOTA_ANONYMOUS_CALLS/);
    expect(() => loadConfig({ QUOTA_PERIOD: 'week' })).toThrow(/QUOTA_PERIOD/);
  });

  it('reads the engine: DuckDB by default, ClickHouse with a cluster to reach', () => {
    expect(loadConfig({}).engine).toEqual({ kind: 'duckdb' });
    expect(
      loadConfig({
        ENGINE: 'ClickHouse',
        CLICKHOUSE_URL: 'http://127.0.0.1:18370/, http://127.0.0.1:18371',
        CLICKHOUSE_CLUSTER: 'explore',
        CLICKHOUSE_PASSWORD: 's3cret',
      }).engine,
    ).toEqual({
      kind: 'clickhouse',
      urls: ['http://127.0.0.1:18370', 'http://127.0.0.1:18371'],
      cluster: 'explore',
      database: 'explore',
      user: 'default',
      password: 's3cret',
    });
    // ClickHouse settings are ignored with DuckDB, but still checked.
    expect(loadConfig({ CLICKHOUSE_CLUSTER: 'explore' }).engine).toEqual({ kind: 'duckdb' });
    expect(() => loadConfig({ ENGINE: 'postgres' })).toThrow(/^Invalid ENGINE=postgres: /);
    expect(() => loadConfig({ ENGINE: 'clickhouse', CLICKHOUSE_CLUSTER: 'explore' })).toThrow(
      /needs CLICKHOUSE_URL/,
    );
    expect(() => loadConfig({ ENGINE: 'clickhouse', CLICKHOUSE_URL: 'http://h:1' })).toThrow(
      /needs CLICKHOUSE_CLUSTER/,
    );
    const bad = { ENGINE: 'clickhouse', CLICKHOUSE_CLUSTER: 'explore' };
    for (const url of ['ftp://h:1', 'http://u:p@h:1', 'http://h:1/?query=DROP', 'not a url', 'http://h:1,'])
      expect(() => loadConfig({ ...bad, CLICKHOUSE_URL: url })).toThrow(/^Invalid CLICKHOUSE_URL=/);
    expect(() => loadConfig({ ...bad, CLICKHOUSE_URL: 'http://h:1', CLICKHOUSE_DATABASE: 'a`b' })).toThrow(
      /CLICKHOUSE_DATABASE/,
    );
    expect(() =>
      loadConfig({ ENGINE: 'clickhouse', CLICKHOUSE_URL: 'http://h:1', CLICKHOUSE_CLUSTER: 'x y' }),
    ).toThrow(/CLICKHOUSE_CLUSTER/);
  });
});
