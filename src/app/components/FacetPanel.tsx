import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type Facet } from '../../api';
import { applyFacetAction } from '../filters/facet-actions';
import type { FacetSource } from '../filters/facet-enumeration';
import type { FacetLabeler } from '../filters/facet-labels';
import { type Filters, withDisjunctive } from '../routes/search-params';
import { FacetSidebar } from './FacetSidebar';
import { Sidebar } from './Sidebar';
import { FacetSkeletons } from './Skeletons';
import { ErrorPanel, sameRefusal } from './StatusMessages';

interface FacetPanelProps {
  /** `Filter datasets`, `Filter records`. */
  readonly title: string;
  readonly facets: UseQueryResult<{ readonly facets: readonly Facet[] }>;
  readonly labels: FacetLabeler;
  /** Facet names in display order. */
  readonly order?: readonly string[];
  readonly filters: Filters;
  readonly onFilters: (next: Filters) => void;
  /** Where a facet's further values, other orders and searches come from. */
  readonly source?: FacetSource | undefined;
  /** Below the facets (the range filter of a dataset's records). */
  readonly extra?: ReactNode;
  /** The error the view beside shows (its request carries the same filters), if any. */
  readonly viewError?: unknown;
}

/** The filter sidebar: the facets of the current filters, or why they are not there yet. */
export function FacetPanel({
  title,
  facets,
  labels,
  order,
  filters,
  onFilters,
  source,
  extra,
  viewError,
}: FacetPanelProps) {
  const { t } = useTranslation();
  return (
    <Sidebar title={title} activeCount={filters.refine.length + filters.exclude.length}>
      {facets.isError && isOdsqlError(facets.error) ? (
        // The query editor shows the error, at its clause: said once, not again here.
        <p className="muted facets-wait">{t('editor.facetsWait')}</p>
      ) : facets.isError && sameRefusal(facets.error, viewError) ? (
        // A filter the portal refused: the view beside says so with its message, once.
        <p className="muted facets-wait">{t('facets.refusedBeside')}</p>
      ) : facets.isError ? (
        <ErrorPanel
          compact
          title={t('facets.unavailable')}
          error={facets.error}
          onRetry={() => facets.refetch()}
        />
      ) : facets.data ? (
        <FacetSidebar
          facets={facets.data.facets}
          labels={labels}
          {...(order ? { order } : {})}
          busy={facets.isFetching}
          source={source}
          onDisjunctive={(facet, on) => onFilters(withDisjunctive(filters, facet, on))}
          onChange={(action, place) => onFilters(applyFacetAction(filters, action, place))}
        />
      ) : (
        <FacetSkeletons />
      )}
      {extra}
    </Sidebar>
  );
}

/** A 400 on the ODSQL of the query editor: the editor itself shows it, at its clause. */
export function isOdsqlError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && error.errorCode === 'ODSQLError';
}
