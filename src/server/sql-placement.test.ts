import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

/*
 * The rule of docs/architecture.md: the server writes no query SQL and no DDL outside the engines'
 * folders (src/server/engine: connections, settings, and each engine's plumbing: DuckDB's tables, views
 * and ingestion statements in engine/duckdb, a cluster's in engine/clickhouse). Every other query comes
 * from the compiler (src/odsql). The statements that stage sources and write records files live below
 * both, in the records layout (src/layout), because the compiler's test database writes its tables with
 * them too; DuckDB's ingestion calls them. This test reads src/server only: src/layout is SQL by its job.
 * This reads the server's sources with Vite's parser (Oxc), so comments never count and every string
 * and template literal does.
 */

const SERVER = import.meta.dirname;
const ALLOWED = ['engine'];
/** An SQL statement's first keyword, as the server writes them (upper case, then a space or `(`). */
const STATEMENT = /\b(SELECT|CREATE|INSERT|DROP|COPY|DESCRIBE|ALTER|DELETE|UPDATE)[\s(]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|cluster-test)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The string and template literals of a source text that read as SQL statements. */
function sqlLiterals(fileName: string, text: string): string[] {
  const parsed = parseSync(fileName, text, { lang: fileName.endsWith('x') ? 'tsx' : 'ts' });
  if (parsed.errors.length > 0) throw new Error(`${fileName} does not parse`);
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const { type, value } = node as { type?: unknown; value?: unknown };
    // Oxc's ESTree: string literals are `Literal` nodes, template pieces `TemplateElement`s.
    const literal =
      type === 'Literal' && typeof value === 'string'
        ? value
        : type === 'TemplateElement'
          ? (value as { raw: string }).raw
          : undefined;
    if (literal !== undefined && STATEMENT.test(literal)) found.push(literal);
    for (const child of Object.values(node)) visit(child);
  };
  visit(parsed.program);
  return found;
}

describe('SQL placement in the server', () => {
  it('finds SQL statements in strings and templates, not in comments', () => {
    const probe = [
      '// SELECT in a comment does not count',
      '/* nor CREATE TABLE here */',
      `const a = \`SELECT count(*) FROM \${table}\`;`,
      "const b = 'DROP VIEW x';",
      `const c = \`rows: \${n}\`;`,
    ].join('\n');
    expect(sqlLiterals('probe.ts', probe)).toEqual(['SELECT count(*) FROM ', 'DROP VIEW x']);
  });

  it('has no SQL statement outside src/server/engine', () => {
    const offending = sourceFiles(SERVER)
      .filter((path) => !ALLOWED.includes(relative(SERVER, path).split(/[\\/]/)[0]!))
      .flatMap((path) =>
        sqlLiterals(path, readFileSync(path, 'utf8')).map((sql) => `${relative(SERVER, path)}: ${sql}`),
      );
    expect(offending).toEqual([]);
  });
});
