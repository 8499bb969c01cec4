import { useTranslation } from 'react-i18next';
import type { Facet } from '../../api';
import type { FacetSource } from '../filters/facet-enumeration';
import type { FacetLabeler } from '../filters/facet-labels';
import { type FacetChange, FacetGroup } from './FacetGroup';

interface FacetSidebarProps {
  readonly facets: readonly Facet[];
  readonly labels: FacetLabeler;
  readonly onChange: FacetChange;
  /** Facet names in display order; others follow in the portal's order. */
  readonly order?: readonly string[];
  readonly busy?: boolean;
  readonly source?: FacetSource | undefined;
  readonly onDisjunctive?: ((facet: string, on: boolean) => void) | undefined;
}

function sortFacets(facets: readonly Facet[], order: readonly string[] | undefined): readonly Facet[] {
  if (!order) return facets;
  const rank = (name: string) => {
    const index = order.indexOf(name);
    return index === -1 ? order.length : index;
  };
  return [...facets].sort((a, b) => rank(a.name) - rank(b.name));
}

/** The facet panel: one group per facet, each value refinable and excludable. */
export function FacetSidebar({
  facets,
  labels,
  onChange,
  order,
  busy,
  source,
  onDisjunctive,
}: FacetSidebarProps) {
  const { t } = useTranslation();
  const visible = sortFacets(facets, order).filter((f) => f.facets.length > 0);
  return (
    <nav className="facets" aria-label={t('facets.label')} aria-busy={busy || undefined}>
      {visible.length === 0 && <p className="muted">{t('facets.none')}</p>}
      {visible.map((facet) => (
        <FacetGroup
          key={facet.name}
          facet={facet}
          labels={labels}
          onChange={onChange}
          source={source}
          onDisjunctive={onDisjunctive}
        />
      ))}
    </nav>
  );
}
