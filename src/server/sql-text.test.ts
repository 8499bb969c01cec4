import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The dialect owns every piece of SQL text: queries are the compiler's (src/odsql and its dialects),
 * the records layout's statements are src/layout's, and each engine's own plumbing (its tables, views,
 * ingestion statements, connection setup) stays in that engine's folder. Everywhere else in the server
 * a string that starts a SQL statement is a query written by hand, beside the dialect: this test names
 * it. It reads the code's string literals (template literals too), never comments.
 */

const SERVER = join(import.meta.dirname);

/**
 * The engines' own plumbing: DuckDB's connections, files, tables, views, statistics and ingestion
 * statements (engine/duckdb/), ClickHouse's cluster, tables and ingestion (engine/clickhouse/).
 */
const ENGINE_PLUMBING: readonly string[] = ['engine/'];

/**
 * A literal that starts a SQL statement, or the options of a `COPY` (`FORMAT …`), after any blank or
 * opening parenthesis: its text.
 */
const STATEMENT =
  /['"`]([\s(]*(?:SELECT|WITH|CREATE|DROP|COPY|INSERT|DELETE|UPDATE|ALTER|DESCRIBE|ATTACH|DETACH|SET|PRAGMA|INSTALL|LOAD|TRUNCATE|OPTIMIZE|SYSTEM|RENAME|EXCHANGE|FORMAT)\s[^'"`]*)/g;

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    const source = entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts');
    const test =
      /\.(?:test|http\.test|cluster-test)\.ts$/.test(entry.name) || path.includes(`${sep}testing${sep}`);
    return source && !test ? [path] : [];
  });
}

/** The code of a file without its comments (a `//` starts a comment after a blank or a line's start). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/**
 * A call of one of the engines' file readers (`read_csv(`, `read_parquet(`, `read_json(`…, ClickHouse's
 * `file(` is written with its engine) or a `DESCRIBE`, anywhere in a literal: the ingestion statements
 * that are each engine's own plumbing, however the literal starts. Outside comments, a TypeScript file
 * writes these only as SQL text.
 */
const READER = /\b(?:read_(?:csv|parquet|json|ndjson|text|blob)\w*\s*\(|DESCRIBE\s)/g;

/** The reader calls of a file's code, from the call on: up to 40 characters. */
function readerCallsIn(text: string): string[] {
  const code = withoutComments(text);
  return [...code.matchAll(READER)].map((m) => code.slice(m.index, m.index + 40).split('\n')[0]!);
}

/** The start of every string or template literal that starts a SQL statement: up to 60 characters. */
function statementsIn(text: string): string[] {
  return [...withoutComments(text).matchAll(STATEMENT)].map((m) => m[1]!.slice(0, 60));
}

/** What `find` finds in each server file outside an engine's folder: `file: text`. */
function outsideEngines(find: (text: string) => string[]): string[] {
  return serverFiles(SERVER)
    .map((path) => relative(SERVER, path).split(sep).join('/'))
    .filter((file) => !ENGINE_PLUMBING.some((folder) => file.startsWith(folder)))
    .flatMap((file) =>
      find(readFileSync(join(SERVER, file), 'utf8')).map((statement) => `${file}: ${statement.trim()}`),
    );
}

describe('SQL text', () => {
  it('finds statements in literals, plain or templated, and not in comments', () => {
    const dollar = '$';
    const sample = [
      '// SELECT 1 in a comment',
      "const a = 'SELECT 1';",
      `const b = \`(SELECT ${dollar}{x} FROM t)\`;`,
      "const c = 'selected rows';",
      '/* COPY x TO y */',
      `const d = \`COPY (${dollar}{q}) TO x\`;`,
    ].join('\n');
    expect(statementsIn(sample)).toEqual([
      'SELECT 1',
      `(SELECT ${dollar}{x} FROM t)`,
      `COPY (${dollar}{q}) TO x`,
    ]);
  });

  it('finds the engines’ file readers and DESCRIBE anywhere in the code, not in comments', () => {
    const dollar = '$';
    const sample = [
      '// read_csv(path) in a comment',
      `const a = \`read_csv(${dollar}{sqlString(path)}, header = true)\`;`,
      `const b = describe(\`SELECT * FROM read_parquet(${dollar}{file})\`);`,
      `const c = \`SELECT 1 FROM (DESCRIBE ${dollar}{t})\`;`,
      "const d = 'read_json_auto (x)';",
      "const e = 'already read_csv files';",
    ].join('\n');
    expect(readerCallsIn(sample)).toEqual([
      `read_csv(${dollar}{sqlString(path)}, header = tr`,
      `read_parquet(${dollar}{file})\`);`,
      `DESCRIBE ${dollar}{t})\`;`,
      "read_json_auto (x)';",
    ]);
  });

  it('is written only by the compiler, the layout and each engine’s own plumbing', () => {
    expect(outsideEngines(statementsIn)).toEqual([]);
  });

  it('reads source files only in each engine’s own plumbing', () => {
    expect(outsideEngines(readerCallsIn)).toEqual([]);
  });
});
