import {
  columnOrderingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import type { DatasetField, DatasetRecord } from '../../api';
import { type CellFormat, isNumericField } from '../format/cells';
import { t } from '../i18n/setup';
import type { RecordsSort } from '../routes/dataset-search';
import { applyRovingStop, focusAt, type GridPosition, moveFor, positionOf } from '../table/grid-keys';
import { columnWidth, isSortable, unitOf } from '../table/layout';
import { observeRectAfterLayout, scrollFromFreshTop, windowRect } from '../table/scroll-region';
import { CellValue } from './CellValue';

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature, columnOrderingFeature });
const column = createColumnHelper<typeof features, DatasetRecord>();

/** Every row is one line high (long values are cut and shown whole in the record detail). */
export const ROW_HEIGHT = 36;
/** Rows rendered beyond the visible ones, so a quick scroll does not show blanks. */
const OVERSCAN = 8;
/** Asking for the next page this many rows before the last loaded one hides the wait. */
const PREFETCH_ROWS = 40;

function buildColumns(fields: readonly DatasetField[], format: CellFormat) {
  return fields.map((field) =>
    column.accessor((record) => record[field.name], {
      id: field.name,
      header: () => (
        <>
          {field.label || field.name}
          {unitOf(field) && <span className="unit"> ({unitOf(field)})</span>}
        </>
      ),
      cell: (info) => <CellValue value={info.getValue()} field={field} format={format} />,
      enableSorting: isSortable(field),
    }),
  );
}

interface RecordsTableProps {
  /** Every field of the dataset. */
  readonly fields: readonly DatasetField[];
  /** The visible fields' names, in display order. */
  readonly columns: readonly string[];
  /** The records loaded so far, from the first one. */
  readonly records: readonly DatasetRecord[];
  /** Placeholder rows after the loaded ones, while the next page loads. */
  readonly pendingRows: number;
  /** All the records the query matches, for assistive technologies (`aria-rowcount`). */
  readonly total: number;
  readonly sort: RecordsSort | undefined;
  /** Without it the headers do not sort (the map's list keeps the map's order). */
  readonly onSort?: ((sort: RecordsSort | undefined) => void) | undefined;
  /** The row under the pointer or the keyboard focus (the map highlights its record), or none. */
  readonly onHover?: ((index: number | undefined) => void) | undefined;
  readonly format: CellFormat;
  readonly busy: boolean;
  readonly caption: string;
  /** Index of the row whose record detail is open. */
  readonly selected: number | undefined;
  /**
   * A row brought forward from elsewhere (a point clicked on the map beside the table): scrolled into
   * view and marked in the map's ring colour. A new object for each click, so a second click on the same
   * row scrolls it back into view.
   */
  readonly marked?: { readonly row: number } | undefined;
  readonly onOpen: (index: number) => void;
  /** Called as the reader nears the last loaded row. */
  readonly onNearEnd: () => void;
  /** Changes when the query changes: the table goes back to its first row. */
  readonly resetKey: string;
  readonly scrollRef: RefObject<HTMLElement | null>;
  /** Shown under the rows: the end of the records, or of the window the API pages through. */
  readonly footer?: ReactNode;
  /** A control after a column's name (the button that opens its statistics). */
  readonly headerMenu?: ((field: DatasetField) => ReactNode) | undefined;
}

/** Clicks on a link or a button inside a row do their own thing; anywhere else opens the record. */
function opensRecord(event: MouseEvent): boolean {
  return !(event.target as Element).closest('a, button');
}

/**
 * The records, one scrolling table with a sticky header. Only the rows in view are in the page
 * (virtualised), so scrolling through thousands of records stays smooth. Sorting happens on the server:
 * the table turns header clicks into the next sort (ascending, descending, none).
 */
