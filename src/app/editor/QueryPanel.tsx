import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DatasetField } from '../../api';
import { checkQuery, type Diagnostic, QUERY_CLAUSES, type QueryClause, type QueryText } from '../../odsql';
import { CopyButton } from '../components/CopyButton';
import { t } from '../i18n/setup';
import { type Filters, formatFacetFilter } from '../routes/search-params';
import { ClauseEditor, type ClausePointer } from './ClauseEditor';
import type { ClauseSupport } from './extension';
import { diagnosticText } from './messages';
import { datasetSchema } from './schema';
import { locateServerError } from './server-error';
import './editor.css';

export interface QueryPanelProps {
  readonly fields: readonly DatasetField[];
  /** The query in the address, the one the table shows. */
  readonly applied: QueryText;
  /** Search, refines and excludes sent with the query (chips, facet clicks). */
  readonly filters: Filters;
  /** The message of the server's `ODSQLError` for the applied query. */
  readonly serverError?: string;
  /** The server answered the applied query. */
  readonly accepted: boolean;
  readonly onRun: (query: QueryText) => void;
}

/**
 * How long typing must pause before the draft is checked: no "Unknown field" while a name is still being
 * typed. The editor's own marks wait as long (extension.ts).
 */
export const CHECK_DELAY_MS = 600;

/** The clauses worth sending: blank ones are dropped. */
function written(query: QueryText): QueryText {
  const out: Partial<Record<QueryClause, string>> = {};
  for (const clause of QUERY_CLAUSES) {
    const text = query[clause]?.trim();
    if (text) out[clause] = text;
  }
  return out;
}

function sameQuery(a: QueryText, b: QueryText): boolean {
  const x = written(a);
  const y = written(b);
  return QUERY_CLAUSES.every((c) => x[c] === y[c]);
}

/** The other filters as the request sends them, read-only beside the query. */
function filterLine(filters: Filters): string[] {
  return [
    ...(filters.q !== '' ? [t('editor.search', { text: filters.q })] : []),
    ...filters.refine.map((f) => `refine=${formatFacetFilter(f)}`),
    ...filters.exclude.map((f) => `exclude=${formatFacetFilter(f)}`),
  ];
}

/**
 * The query editor: one CodeMirror editor per clause, checked as you type against the dataset's
 * fields by the same parser and compiler as the server, and run into the address (Run, Enter or
 * Ctrl/Cmd+Enter).
 */
