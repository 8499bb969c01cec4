import type { Diagnostic } from '../../odsql';
import { odsqlFr } from '../i18n/odsql-fr';
import { setupI18n, t } from '../i18n/setup';

// The diagnostics' French catalogue comes with the editor, not with the catalog's first scripts.
setupI18n().addResourceBundle('fr', 'odsql', odsqlFr, true, true);

function quoteExpected(item: string): string {
  return /^(a|an|end) /.test(item) ? t(`odsql:expected.${item}`, { defaultValue: item }) : `'${item}'`;
}

/**
 * A diagnostic as the editor shows it, in the reader's language: its code and parameters through the
 * `odsql` catalogue (English: the parser's own message, as the API writes it), plus what it would have
 * accepted.
 */
export function diagnosticText(d: Diagnostic): string {
  const message = t(`odsql:${d.code}`, { ...d.params, defaultValue: d.message });
  const expected = [...new Set(d.expected ?? [])].map(quoteExpected);
  if (expected.length === 0) return message;
  const last = expected.pop()!;
  const items = expected.length > 0 ? `${expected.join(', ')}${t('editor.or')}${last}` : last;
  return t('editor.expected', { message, items });
}
