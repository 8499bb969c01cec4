import type { Diagnostic } from '../../odsql';
import { t } from '../i18n/setup';

function quoteExpected(item: string): string {
  return /^(a|an|end) /.test(item) ? item : `'${item}'`;
}

/** A diagnostic as the editor shows it: the parser's detail plus what it would have accepted. */
export function diagnosticText(d: Diagnostic): string {
  const expected = [...new Set(d.expected ?? [])].map(quoteExpected);
  if (expected.length === 0) return d.message;
  const last = expected.pop()!;
  const items = expected.length > 0 ? `${expected.join(', ')}${t('editor.or')}${last}` : last;
  return t('editor.expected', { message: d.message, items });
}
