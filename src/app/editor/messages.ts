import type { Diagnostic } from '../../odsql';

function quoteExpected(item: string): string {
  return /^(a|an|end) /.test(item) ? item : `'${item}'`;
}

/** A diagnostic as the editor shows it: the parser's detail plus what it would have accepted. */
export function diagnosticText(d: Diagnostic): string {
  const expected = [...new Set(d.expected ?? [])].map(quoteExpected);
  if (expected.length === 0) return d.message;
  const last = expected.pop()!;
  return `${d.message}, expected ${expected.length > 0 ? `${expected.join(', ')} or ${last}` : last}`;
}
