import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Facet } from '../../api';
import type { FacetSource } from '../filters/facet-enumeration';
import type { FacetLabeler } from '../filters/facet-labels';
import type { Filters } from '../routes/search-params';
import { FacetPanel } from './FacetPanel';
import { SearchBox } from './SearchBox';

interface RecordsLayoutProps {
  readonly facets: UseQueryResult<{ readonly facets: readonly Facet[] }>;
  readonly labels: FacetLabeler;
  readonly filters: Filters;
  readonly onFilters: (next: Filters, replace?: boolean) => void;
  /** Extra class of the main column (the map's takes the whole height). */
  readonly className?: string;
  /** Beside the main column (the record detail panel). */
  readonly aside?: ReactNode;
  readonly children: ReactNode;
  readonly source?: FacetSource | undefined;
  /** Below the facets: the range filter. */
  readonly extra?: ReactNode;
  /** The error the view shows, which the facet sidebar does not repeat. */
  readonly viewError?: unknown;
}

/** The frame of every view of a dataset's records: the facet sidebar, the search box, then the view. */
export function RecordsLayout({
  facets,
  labels,
  filters,
  onFilters,
  className,
  aside,
  children,
  source,
  extra,
  viewError,
}: RecordsLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="layout-with-sidebar">
      <FacetPanel
        title={t('filters.records')}
        facets={facets}
        labels={labels}
        filters={filters}
        onFilters={onFilters}
        source={source}
        extra={extra}
        viewError={viewError}
      />
      <main className={className ? `content ${className}` : 'content'} id="main">
        <SearchBox
          value={filters.q}
          label={t('filters.searchRecords')}
          placeholder={t('filters.searchPlaceholder')}
          onSearch={(q) => onFilters({ ...filters, q }, true)}
        />
        {children}
      </main>
      {aside}
    </div>
  );
}
