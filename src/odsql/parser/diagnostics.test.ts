import { describe, expect, it } from 'vitest';
import { duckdbDialect } from '../compile/dialects/duckdb';
import { compileRecordsQuery } from '../compile/query';
import {
  DIAGNOSTIC_MESSAGES,
  type Diagnostic,
  describeDiagnostic,
  englishMessage,
  formatOdsqlMessage,
} from '../errors';
import type { DatasetSchema } from '../schema';
import { parseGroupBy, parseOrderBy, parseSelect, parseWhere } from './clauses';
import { fail } from './test-helpers';

const schema: DatasetSchema = {
  fields: [
    { name: 'name', type: 'text' },
    { name: 'n', type: 'int' },
  ],
};

function compileDiagnostics(query: {
  select?: string;
  where?: string[];
  groupBy?: string;
  orderBy?: string;
}): Diagnostic[] {
  const result = compileRecordsQuery({ table: 't', ...query }, schema, {
    version: '2.1',
    timezone: 'UTC',
    lang: 'en',
    now: 0,
    dialect: duckdbDialect,
  });
  if (result.ok) throw new Error('compiled');
  return result.diagnostics;
}

describe('syntax diagnostics', () => {
  it('name the offending token, its 0-based position and what was expected', () => {
    expect(fail(parseWhere('a = 1 b'))).toEqual({
      kind: 'syntax',
      message: 'unexpected b at position 6',
      code: 'unexpectedToken',
      params: { token: 'b', position: 6 },
      from: 6,
      to: 7,
      source: 'a = 1 b',
      expected: ['and', 'or', 'an operator'],
      clause: 'where',
    });
    expect(fail(parseWhere('a = '))).toMatchObject({
      message: 'unexpected end of input at position 4',
      from: 4,
      to: 4,
      expected: ['a field name', 'a value', 'a function', '('],
    });
    expect(fail(parseWhere('(a = 1'))).toMatchObject({
      message: 'unexpected end of input at position 6',
      expected: [')'],
    });
    expect(fail(parseWhere('n IN [1, 2]'))).toMatchObject({
      message: 'unexpected , at position 7',
      expected: ['..', 'TO'],
    });
    expect(fail(parseWhere('n IN 3'))).toMatchObject({ expected: ['(', '[', ']', 'a field name'] });
  });

  it('report an unknown function where the call starts', () => {
    const d = fail(parseWhere('contains(objet, "espaces verts")'));
    expect(d).toMatchObject({ message: 'unknown function contains at position 0', from: 0, to: 8 });
    expect(formatOdsqlMessage([d])).toBe(
      'ODSQL syntax exception: unknown function contains at position 0 in ' +
        'contains(objet, "espaces verts"). ' +
        'Clause(s) containing the error(s): where.',
    );
  });

  it('carry the clause of each parser', () => {
    expect(fail(parseSelect('a b')).clause).toBe('select');
    expect(fail(parseWhere('a b')).clause).toBe('where');
    expect(fail(parseGroupBy('a b')).clause).toBe('group_by');
    expect(fail(parseOrderBy('a b')).clause).toBe('order_by');
  });

  it('carry lexical errors through the parser entry points', () => {
    expect(fail(parseWhere("name = 'abc"))).toMatchObject({
      message: "unterminated string, missing closing ' at position 7",
      from: 7,
      clause: 'where',
    });
    expect(fail(parseSelect('a ; b'))).toMatchObject({
      message: 'unexpected character ; at position 2',
      clause: 'select',
    });
  });
});

