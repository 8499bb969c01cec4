import { t } from '../i18n/setup';

/*
 * Placeholders in the shape of what is loading, so the page does not jump when it arrives. They are
 * hidden from assistive technologies; a visually hidden status says what is loading instead.
 */

function Bar({ width }: { readonly width: string }) {
  return <span className="skeleton-bar" style={{ width }} />;
}

function Status({ children }: { readonly children: string }) {
  return (
    <p className="visually-hidden" role="status">
      {children}
    </p>
  );
}

export function DatasetCardSkeletons({ count = 4 }: { readonly count?: number }) {
  return (
    <div className="skeletons">
      <Status>{t('status.loadingDatasets')}</Status>
      <div aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className="dataset-card skeleton-card">
            <Bar width="45%" />
            <Bar width="95%" />
            <Bar width="80%" />
            <Bar width="30%" />
          </div>
        ))}
      </div>
    </div>
  );
}

export function FacetSkeletons({ groups = 3 }: { readonly groups?: number }) {
  return (
    <div className="skeletons">
      <Status>{t('status.loadingFacets')}</Status>
      <div aria-hidden="true">
        {Array.from({ length: groups }, (_, g) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={g} className="skeleton-facet">
            <Bar width="40%" />
            {Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Bar key={i} width={`${85 - i * 12}%`} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The dataset page before its metadata arrives: title, tabs and a block of lines. */
export function DatasetPageSkeleton() {
  return (
    <div className="skeletons dataset-page-skeleton">
      <Status>{t('status.loadingDataset')}</Status>
      <div aria-hidden="true">
        <span className="skeleton-bar skeleton-title" style={{ width: '40%' }} />
        <Bar width="25%" />
        <div className="skeleton-block">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Bar key={i} width={`${95 - (i % 3) * 15}%`} />
          ))}
        </div>
      </div>
    </div>
  );
}