export function RecordsTable(props: RecordsTableProps) {
  const { fields, columns: visible, records, pendingRows, total, sort, onSort, format } = props;
  const { busy, caption, selected, onOpen, onNearEnd, resetKey, scrollRef, footer } = props;
  const columns = useMemo(() => buildColumns(fields, format), [fields, format]);
  const byName = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  const sorting = useMemo<SortingState>(
    () => (sort ? [{ id: sort.field, desc: sort.direction === 'desc' }] : []),
    [sort],
  );
  const columnVisibility = useMemo(() => {
    const shown = new Set(visible);
    return Object.fromEntries(fields.map((f) => [f.name, shown.has(f.name)]));
  }, [fields, visible]);
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const first = next[0];
    onSort?.(first ? { field: first.id, direction: first.desc ? 'desc' : 'asc' } : undefined);
  };
  const table = useTable({
    features,
    columns,
    data: records as DatasetRecord[],
    getRowId: (_record, index) => String(index),
    state: { sorting, columnVisibility, columnOrder: visible as string[] },
    onSortingChange,
    manualSorting: true,
    enableSorting: onSort !== undefined,
    enableMultiSort: false,
    sortDescFirst: false,
    enableSortingRemoval: true,
  });
  const rows = table.getRowModel().rows;
  const leafColumns = table.getVisibleLeafColumns();

  const virtualizer = useVirtualizer({
    count: rows.length + pendingRows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    initialRect: windowRect(window),
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollFromFreshTop,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  // A record chosen elsewhere (a point clicked on the map) is brought into view.
  useEffect(() => {
    if (selected !== undefined) virtualizer.scrollToIndex(selected, { align: 'center' });
  }, [selected, virtualizer]);
  const marked = props.marked;
  // Only when another row is marked, not as more rows load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rows.length is read, not a reason to scroll
  useEffect(() => {
    if (marked && marked.row < rows.length) virtualizer.scrollToIndex(marked.row, { align: 'center' });
  }, [marked, virtualizer]);

  useEffect(() => {
    if (rows.length > 0 && lastIndex >= rows.length - PREFETCH_ROWS) onNearEnd();
  }, [lastIndex, rows.length, onNearEnd]);

  // A new query starts from its first record.
  const firstReset = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger, not a value read here
  useEffect(() => {
    if (firstReset.current) {
      firstReset.current = false;
      return;
    }
    scrollRef.current?.scrollTo({ top: 0 });
  }, [resetKey, scrollRef]);

  // The grid's one Tab stop: where the reader last was, first the header's first cell.
  const tableRef = useRef<HTMLTableElement>(null);
  const position = useRef<GridPosition>({ row: -1, target: 0 });
  useEffect(() => {
    if (tableRef.current) applyRovingStop(tableRef.current, position.current);
  });
  const onGridKey = (event: KeyboardEvent<HTMLTableElement>) => {
    const grid = tableRef.current;
    if (!grid) return;
    const from = positionOf(event.target as Element);
    if (!from) return;
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && from.row >= 0 && target.matches('td')) {
      event.preventDefault();
      onOpen(from.row);
      return;
    }
    const move = moveFor(event.key, event.ctrlKey || event.metaKey, grid, from, rows.length);
    if (!move) return;
    event.preventDefault();
    position.current = move.position;
    if (focusAt(grid, move.position)) return;
    // The row is not in the page yet: scroll to it, then focus it once it is rendered.
    virtualizer.scrollToIndex(move.row, { align: 'auto' });
    let tries = 0;
    const retry = () => {
      if (!focusAt(grid, move.position) && ++tries < 10) requestAnimationFrame(retry);
    };
    requestAnimationFrame(retry);
  };

  const before = items[0]?.start ?? 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - items.at(-1)!.end : 0;
  const span = leafColumns.length + 1;
  const tableWidth = leafColumns.reduce((sum, c) => sum + columnWidth(byName.get(c.id)!), ROW_NUMBER_WIDTH);

  return (
    // The table is a grid: one Tab stop, arrow keys move between cells (and scroll the region).
    <section className="records-scroll" ref={scrollRef} aria-busy={busy || undefined} aria-label={caption}>
      <table
        ref={tableRef}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA grid pattern on a data table, keyboard handled below
        role="grid"
        className={busy ? 'records is-busy' : 'records'}
        style={{ width: tableWidth }}
        aria-rowcount={total + 1}
        onKeyDown={onGridKey}
        onFocus={(event) => {
          const at = positionOf(event.target);
          if (at) position.current = at;
        }}
      >
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          <col style={{ width: ROW_NUMBER_WIDTH }} />
          {leafColumns.map((c) => (
            <col key={c.id} style={{ width: columnWidth(byName.get(c.id)!) }} />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1} data-row={-1}>
              <th scope="col" className="row-number">
                <span className="visually-hidden">{t('table.row')}</span>#
              </th>
              {group.headers.map((header) => {
                const field = byName.get(header.column.id);
                const sorted = header.column.getIsSorted();
                const numeric = field !== undefined && isNumericField(field);
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={numeric ? 'num' : undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    title={field?.description ?? field?.label ?? undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="sort-button"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        <span className="header-text">
                          <table.FlexRender header={header} />
                        </span>
                        <span className={`sort-indicator${sorted ? ' is-active' : ''}`} aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      <span className="header-label">
                        <table.FlexRender header={header} />
                      </span>
                    )}
                    {field && props.headerMenu?.(field)}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {before > 0 && <Spacer height={before} span={span} />}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return <SkeletonRow key={`pending-${item.index}`} span={leafColumns.length} />;
            const isSelected = selected === item.index;
            const isMarked = marked?.row === item.index;
            return (
              <tr
                key={row.id}
                // Stripes follow the record, not the rendered row, so they do not flicker while scrolling.
                className={`record-row${item.index % 2 === 1 ? ' is-even' : ''}${isSelected ? ' is-selected' : ''}${isMarked ? ' is-marked' : ''}`}
                aria-rowindex={item.index + 2}
                data-row={item.index}
                aria-current={isSelected || undefined}
                onClick={(event) => opensRecord(event) && onOpen(item.index)}
                onMouseEnter={props.onHover && (() => props.onHover?.(item.index))}
                onMouseLeave={props.onHover && (() => props.onHover?.(undefined))}
                onFocus={props.onHover && (() => props.onHover?.(item.index))}
              >
                <td className="row-number">
                  <button
                    type="button"
                    className="row-open"
                    aria-label={t('table.openRecord', { n: item.index + 1 })}
                    onClick={() => onOpen(item.index)}
                  >
                    {item.index + 1}
                  </button>
                </td>
                {row.getVisibleCells().map((cell) => {
                  const field = byName.get(cell.column.id);
                  const value = cell.getValue();
                  const empty = value === null || value === undefined || value === '';
                  const numeric = field !== undefined && isNumericField(field);
                  const className = [numeric ? 'num' : '', empty ? 'is-empty' : ''].join(' ').trim();
                  return (
                    <td key={cell.id} className={className || undefined}>
                      <table.FlexRender cell={cell} />
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {after > 0 && <Spacer height={after} span={span} />}
        </tbody>
      </table>
      {footer}
    </section>
  );
}

const ROW_NUMBER_WIDTH = 64;

function Spacer({ height, span }: { readonly height: number; readonly span: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a table row is not focusable; spacers only hold the scroll height
    <tr className="spacer" aria-hidden="true">
      <td colSpan={span} style={{ height }} />
    </tr>
  );
}

/** A row still loading: grey bars where its values will be. */
export function SkeletonRow({ span }: { readonly span: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a table row is not focusable; the busy state is announced by the count
    <tr className="skeleton-row" aria-hidden="true">
      <td className="row-number">
        <span className="skeleton" />
      </td>
      {Array.from({ length: span }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have nothing else to tell them apart
        <td key={i}>
          <span className="skeleton" />
        </td>
      ))}
    </tr>
  );
}
