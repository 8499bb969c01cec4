import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Facet, FacetValue } from '../../api';
import type { FacetAction, FacetValuePlace } from '../filters/facet-actions';
import {
  FACET_PAGE,
  type FacetKind,
  type FacetSort,
  type FacetSource,
  type FacetValuesRequest,
  fold,
  shownValues,
  sortsFor,
} from '../filters/facet-enumeration';
import type { FacetLabeler } from '../filters/facet-labels';
import { formatCount } from '../format/numbers';
import { isChosenDisjunctive, refinesOf } from '../routes/search-params';

export type FacetChange = (action: FacetAction, place: FacetValuePlace) => void;

/** Values shown before "Show more", as on Opendatasoft portals. */
const VISIBLE_VALUES = 6;

/** Past this many values a facet gets its own search box. */
const SEARCHABLE_VALUES = 10;

/** Typing pause before the portal is asked for the matching values. */
const SEARCH_DELAY_MS = 250;

/** The catalog key naming an order; dates read "oldest first" rather than "A to Z". */
function sortKey(sort: FacetSort, kind: FacetKind): string {
  if (kind === 'date' && sort === 'alphanum') return 'facets.sorts.dateAsc';
  if (kind === 'date' && sort === '-alphanum') return 'facets.sorts.dateDesc';
  return `facets.sorts.${sort}`;
}

interface GroupProps {
  readonly facet: Facet;
  readonly labels: FacetLabeler;
  readonly onChange: FacetChange;
  /** Where more values, other orders and searches come from; without it only the listed values show. */
  readonly source?: FacetSource | undefined;
  /** The reader asks for this facet's refines to be OR-ed, or no longer. */
  readonly onDisjunctive?: ((facet: string, on: boolean) => void) | undefined;
}

/** The value once it stopped changing for `delayMs`; `settle` takes a value at once (no request for the old one). */
function useDebounced(value: string, delayMs: number): [string, (now: string) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return [settled, setSettled];
}

export function FacetGroup({ facet, labels, onChange, source, onDisjunctive }: GroupProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const sortId = useId();
  const listId = useId();
  const name = facet.name;
  const kind = labels.kind(name);
  const hierarchical = kind === 'date' || facet.facets.some((v) => v.facets !== undefined);
  const native = labels.isDisjunctive(name);
  const chosen = source ? isChosenDisjunctive(source.filters, name) : false;
  // OR-ing by `field IN (…)` suits plain values; dates and hierarchies have their own ways to widen.
  const canChooseSeveral = !native && !hierarchical && source !== undefined && onDisjunctive !== undefined;

  const [sort, setSort] = useState<FacetSort | undefined>();
  const [limit, setLimit] = useState(FACET_PAGE);
  const [expanded, setExpanded] = useState(false);
  const [query, setQuery] = useState('');
  const [search, settleSearch] = useDebounced(query.trim(), SEARCH_DELAY_MS);
  const searchBox = useRef<HTMLInputElement>(null);
  const ownRefines = source ? refinesOf(source.filters, name).length : 0;
  const request: FacetValuesRequest = {
    facet: name,
    kind,
    sort,
    limit,
    search,
    disjunctive: chosen && ownRefines > 0,
  };
  const custom = sort !== undefined || limit > FACET_PAGE || search !== '' || request.disjunctive;
  const loaded = useQuery({
    queryKey: [...(source?.key ?? []), 'values', request],
    queryFn: ({ signal }) => source!.load(request, signal),
    enabled: custom && source !== undefined,
    placeholderData: keepPreviousData,
  });
  const leaf = (v: FacetValue) => labels.leafLabel(name, v.value, v.name);
  const values: readonly FacetValue[] =
    custom && loaded.data && source
      ? shownValues(loaded.data, source.filters, request, leaf)
      : search === '' && query.trim() === ''
        ? facet.facets
        : facet.facets.filter((v) => fold(leaf(v)).includes(fold(query.trim())));
  const searching = query.trim() !== '';
  const facetLabel = labels.facetLabel(name);
  const searchable = values.length > SEARCHABLE_VALUES || limit > FACET_PAGE || searching;
  // Refined and excluded values stay visible even past the fold; a search shows every match.
  const shown =
    expanded || searching ? values : values.filter((v, i) => i < VISIBLE_VALUES || v.state !== 'displayed');
  const hidden = values.length - shown.length;
  // The portal listed as many values as asked: there may be more.
  const more = values.length >= limit && !searching && source !== undefined;
  const waiting = custom && loaded.isFetching;
  // A value chosen from a search ends it: the sidebar's own facets request lists the facet under the new
  // filters, and the matches asked again beside it were one request more, a text search of every value,
  // in the burst a choice sends (with the records, counts and range of the view).
  const choose: FacetChange = (action, place) => {
    onChange(action, place);
    if (!searching) return;
    setQuery('');
    settleSearch('');
    setChosen(place.value);
  };
  // The button pressed leaves with the matches: the keyboard follows the value chosen into the facet's
  // list once it is there (the sidebar's answer to the new filters), on the search box meanwhile.
  const [chosenValue, setChosen] = useState<string | undefined>(undefined);
  const sectionRef = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: facet.facets is the list the value arrives in
  useEffect(() => {
    if (chosenValue === undefined) return;
    const section = sectionRef.current;
    const active = document.activeElement;
    if (!section || (active !== null && active !== document.body && !section.contains(active))) {
      setChosen(undefined);
      return;
    }
    const button = [...section.querySelectorAll<HTMLElement>('.facet-value')]
      .find((item) => item.dataset.value === chosenValue)
      ?.querySelector<HTMLElement>('.facet-refine');
    if (button) {
      button.focus();
      setChosen(undefined);
    } else searchBox.current?.focus();
  }, [chosenValue, facet.facets]);

  return (
    <section ref={sectionRef} className="facet" aria-labelledby={headingId} aria-busy={waiting || undefined}>
      <h3 id={headingId} className="facet-title">
        {facetLabel}
      </h3>
      {source && (
        <div className="facet-tools">
          <label htmlFor={sortId} className="visually-hidden">
            {t('facets.order', { facet: facetLabel })}
          </label>
          <select
            id={sortId}
            className="facet-sort"
            value={sort ?? labels.defaultSort(name)}
            onChange={(event) => {
              const next = sortsFor(kind).find((s) => s === event.target.value);
              setSort(next === labels.defaultSort(name) ? undefined : next);
            }}
          >
            {sortsFor(kind).map((s) => (
              <option key={s} value={s}>
                {t(sortKey(s, kind))}
              </option>
            ))}
          </select>
          {canChooseSeveral && (
            <label className="facet-several">
              <input
                type="checkbox"
                checked={chosen}
                onChange={(event) => onDisjunctive?.(name, event.target.checked)}
              />
              {t('facets.several')}
            </label>
          )}
        </div>
      )}
      {(native || chosen) && <p className="facet-hint">{t('facets.severalHint')}</p>}
      {searchable && (
        <input
          ref={searchBox}
          type="search"
          className="facet-search"
          value={query}
          placeholder={t('facets.search', { facet: facetLabel })}
          aria-label={t('facets.search', { facet: facetLabel })}
          aria-controls={listId}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setQuery(event.target.value)}
        />
      )}
      {searching && values.length === 0 && !waiting && search === query.trim() && (
        <p className="facet-search-empty" role="status">
          {t('facets.noMatch', { facet: facetLabel, text: query.trim() })}
        </p>
      )}
      {loaded.isError && custom && (
        <p className="facet-search-empty" role="alert">
          {t('facets.failed', { facet: facetLabel })}
        </p>
      )}
      <ul id={listId} className="facet-values">
        {shown.map((value) => (
          <FacetValueItem
            key={value.value}
            facetName={name}
            value={value}
            ancestors={[]}
            hierarchical={hierarchical}
            labels={labels}
            onChange={choose}
          />
        ))}
      </ul>
      <div className="facet-more-row">
        {!searching && (hidden > 0 || expanded) && values.length > VISIBLE_VALUES && (
          <button
            type="button"
            className="facet-more"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? t('facets.showFewer') : t('facets.showMore', { count: hidden })}
          </button>
        )}
        {expanded && more && (
          <button
            type="button"
            className="facet-more"
            aria-controls={listId}
            disabled={waiting}
            onClick={() => setLimit((l) => l + FACET_PAGE)}
          >
            {waiting ? t('facets.loading') : t('facets.loadMore', { count: FACET_PAGE })}
          </button>
        )}
      </div>
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

