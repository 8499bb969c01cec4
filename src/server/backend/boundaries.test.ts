import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

/*
 * The engines' boundaries (backend/types.ts): one factory (backend/factory.ts) makes the backend the
 * settings name, and nothing else in the server names an engine, neither by importing its folder or
 * its client library, nor by testing an engine kind. Each engine's folder imports only the contract it
 * implements (backend/, the engine interface, errors and lanes) besides the language and the records
 * layout, never the server modules that use it. Sources are read with Vite's parser (Oxc): comments
 * never count.
 */

const SERVER = resolve(import.meta.dirname, '..');
const ENGINE_FOLDERS = ['engine/duckdb', 'engine/clickhouse'];
/**
 * The backend factory, the local engine's plumbing (embedded DuckDB, which every server runs to ingest,
 * keep the catalog table and write files, whatever backend serves) and the settings the factory reads
 * (which list the engine kinds).
 */
const NAMING_ALLOWED = ['backend/factory.ts', 'backend/local-engine.ts', 'config.ts'];
/** What an engine's folder may import of the server: the contract it implements. */
const CONTRACT = [
  'backend/catalog.ts',
  'backend/catalog-layout.ts',
  'backend/catalog-rows.ts',
  'backend/logger.ts',
  'backend/quota.ts',
  'backend/tables.ts',
  'backend/types.ts',
  'engine/errors.ts',
  'engine/lanes.ts',
  'engine/types.ts',
];
const ENGINE_PACKAGE = /^@(duckdb|clickhouse)\//;
const ENGINE_KIND = new Set(['duckdb', 'clickhouse']);
const DIALECT_NAME = /^(duckdb|clickhouse)(Dialect|ExportSql)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|cluster-test)\.tsx?$|\.d\.ts$/.test(entry.name)
      ? [path]
      : [];
  });
}

interface Source {
  /** Module specifiers imported or re-exported, static or dynamic. */
  readonly imports: string[];
  /** Engine kinds compared with (`=== 'clickhouse'`, `case 'duckdb':`) and dialects named. */
  readonly engineNames: string[];
}

function read(fileName: string, text: string): Source {
  const parsed = parseSync(fileName, text, { lang: fileName.endsWith('x') ? 'tsx' : 'ts' });
  if (parsed.errors.length > 0) throw new Error(`${fileName} does not parse`);
  const imports: string[] = [];
  const engineNames: string[] = [];
  const kindLiteral = (node: unknown): string | undefined => {
    const { type, value } = (node ?? {}) as { type?: unknown; value?: unknown };
    return type === 'Literal' && typeof value === 'string' && ENGINE_KIND.has(value) ? value : undefined;
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const n = node as Record<string, unknown> & { type?: unknown };
    if (
      (n.type === 'ImportDeclaration' ||
        n.type === 'ExportNamedDeclaration' ||
        n.type === 'ExportAllDeclaration' ||
        n.type === 'ImportExpression') &&
      typeof (n.source as { value?: unknown } | null)?.value === 'string'
    )
      imports.push((n.source as { value: string }).value);
    if (n.type === 'BinaryExpression' && /^[!=]==?$/.test(String(n.operator))) {
      const kind = kindLiteral(n.left) ?? kindLiteral(n.right);
      if (kind) engineNames.push(`compares with '${kind}'`);
    }
    if (n.type === 'SwitchCase') {
      const kind = kindLiteral(n.test);
      if (kind) engineNames.push(`case '${kind}'`);
    }
    if (n.type === 'Identifier' && typeof n.name === 'string' && DIALECT_NAME.test(n.name))
      engineNames.push(n.name);
    for (const [key, child] of Object.entries(n)) if (key !== 'type') visit(child);
  };
  visit(parsed.program);
  return { imports, engineNames: [...new Set(engineNames)] };
}

/** The server-relative path an import names (relative imports only), `.ts` added when missing. */
function target(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const path = relative(SERVER, resolve(dirname(from), specifier));
  return /\.tsx?$/.test(path) ? path : `${path}.ts`;
}

const within = (path: string, folder: string): boolean => path === folder || path.startsWith(`${folder}/`);
const inEngineFolder = (path: string): boolean => ENGINE_FOLDERS.some((f) => within(path, f));
/** `engine/duckdb` (the folder's index) and its files. */
const namesEngineModule = (path: string): boolean =>
  ENGINE_FOLDERS.some((f) => path === `${f}.ts` || within(path, f));

/** What a server file names of the engines, outside the places that may. */
function engineNaming(path: string, source: Source): string[] {
  const file = relative(SERVER, path);
  if (inEngineFolder(file) || NAMING_ALLOWED.includes(file)) return [];
  const found = source.imports.filter((specifier) => {
    const to = target(path, specifier);
    return to === undefined ? ENGINE_PACKAGE.test(specifier) : namesEngineModule(to);
  });
  return [...found, ...source.engineNames].map((what) => `${file}: ${what}`);
}

/** What an engine's folder imports of the server beyond its own folder and the contract. */
function engineReach(path: string, source: Source): string[] {
  const file = relative(SERVER, path);
  const folder = ENGINE_FOLDERS.find((f) => within(file, f));
  if (!folder) return [];
  return source.imports
    .map((specifier) => target(path, specifier))
    .filter((to): to is string => to !== undefined && !to.startsWith('../'))
    .filter((to) => !within(to, folder) && !CONTRACT.includes(to))
    .map((to) => `${file} imports ${to}`);
}

describe('the engines as the server sees them', () => {
  const sources = sourceFiles(SERVER).map((path) => ({
    path,
    source: read(path, readFileSync(path, 'utf8')),
  }));

  it('finds engine names in imports, kind tests and dialect names, not in comments', () => {
    const probe = [
      "import { openDuckDBEngine } from '../engine/duckdb';",
      "import type { ClickHouseTarget } from '../engine/clickhouse/target';",
      "export { x } from '@clickhouse/client';",
      '// config.kind === "clickhouse" in a comment does not count',
      "if (config.kind === 'clickhouse') run(duckdbDialect);",
      "switch (kind) { case 'duckdb': break; }",
    ].join('\n');
    const path = join(SERVER, 'somewhere/probe.ts');
    expect(engineNaming(path, read('probe.ts', probe))).toEqual([
      'somewhere/probe.ts: ../engine/duckdb',
      'somewhere/probe.ts: ../engine/clickhouse/target',
      'somewhere/probe.ts: @clickhouse/client',
      "somewhere/probe.ts: compares with 'clickhouse'",
      'somewhere/probe.ts: duckdbDialect',
      "somewhere/probe.ts: case 'duckdb'",
    ]);
    const inside = join(SERVER, 'engine/clickhouse/probe.ts');
    expect(engineReach(inside, read('probe.ts', "import { x } from '../../catalog/registry';"))).toEqual([
      'engine/clickhouse/probe.ts imports catalog/registry.ts',
    ]);
  });

  it('names an engine only in the backend factory and in the engines’ own folders', () => {
    expect(sources.flatMap(({ path, source }) => engineNaming(path, source))).toEqual([]);
  });

  it('keeps each engine’s folder to the contract it implements', () => {
    expect(sources.flatMap(({ path, source }) => engineReach(path, source))).toEqual([]);
  });
});
