import { useId, useState } from 'react';
import type { Facet, FacetValue } from '../../api';
import type { FacetAction, FacetValuePlace } from '../filters/facet-actions';
import type { FacetLabeler } from '../filters/facet-labels';
import { formatCount } from '../format/numbers';

export type FacetChange = (action: FacetAction, place: FacetValuePlace) => void;

/** Values shown before "Show more", as on Opendatasoft portals. */
const VISIBLE_VALUES = 6;

/** Past this many values a facet gets its own search box. */
const SEARCHABLE_VALUES = 10;

/** Case- and accent-insensitive, as people type names. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

interface GroupProps {
  readonly facet: Facet;
  readonly labels: FacetLabeler;
  readonly onChange: FacetChange;
}

export function FacetGroup({ facet, labels, onChange }: GroupProps) {
  const headingId = useId();
  const hierarchical = labels.isDate(facet.name) || facet.facets.some((v) => v.facets !== undefined);
  return (
    <section className="facet" aria-labelledby={headingId}>
      <h3 id={headingId} className="facet-title">
        {labels.facetLabel(facet.name)}
      </h3>
      {labels.isDisjunctive(facet.name) && (
        <p className="facet-hint">Choose several: records with any of them.</p>
      )}
      <FacetValueList
        facetName={facet.name}
        values={facet.facets}
        ancestors={[]}
        hierarchical={hierarchical}
        labels={labels}
        onChange={onChange}
      />
    </section>
  );
}

interface ListProps {
  readonly facetName: string;
  readonly values: readonly FacetValue[];
  readonly ancestors: readonly string[];
  readonly hierarchical: boolean;
  readonly labels: FacetLabeler;
  readonly onChange: FacetChange;
}

function FacetValueList({ facetName, values, ancestors, hierarchical, labels, onChange }: ListProps) {
  const [expanded, setExpanded] = useState(false);
  const [query, setQuery] = useState('');
  const listId = useId();
  const searchable = ancestors.length === 0 && values.length > SEARCHABLE_VALUES;
  const needle = searchable ? fold(query.trim()) : '';
  const matching =
    needle === ''
      ? values
      : values.filter((v) => fold(labels.leafLabel(facetName, v.value, v.name)).includes(needle));
  // Refined and excluded values stay visible even past the fold; a search shows every match.
  const shown =
    expanded || needle !== ''
      ? matching
      : matching.filter((v, i) => i < VISIBLE_VALUES || v.state !== 'displayed');
  const hidden = matching.length - shown.length;
  const facetLabel = labels.facetLabel(facetName);
  return (
    <>
      {searchable && (
        <input
          type="search"
          className="facet-search"
          value={query}
          placeholder={`Search ${values.length} values`}
          aria-label={`Search values of ${facetLabel}`}
          aria-controls={listId}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setQuery(event.target.value)}
        />
      )}
      {needle !== '' && matching.length === 0 && (
        <p className="facet-search-empty" role="status">
          No value of {facetLabel} contains “{query.trim()}”.
        </p>
      )}
      <ul id={listId} className={ancestors.length === 0 ? 'facet-values' : 'facet-values facet-children'}>
        {shown.map((value) => (
          <FacetValueItem
            key={value.value}
            facetName={facetName}
            value={value}
            ancestors={ancestors}
            hierarchical={hierarchical}
            labels={labels}
            onChange={onChange}
          />
        ))}
      </ul>
      {needle === '' && (hidden > 0 || expanded) && values.length > VISIBLE_VALUES && (
        <button
          type="button"
          className="facet-more"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'Show fewer' : `Show ${hidden} more`}
        </button>
      )}
    </>
  );
}

interface ItemProps extends Omit<ListProps, 'values'> {
  readonly value: FacetValue;
}

function FacetValueItem({ facetName, value, ancestors, hierarchical, labels, onChange }: ItemProps) {
  const label = labels.leafLabel(facetName, value.value, value.name);
  const refined = value.state === 'refined';
  const excluded = value.state === 'excluded';
  const place: FacetValuePlace = { facet: facetName, value: value.value, ancestors, hierarchical };
  const countText = value.count === undefined ? undefined : formatCount(value.count);
  const refineAction: FacetAction = refined ? 'unrefine' : excluded ? 'unexclude' : 'refine';
  return (
    <li className={`facet-value is-${value.state}`}>
      <div className="facet-value-row">
        <button
          type="button"
          className="facet-refine"
          aria-pressed={refined}
          aria-label={countText === undefined ? label : `${label}, ${countText}`}
          title={
            refined
              ? `Remove the filter on ${label}`
              : excluded
                ? `Include ${label} again`
                : `Show only ${label}`
          }
          onClick={() => onChange(refineAction, place)}
        >
          <span className="facet-check" aria-hidden="true" />
          <span className="facet-name">{label}</span>
          {countText !== undefined && <span className="facet-count">{countText}</span>}
        </button>
        {!refined && (
          <button
            type="button"
            className="facet-exclude"
            aria-pressed={excluded}
            aria-label={excluded ? `Include ${label} again` : `Exclude ${label}`}
            title={excluded ? `Include ${label} again` : `Exclude ${label}`}
            onClick={() => onChange(excluded ? 'unexclude' : 'exclude', place)}
          >
            <svg viewBox="0 0 16 16" aria-hidden="true">
              <circle cx="8" cy="8" r="6" />
              <path d="M3.8 12.2 12.2 3.8" />
            </svg>
          </button>
        )}
      </div>
      {value.facets !== undefined && value.facets.length > 0 && (
        <FacetValueList
          facetName={facetName}
          values={value.facets}
          ancestors={[...ancestors, value.value]}
          hierarchical
          labels={labels}
          onChange={onChange}
        />
      )}
    </li>
  );
}
