import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { api } from '../testing/http';

/*
 * Hostile text against the real test server: control characters anywhere in a request are a 400 with
 * the interface's body (never a 500), and names that reach files (aliases) come out exactly as written
 * although they never appear in SQL.
 */

async function get(path: string, query: string, version: '2.0' | '2.1' = '2.1') {
  const res = await fetch(`${api(version)}${path}?${query}`);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

const NUL_ALIAS = `select=${encodeURIComponent('iata as `a\u0000b`')}`;

describe('hostile text', () => {
  const targets: [string, '2.0' | '2.1'][] = [
    ['/catalog/datasets/airports/exports/csv', '2.1'],
    ['/catalog/datasets/airports/exports/json', '2.1'],
    ['/catalog/datasets/airports/exports/jsonl', '2.1'],
    ['/catalog/datasets/airports/exports/parquet', '2.1'],
    ['/catalog/datasets/airports/exports/xlsx', '2.1'],
    ['/catalog/datasets/airports/exports/csv', '2.0'],
    ['/catalog/datasets/airports/exports/json', '2.0'],
    ['/catalog/datasets/airports/records', '2.1'],
    ['/catalog/datasets/airports/records', '2.0'],
    ['/catalog/datasets/airports/facets', '2.1'],
  ];

  it.each(targets)('a NUL in a select alias is a 400 on %s (v%s)', async (path, version) => {
    const res = await get(path, NUL_ALIAS, version);
    expect(res.status).toBe(400);
    const body = JSON.parse(res.bytes.toString()) as { error_code: string; message: string };
    expect(body.error_code).toBe('InvalidRESTParameterError');
    expect(body.message).toContain('U+0000');
    expect(body.message).not.toMatch(/SELECT|__x|Error:/);
  });

  it('control characters in values, names and path segments are 400s', async () => {
    const cases: [string, string][] = [
      ['/catalog/datasets/airports/records', `where=${encodeURIComponent('iata = "a\u0001b"')}`],
      ['/catalog/datasets/airports/records', `refine=${encodeURIComponent('state:\u001b[31m')}`],
      ['/catalog/datasets/airports/records', `q=${encodeURIComponent('x\u007f')}`],
      ['/catalog/datasets/airports/records', `${encodeURIComponent('li\u0000mit')}=1`],
      ['/catalog/datasets/air%00ports/records', ''],
      ['/catalog/datasets/airports/records/%01', ''],
      ['/catalog/datasets/airports/exports/csv', `select=${encodeURIComponent('iata as `a\u0085b`')}`],
    ];
    for (const [path, query] of cases) {
      const res = await get(path, query);
      expect(res.status, `${path}?${query}`).toBe(400);
      expect(JSON.parse(res.bytes.toString())).toMatchObject({ error_code: 'InvalidRESTParameterError' });
    }
    // v1.0 too: every API path is checked.
    const v1 = await fetch(`${api().split('/api/')[0]}/api/records/1.0/search/?dataset=airports&q=%00`);
    expect(v1.status).toBe(400);
  });

  it('line breaks and tabs are allowed in clauses but not in output names', async () => {
    const multiline = await get(
      '/catalog/datasets/airports/records',
      `where=${encodeURIComponent('state = "CA"\n\tand city = "Fresno"')}&limit=1`,
    );
    expect(multiline.status).toBe(200);
    for (const path of ['/catalog/datasets/airports/records', '/catalog/datasets/airports/exports/csv']) {
      const res = await get(path, `select=${encodeURIComponent('iata as `a\nb`')}`);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.bytes.toString())).toMatchObject({ error_code: 'ODSQLError' });
    }
  });

  const ODD = `we"ird 'name ; with, "quotes" -- é ✓`;
  const aliasQuery = `select=${encodeURIComponent(`iata as \`${ODD}\`, state`)}&where=${encodeURIComponent('state = "CA"')}&limit=3&order_by=iata`;

  it('an odd alias is the CSV header and the JSON key exactly', async () => {
    const csv = await get('/catalog/datasets/airports/exports/csv', aliasQuery);
    expect(csv.status).toBe(200);
    const rows = parse(csv.bytes.toString(), { delimiter: ';', bom: true }) as string[][];
    expect(rows[0]).toEqual([ODD, 'state']);
    expect(rows).toHaveLength(4);
    const jsonl = await get('/catalog/datasets/airports/exports/jsonl', aliasQuery);
    const lines = jsonl.bytes
      .toString()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(Object.keys(lines[0]!)).toEqual([ODD, 'state']);
    const json = await get('/catalog/datasets/airports/exports/json', aliasQuery);
    expect(JSON.parse(json.bytes.toString())).toEqual(lines);
  });

  it('an odd alias names the Parquet column exactly', async () => {
    const res = await get('/catalog/datasets/airports/exports/parquet', aliasQuery);
    expect(res.status).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'hostile-parquet-'));
    try {
      const file = join(dir, 'a.parquet');
      await writeFile(file, res.bytes);
      const db = await DuckDBInstance.create(':memory:');
      const connection = await db.connect();
      const reader = await connection.runAndReadAll(`SELECT * FROM read_parquet('${file}')`);
      expect(reader.columnNames()).toEqual([ODD, 'state']);
      expect(reader.getRowObjectsJson().map((r) => r.state)).toEqual(['CA', 'CA', 'CA']);
      connection.closeSync();
      db.closeSync();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
