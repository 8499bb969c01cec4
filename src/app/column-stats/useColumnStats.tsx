import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import type { DatasetField, RecordsParams } from '../../api';
import type { CellFormat } from '../format/cells';
import type { DatasetSearch } from '../routes/dataset-search';
import type { Filters } from '../routes/search-params';
import { ColumnStats, type StatsFilter } from './ColumnStats';
import { StatsButton } from './StatsButton';
import { andWhere, rangeWhere, valueWhere } from './stats-queries';

/** The next filters after a click in a column's statistics: a range or a value of that column. */
export function statsFilters(state: DatasetSearch, field: DatasetField, filter: StatsFilter): Filters {
  const where = state.query.where ?? state.where;
  if (filter.kind === 'range') return { ...state, where: andWhere(where, rangeWhere(field, filter)) };
  // A facet is refined (a chip the sidebar knows); any other field gets a condition.
  if (field.annotations?.facet === true) {
    const refine = state.refine.some((r) => r.facet === field.name && r.value === filter.value)
      ? state.refine
      : [...state.refine, { facet: field.name, value: filter.value }];
    return { ...state, refine };
  }
  return { ...state, where: andWhere(where, valueWhere(field, filter.value)) };
}

/** The table's column statistics: the header buttons and the open panel. */
export function useColumnStats(
  datasetId: string,
  params: RecordsParams,
  state: DatasetSearch,
  setFilters: (filters: Filters) => void,
  /** How the table shows values (its time zone): the statistics show theirs the same way. */
  format: CellFormat,
): { headerMenu: (field: DatasetField) => ReactNode; panel: ReactNode } {
  const [open, setOpen] = useState<DatasetField>();
  // The header button that opened the panel: focus goes back there when it closes (Escape or Close).
  const opener = useRef<HTMLElement | null>(null);
  const toggle = useCallback((field: DatasetField) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen((o) => (o?.name === field.name ? undefined : field));
  }, []);
  const close = useCallback(() => {
    setOpen(undefined);
    const back = opener.current;
    requestAnimationFrame(() => {
      if (back?.isConnected) back.focus();
    });
  }, []);
  const filters = useMemo<RecordsParams>(() => {
    const { where, refine, exclude, timezone } = params;
    return {
      ...(where !== undefined ? { where } : {}),
      ...(refine ? { refine } : {}),
      ...(exclude ? { exclude } : {}),
      ...(timezone ? { timezone } : {}),
    };
  }, [params]);
  const headerMenu = useCallback(
    (field: DatasetField) => <StatsButton field={field} open={open?.name === field.name} onToggle={toggle} />,
    [open, toggle],
  );
  const panel = open ? (
    <ColumnStats
      key={open.name}
      datasetId={datasetId}
      field={open}
      filters={filters}
      format={format}
      onFilter={(filter) => setFilters(statsFilters(state, open, filter))}
      onClose={close}
    />
  ) : null;
  return { headerMenu, panel };
}