/** The next level of a hierarchical facet, under a refined value. */
function FacetValueList({ facetName, values, ancestors, hierarchical, labels, onChange }: ListProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  // Refined and excluded values stay visible even past the fold.
  const shown = expanded ? values : values.filter((v, i) => i < VISIBLE_VALUES || v.state !== 'displayed');
  const hidden = values.length - shown.length;
  return (
    <>
      <ul id={listId} className="facet-values facet-children">
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
      {(hidden > 0 || expanded) && values.length > VISIBLE_VALUES && (
        <button
          type="button"
          className="facet-more"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? t('facets.showFewer') : t('facets.showMore', { count: hidden })}
        </button>
      )}
    </>
  );
}

interface ItemProps extends Omit<ListProps, 'values'> {
  readonly value: FacetValue;
}

function FacetValueItem({ facetName, value, ancestors, hierarchical, labels, onChange }: ItemProps) {
  const { t } = useTranslation();
  const label = labels.leafLabel(facetName, value.value, value.name);
  const refined = value.state === 'refined';
  const excluded = value.state === 'excluded';
  const place: FacetValuePlace = { facet: facetName, value: value.value, ancestors, hierarchical };
  const countText = value.count === undefined ? undefined : formatCount(value.count);
  const refineAction: FacetAction = refined ? 'unrefine' : excluded ? 'unexclude' : 'refine';
  return (
    <li className={`facet-value is-${value.state}`} data-value={value.value}>
      <div className="facet-value-row">
        <button
          type="button"
          className="facet-refine"
          aria-pressed={refined}
          title={
            refined
              ? t('facets.removeThis', { value: label })
              : excluded
                ? t('facets.includeAgain', { value: label })
                : t('facets.onlyThis', { value: label })
          }
          onClick={() => onChange(refineAction, place)}
        >
          <span className="facet-check" aria-hidden="true" />
          {/* No aria-label: the name read out is the visible text, "value count" (WCAG 2.5.3). */}
          <span className="facet-name">{label}</span>
          {countText !== undefined && <span className="facet-count">{countText}</span>}
        </button>
        {!refined && (
          <button
            type="button"
            className="facet-exclude"
            aria-pressed={excluded}
            aria-label={
              excluded ? t('facets.includeAgain', { value: label }) : t('facets.exclude', { value: label })
            }
            title={
              excluded ? t('facets.includeAgain', { value: label }) : t('facets.exclude', { value: label })
            }
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
