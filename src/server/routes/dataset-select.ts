import { diagnosticMessage, parseSelect, semanticError, unwrap } from '../../odsql';
import { odsqlError } from '../errors';

/**
 * What a `select` asks of dataset objects (catalog list, dataset read): either some of their keys —
 * top-level keys like `metas` or `fields`, or metadata like `title` — or expressions that only SQL over
 * the catalog table can compute (`count(*)`, `lower(title)`).
 */
export type DatasetSelection =
  | { readonly mode: 'keys'; readonly keys: readonly string[] | undefined }
  | { readonly mode: 'sql' };

export function datasetSelection(
  select: string | undefined,
  objectKeys: readonly string[],
  metaKeys: readonly string[],
): DatasetSelection {
  if (select === undefined || select.trim() === '') return { mode: 'keys', keys: undefined };
  const parsed = parseSelect(select);
  if (!parsed.ok) throw odsqlError([parsed.diagnostic]);
  const all = [...objectKeys, ...metaKeys];
  const keys: string[] = [];
  const add = (k: string): void => {
    if (!keys.includes(k)) keys.push(k);
  };
  const matches = (name: string, pattern: string): boolean =>
    pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
  const onlyExcludes = parsed.value.items.every((i) => i.kind === 'exclude');
  if (onlyExcludes) objectKeys.forEach(add);
  for (const item of parsed.value.items) {
    switch (item.kind) {
      case 'all':
        objectKeys.forEach(add);
        break;
      case 'include':
        all.filter((k) => item.patterns.some((p) => matches(k, p))).forEach(add);
        break;
      case 'exclude':
        for (const k of all.filter((x) => item.patterns.some((p) => matches(x, p)))) {
          if (keys.includes(k)) keys.splice(keys.indexOf(k), 1);
        }
        break;
      case 'expr': {
        const e = unwrap(item.expr);
        if (e.kind !== 'field' || item.alias) return { mode: 'sql' };
        if (!all.includes(e.name)) {
          throw odsqlError([
            {
              ...semanticError(diagnosticMessage('unknownField', { name: e.name }), e, select),
              clause: 'select',
            },
          ]);
        }
        add(e.name);
      }
    }
  }
  return { mode: 'keys', keys };
}
