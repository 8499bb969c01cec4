import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { DatasetField, DatasetRecord } from '../../api';
import type { GeoFilter } from '../filters/geo-filter';
import { t } from '../i18n/setup';
import type { Basemap } from '../map/map-view';
import { createRowHover, type RowHover } from './row-hover';

// MapLibre is large: the map beside the table loads only once it is shown.
const TableMap = lazy(() => import('../map/TableMap'));

const STORAGE_KEY = 'odexplorer.tableMap';
/** Fields a map can draw (the map's own code, which picks one, loads only with the map). */
const GEO_TYPES: ReadonlySet<string> = new Set(['geo_point_2d', 'geo_shape']);
/**
 * From this width the map stands beside the table, open unless the reader closed it; below, above it,
 * closed. The table then keeps about 800 px beside the sidebar: on a 1366 px laptop, beside the map, it
 * showed three of six columns. The same width as table-map.css's.
 */
const WIDE = '(min-width: 1600px)';

function storedChoice(): boolean | undefined {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value === 'shown' ? true : value === 'hidden' ? false : undefined;
  } catch {
    return undefined;
  }
}

function storeChoice(shown: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, shown ? 'shown' : 'hidden');
  } catch {
    // Storage can be disabled: the choice then lasts for this page.
  }
}

export interface TableMapState {
  /** The dataset has a field the map can draw. */
  readonly geo: boolean;
  readonly shown: boolean;
  readonly hover: RowHover;
  /** The toolbar's button that shows or hides the map; nothing on a dataset without geometry. */
  readonly toggle: ReactNode;
  readonly panelId: string;
}

/** Whether the table has a map beside it: only geo datasets; the reader's last choice, else by width. */
export function useTableMap(fields: readonly DatasetField[], panelId: string): TableMapState {
  const geo = useMemo(() => fields.some((f) => GEO_TYPES.has(f.type)), [fields]);
  const [shown, setShown] = useState(
    () => storedChoice() ?? (typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches),
  );
  const hover = useMemo(createRowHover, []);
  const flip = useCallback(() => {
    setShown((was) => {
      storeChoice(!was);
      return !was;
    });
  }, []);
  const toggle = geo && (
    <button
      type="button"
      className="button table-map-toggle"
      aria-expanded={shown}
      aria-controls={shown ? panelId : undefined}
      onClick={flip}
    >
      {shown ? t('tableMap.hide') : t('tableMap.show')}
    </button>
  );
  return { geo, shown: shown && geo, hover, toggle, panelId };
}

interface TableMapPanelProps {
  readonly state: TableMapState;
  readonly fields: readonly DatasetField[];
  readonly records: readonly DatasetRecord[];
  readonly total: number;
  readonly busy: boolean;
  readonly fitKey: string;
  readonly basemap: Basemap;
  readonly area: GeoFilter | undefined;
  readonly picked: number | undefined;
  readonly selected: number | undefined;
  readonly onPick: (row: number) => void;
  /** The table, beside (wide screens) or under (narrow ones) the map. */
  readonly children: ReactNode;
}

/**
 * True once the browser has been idle since the first render: MapLibre (about 1 MB of script) is then
 * fetched and run after the first rows are on screen, not in the way of the table's first frames.
 */
function useIdleAfterMount(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setIdle(true), { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 50);
    return () => clearTimeout(id);
  }, []);
  return idle;
}

/** The table and, on geo datasets, the map of its loaded rows, synced both ways. */
export function TableMapPanel(props: TableMapPanelProps) {
  const { state, records, total, picked } = props;
  const idle = useIdleAfterMount();
  if (!state.shown) return props.children;
  const loading = <p className="table-map-loading muted">{t('map.loading')}</p>;
  return (
    <div className="table-and-map">
      <div className="table-and-map-table">{props.children}</div>
      <section className="table-map" id={state.panelId} aria-label={t('tableMap.label')}>
        <div className="table-map-stage">
          {!idle ? (
            loading
          ) : (
            <Suspense fallback={loading}>
              <TableMap
                fields={props.fields}
                records={records}
                busy={props.busy}
                fitKey={props.fitKey}
                basemap={props.basemap}
                area={props.area}
                hover={state.hover}
                picked={picked}
                selected={props.selected}
                onPick={props.onPick}
              />
            </Suspense>
          )}
        </div>
        <p className="table-map-note muted" aria-live="polite">
          {records.length < total
            ? t('tableMap.loadedRows', { count: records.length })
            : t('tableMap.allRows', { count: records.length })}
          {picked !== undefined && ` ${t('tableMap.picked', { n: picked + 1 })}`}
        </p>
      </section>
    </div>
  );
}
