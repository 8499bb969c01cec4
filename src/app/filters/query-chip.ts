import { QUERY_CLAUSES, type QueryText } from '../../odsql/query-text';
import { t } from '../i18n/setup';

/** The query editor's clauses as one chip beside the facet filters. */
export interface QueryChip {
  readonly kind: 'query';
  readonly key: string;
  readonly label: string;
}

const LONGEST = 80;

/** `Query: where delay > 10 · group_by origin`, shortened when long; none without a query. */
export function queryChip(query: QueryText): QueryChip | undefined {
  const parts = QUERY_CLAUSES.filter((c) => (query[c] ?? '').trim() !== '').map(
    (c) => `${c} ${query[c]!.trim().replace(/\s+/g, ' ')}`,
  );
  if (parts.length === 0) return undefined;
  const text = parts.join(' · ');
  const label = t('filters.query', { text: text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text });
  return { kind: 'query', key: 'query', label };
}