export default function QueryPanel({
  fields,
  applied,
  filters,
  serverError,
  accepted,
  onRun,
}: QueryPanelProps) {
  const schema = useMemo(() => datasetSchema(fields), [fields]);
  const [draft, setDraft] = useState<QueryText>(applied);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  // The address changed (history, a chip removed, a pasted link): the editors show what runs.
  const appliedKey = JSON.stringify(written(applied));
  // biome-ignore lint/correctness/useExhaustiveDependencies: appliedKey stands for applied
  useEffect(() => {
    setDraft(applied);
  }, [appliedKey]);

  // The draft as it was at the last pause in typing; a draft run or reset is checked at once.
  const [settled, setSettled] = useState<QueryText>(applied);
  useEffect(() => {
    if (sameQuery(draft, settled)) return;
    const timer = window.setTimeout(() => setSettled(draft), sameQuery(draft, applied) ? 0 : CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draft, settled, applied]);
  const local = useMemo(() => checkQuery(settled, schema), [settled, schema]);
  const appliedChecks = useMemo(() => checkQuery(applied, schema), [applied, schema]);
  const located = useMemo(
    () => (serverError ? locateServerError(serverError, applied, appliedChecks) : undefined),
    [serverError, applied, appliedChecks],
  );

  // A run the local checks refused: the query applied stays, and the caret goes to the first problem.
  const [refused, setRefused] = useState<ClausePointer | undefined>(undefined);
  const run = useCallback(() => {
    const query = written(draftRef.current);
    // The same parser and compiler as the server: what they refuse would only come back as a 400 from
    // every request of the view, and replace its records with an error.
    const first = checkQuery(query, schema)[0];
    if (first === undefined) {
      setRefused(undefined);
      onRun(query);
      return;
    }
    setSettled(draftRef.current);
    setRefused((previous) => ({
      clause: first.clause as QueryClause,
      from: first.from,
      to: first.to,
      seq: (previous?.seq ?? 0) + 1,
    }));
  }, [onRun, schema]);
  const setClause = useCallback((clause: QueryClause, text: string) => {
    draftRef.current = { ...draftRef.current, [clause]: text };
    setDraft(draftRef.current);
    setRefused(undefined);
  }, []);

  const supports = useMemo(
    () =>
      Object.fromEntries(
        QUERY_CLAUSES.map((clause): [QueryClause, ClauseSupport] => [
          clause,
          {
            clause,
            fields,
            placeholder: t(`editor.hints.${clause}`),
            lint: (text) =>
              checkQuery({ ...draftRef.current, [clause]: text }, schema).filter((d) => d.clause === clause),
            serverMark: (text) =>
              located && located.clause === clause && text === (applied[clause] ?? '') ? located : undefined,
            run,
          },
        ]),
      ) as Record<QueryClause, ClauseSupport>,
    [fields, schema, located, applied, run],
  );

  const recheck = `${JSON.stringify(draft)}\n${serverError ?? ''}`;
  const edited = !sameQuery(draft, applied);
  const problems: { key: string; clause: QueryClause; text: string; server?: boolean }[] = local.map(
    (d: Diagnostic, i) => ({ key: `l${i}`, clause: d.clause as QueryClause, text: diagnosticText(d) }),
  );
  if (located && !edited && problems.length === 0)
    problems.push({ key: 's', clause: located.clause, text: located.message, server: true });
  const others = filterLine(filters);
  const hasApplied = QUERY_CLAUSES.some((c) => applied[c]);

  return (
    <section className="query-panel" aria-label={t('editor.label')}>
      <form
        className="query-form"
        onSubmit={(event) => {
          event.preventDefault();
          run();
        }}
      >
        {QUERY_CLAUSES.map((clause) => (
          <div key={clause} className="query-clause">
            <span className="query-clause-name" id={`query-clause-${clause}`}>
              {clause}
            </span>
            <ClauseEditor
              support={supports[clause]}
              value={draft[clause] ?? ''}
              onChange={(text) => setClause(clause, text)}
              recheck={recheck}
              point={refused?.clause === clause ? refused : undefined}
            />
          </div>
        ))}
        {others.length > 0 && (
          <div className="query-filters">
            <span className="muted">{t('editor.alsoApplied')}</span>
            <ul aria-label={t('editor.appliedWith')}>
              {others.map((o) => (
                <li key={o}>
                  <code>{o}</code>
                </li>
              ))}
            </ul>
          </div>
        )}
        <ul className="query-problems" aria-label={t('editor.problems')} aria-live="polite">
          {problems.map((p) => (
            <li key={p.key}>
              <span className="query-problem-clause">{p.clause}</span> {p.server ? t('editor.server') : ''}
              {p.text}
            </li>
          ))}
        </ul>
        {refused && problems.length > 0 && (
          <p className="query-not-run" role="status">
            {t('editor.notRun')}
          </p>
        )}
        <div className="query-actions">
          <button type="submit" className="button button-primary">
            {t('editor.run')}
          </button>
          <span className="muted query-keys">{t('editor.keys')}</span>
          {hasApplied && (
            <button type="button" className="link-button" onClick={() => onRun({})}>
              {t('editor.clear')}
            </button>
          )}
          {hasApplied && accepted && !edited && (
            <CopyButton text={window.location.href} label={t('editor.copyLink')} />
          )}
        </div>
      </form>
    </section>
  );
}