describe('formatOdsqlMessage', () => {
  it('formats a syntax error with the clause text and the expected tokens', () => {
    expect(formatOdsqlMessage([fail(parseWhere('a = '))])).toBe(
      'ODSQL syntax exception: unexpected end of input at position 4 in a = , ' +
        "expected one of a field name, a value, a function or '('. Clause(s) containing the error(s): where.",
    );
    expect(formatOdsqlMessage([fail(parseWhere('(a = 1'))])).toBe(
      "ODSQL syntax exception: unexpected end of input at position 6 in (a = 1, expected ')'. " +
        'Clause(s) containing the error(s): where.',
    );
  });

  it('gives the exact wording of the service for an unknown field', () => {
    const select = formatOdsqlMessage(compileDiagnostics({ select: 'no_such_field' }));
    expect(select).toBe(
      'ODSQL query is malformed: Unknown field: no_such_field. Clause(s) containing the error(s): select.',
    );
    // The recorded bodies for an unknown field `field1` are 140 bytes (select) and 139 bytes (where).
    const body = (message: string): number =>
      Buffer.byteLength(JSON.stringify({ error_code: 'ODSQLError', message }, null, 2));
    expect(body(formatOdsqlMessage(compileDiagnostics({ select: 'field1' })))).toBe(140);
    expect(body(formatOdsqlMessage(compileDiagnostics({ where: ['field1 = 1'] })))).toBe(139);
  });

  it('names the clause of a semantic error', () => {
    expect(formatOdsqlMessage(compileDiagnostics({ orderBy: 'nope' }))).toBe(
      'ODSQL query is malformed: Unknown field: nope. Clause(s) containing the error(s): order_by.',
    );
    expect(formatOdsqlMessage(compileDiagnostics({ select: 'count(*)', groupBy: 'nope' }))).toBe(
      'ODSQL query is malformed: Unknown field: nope. Clause(s) containing the error(s): group_by.',
    );
    expect(formatOdsqlMessage(compileDiagnostics({ select: 'sum(name)' }))).toBe(
      'ODSQL query is malformed: StatAggregation only supports numeric or date expression: ' +
        'sum() got name (text). ' +
        'Clause(s) containing the error(s): select.',
    );
  });

  it('reports a syntax error before any semantic error', () => {
    const diagnostics = compileDiagnostics({ select: 'nope', where: ['a ='] });
    expect(diagnostics[0]?.kind).toBe('syntax');
    expect(formatOdsqlMessage(diagnostics)).toMatch(
      /^ODSQL syntax exception: unexpected end of input at position 3/,
    );
  });

  it('lists every clause with an error of the first kind, once each', () => {
    const where = fail(parseWhere('a b'));
    const select = fail(parseSelect('a b'));
    expect(formatOdsqlMessage([where, select, where])).toMatch(
      /Clause\(s\) containing the error\(s\): where, select\.$/,
    );
  });

  it('does not add a second period, and has a fallback for no diagnostic', () => {
    const d: Diagnostic = {
      kind: 'semantic',
      message: 'Oops.',
      code: 'geometryLiteral',
      params: { detail: 'Oops.' },
      from: 0,
      to: 0,
      source: 'x',
      clause: 'select',
    };
    expect(formatOdsqlMessage([d])).toBe(
      'ODSQL query is malformed: Oops. Clause(s) containing the error(s): select.',
    );
    expect(formatOdsqlMessage([{ ...d, clause: undefined }])).toBe('ODSQL query is malformed: Oops.');
    expect(formatOdsqlMessage([])).toBe('ODSQL query is malformed.');
  });

  it('quotes only an excerpt of a long clause, around the error', () => {
    const text = `${'x = 1 AND '.repeat(40)}y = `;
    const d = fail(parseWhere(text));
    const detail = describeDiagnostic(d);
    expect(detail.startsWith(`unexpected end of input at position ${text.length} in …`)).toBe(true);
    expect(detail).toContain('y = ');
    expect(detail.length).toBeLessThan(300);
  });
});

describe('diagnostic codes', () => {
  it('give each diagnostic a stable code and the parameters of its English message', () => {
    const [unknown] = compileDiagnostics({ where: ['nope = 1'] });
    expect(unknown).toMatchObject({
      code: 'unknownField',
      params: { name: 'nope' },
      message: 'Unknown field: nope',
    });
    const [arity] = compileDiagnostics({ select: 'lower(name, name)' });
    expect(arity).toMatchObject({ code: 'argumentCount', params: { name: 'lower', given: 2 } });
    expect(fail(parseWhere('a = '))).toMatchObject({ code: 'unexpectedEnd', params: { position: 4 } });
    expect(fail(parseWhere('"open'))).toMatchObject({
      code: 'unterminatedString',
      params: { quote: '"', position: 0 },
      message: 'unterminated string, missing closing " at position 0',
    });
  });

  it('fill every parameter its template names', () => {
    for (const [code, template] of Object.entries(DIAGNOSTIC_MESSAGES)) {
      const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const params = Object.fromEntries(names.map((n) => [n, `<${n}>`]));
      const text = englishMessage({ code: code as keyof typeof DIAGNOSTIC_MESSAGES, params } as never);
      expect(text, code).not.toMatch(/\{\w+\}/);
    }
  });
});
