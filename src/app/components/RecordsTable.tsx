import {
  columnOrderingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import type { DatasetField, DatasetRecord } from '../../api';
import { type CellFormat, isNumericField } from '../format/cells';
import { formatCount } from '../format/numbers';
import { t } from '../i18n/setup';
import type { RecordsSort } from '../routes/dataset-search';
import { applyRovingStop, focusAt, type GridPosition, moveFor, positionOf } from '../table/grid-keys';
import { columnWidth, isSortable, unitOf } from '../table/layout';
import { toggledSort } from '../table/sorting';
import { useDeepScroll } from '../table/useDeepScroll';
import { CellValue } from './CellValue';

const features = tableFeatures({ columnVisibilityFeature, columnOrderingFeature });
const EMPTY: DatasetRecord[] = [];
const column = createColumnHelper<typeof features, DatasetRecord>();

function buildColumns(fields: readonly DatasetField[]) {
  return fields.map((field) =>
    column.accessor((record) => record[field.name], {
      id: field.name,
      header: () => (
        <>
          {field.label || field.name}
          {unitOf(field) && <span className="unit"> ({unitOf(field)})</span>}
        </>
      ),
    }),
  );
}

interface RecordsTableProps {
  /** Every field of the dataset. */
  readonly fields: readonly DatasetField[];
  /** The visible fields' names, in display order. */
  readonly columns: readonly string[];
  /** The rows the table holds (loaded or not yet), from the first one. */
  readonly rowCount: number;
  /** A row's record, or undefined while it loads (a placeholder row shows). */
  readonly rowAt: (index: number) => DatasetRecord | undefined;
  /** All the records the query matches, for assistive technologies (`aria-rowcount`). */
  readonly total: number;
  readonly sort: readonly RecordsSort[] | undefined;
  /** Without it the headers do not sort (the map's list keeps the map's order). */
  readonly onSort?: ((sort: readonly RecordsSort[] | undefined) => void) | undefined;
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
  /** The rows in view or about to be, first and last: their records are to be loaded. */
  readonly onRange?: ((from: number, to: number) => void) | undefined;
  /** A row to bring to the top of the view and focus ("go to record"); a new object each time. */
  readonly goTo?: { readonly row: number } | undefined;
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
 * (virtualised, deep-scroll.ts), so scrolling through millions of records stays smooth. Sorting
 * happens on the server: the table turns header clicks into the next sort (sorting.ts), Shift+click and
 * Shift+Enter adding a key to it.
 */
export function RecordsTable(props: RecordsTableProps) {
  const { fields, columns: visible, rowCount, rowAt, total, sort, onSort, format } = props;
  const { busy, caption, selected, onOpen, onRange, resetKey, scrollRef, footer } = props;
  const columns = useMemo(() => buildColumns(fields), [fields]);
  const byName = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  const columnVisibility = useMemo(() => {
    const shown = new Set(visible);
    return Object.fromEntries(fields.map((f) => [f.name, shown.has(f.name)]));
  }, [fields, visible]);
  // The table lays out the headers; rows are rendered below from `rowAt`, the visible ones only.
  const table = useTable({
    features,
    columns,
    data: EMPTY,
    state: { columnVisibility, columnOrder: visible as string[] },
  });
  const leafColumns = table.getVisibleLeafColumns();
  const sorts = sort ?? [];
  const sortBy = (field: string, adding: boolean) => onSort?.(toggledSort(sorts, field, adding));

  const scroll = useDeepScroll(scrollRef, rowCount);
  const { first, last } = scroll.range;
  useEffect(() => {
    if (rowCount > 0) onRange?.(first, last);
  }, [first, last, rowCount, onRange]);

  // A record chosen elsewhere (a point clicked on the map) is brought into view.
  const { scrollToRow } = scroll;
  useEffect(() => {
    if (selected !== undefined) scrollToRow(selected, 'center');
  }, [selected, scrollToRow]);
  const marked = props.marked;
  // Only when another row is marked, not as more rows load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowCount is read, not a reason to scroll
  useEffect(() => {
    if (marked && marked.row < rowCount) scrollToRow(marked.row, 'center');
  }, [marked, scrollToRow]);

  // A new query starts from its first record.
  const firstReset = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger, not a value read here
  useEffect(() => {
    if (firstReset.current) {
      firstReset.current = false;
      return;
    }
    scrollToRow(0, 'start');
  }, [resetKey, scrollToRow]);

  // The grid's one Tab stop: where the reader last was, first the header's first cell.
  const tableRef = useRef<HTMLTableElement>(null);
  const position = useRef<GridPosition>({ row: -1, target: 0 });
  // A row moved to that is not rendered with its record yet (its page loads): focused once it is.
  const pendingFocus = useRef<{ readonly position: GridPosition; readonly until: number }>(undefined);
  useEffect(() => {
    const grid = tableRef.current;
    if (!grid) return;
    const pending = pendingFocus.current;
    // Not once the reader went elsewhere meanwhile (typing a search, say), nor after too long.
    const active = document.activeElement;
    const elsewhere =
      active !== null &&
      active !== document.body &&
      !grid.contains(active) &&
      !active.closest('.go-to-record');
    if (pending && (elsewhere || Date.now() > pending.until || focusAt(grid, pending.position)))
      pendingFocus.current = undefined;
    applyRovingStop(grid, position.current);
  });
  const focusWhenRendered = useCallback((grid: HTMLTableElement, at: GridPosition) => {
    pendingFocus.current = undefined;
    if (focusAt(grid, at)) return;
    pendingFocus.current = { position: at, until: Date.now() + PENDING_FOCUS_MS };
  }, []);
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
    const move = moveFor(event.key, event.ctrlKey || event.metaKey, grid, from, rowCount);
    if (!move) return;
    event.preventDefault();
    position.current = move.position;
    if (move.row >= 0) scrollToRow(move.row, 'auto');
    focusWhenRendered(grid, move.position);
  };

  // "Go to record": the row at the top of the view, focused once it is rendered.
  const goTo = props.goTo;
  useEffect(() => {
    const grid = tableRef.current;
    if (!goTo || !grid) return;
    scrollToRow(goTo.row, 'start');
    position.current = { row: goTo.row, target: 0 };
    focusWhenRendered(grid, position.current);
  }, [goTo, scrollToRow, focusWhenRendered]);

  const span = leafColumns.length + 1;
  const numberWidth = rowNumberWidth(rowCount);
  const tableWidth = leafColumns.reduce((sum, c) => sum + columnWidth(byName.get(c.id)!), numberWidth);

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
          <col style={{ width: numberWidth }} />
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
                const rank = sorts.findIndex((s) => s.field === header.column.id);
                const sorted = rank >= 0 ? sorts[rank]!.direction : undefined;
                const numeric = field !== undefined && isNumericField(field);
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={numeric ? 'num' : undefined}
                    // One header carries aria-sort (the pattern's rule): the first key.
                    aria-sort={rank !== 0 ? undefined : sorted === 'asc' ? 'ascending' : 'descending'}
                    title={field?.description ?? field?.label ?? undefined}
                  >
                    {onSort && field && isSortable(field) ? (
                      <button
                        type="button"
                        className="sort-button"
                        title={t('table.sortHint')}
                        onClick={(event) => sortBy(field.name, event.shiftKey)}
                        onKeyDown={(event) => {
                          // Shift+Enter adds the column to the sort, as Shift+click does.
                          if (event.key === 'Enter' && event.shiftKey) {
                            event.preventDefault();
                            event.stopPropagation();
                            sortBy(field.name, true);
                          }
                        }}
                      >
                        <span className="header-text">
                          <table.FlexRender header={header} />
                        </span>
                        <span className={`sort-indicator${sorted ? ' is-active' : ''}`} aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          {sorted && sorts.length > 1 && <span className="sort-rank">{rank + 1}</span>}
                        </span>
                        {sorted && (
                          <span className="visually-hidden">
                            {t(sorted === 'asc' ? 'table.sortedAsc' : 'table.sortedDesc', {
                              rank: rank + 1,
                              count: sorts.length,
                            })}
                          </span>
                        )}
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
          {scroll.before > 0 && <Spacer height={scroll.before} span={span} />}
          {scroll.rows.map((index) => {
            const record = rowAt(index);
            if (!record) return <SkeletonRow key={`pending-${index}`} span={leafColumns.length} />;
            const isSelected = selected === index;
            const isMarked = marked?.row === index;
            return (
              <tr
                key={index}
                // Stripes follow the record, not the rendered row, so they do not flicker while scrolling.
                className={`record-row${index % 2 === 1 ? ' is-even' : ''}${isSelected ? ' is-selected' : ''}${isMarked ? ' is-marked' : ''}`}
                aria-rowindex={index + 2}
                data-row={index}
                aria-current={isSelected || undefined}
                onClick={(event) => opensRecord(event) && onOpen(index)}
                onMouseEnter={props.onHover && (() => props.onHover?.(index))}
                onMouseLeave={props.onHover && (() => props.onHover?.(undefined))}
                onFocus={props.onHover && (() => props.onHover?.(index))}
              >
                <td className="row-number">
                  <button
                    type="button"
                    className="row-open"
                    aria-label={t('table.openRecord', { n: index + 1 })}
                    onClick={() => onOpen(index)}
                  >
                    {formatRowNumber(index + 1)}
                  </button>
                </td>
                {leafColumns.map((column) => {
                  const field = byName.get(column.id)!;
                  const value = record[column.id];
                  const empty = value === null || value === undefined || value === '';
                  const className = [isNumericField(field) ? 'num' : '', empty ? 'is-empty' : '']
                    .join(' ')
                    .trim();
                  return (
                    <td key={column.id} className={className || undefined}>
                      <CellValue value={value} field={field} format={format} />
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {scroll.after > 0 && <Spacer height={scroll.after} span={span} />}
        </tbody>
      </table>
      {footer}
    </section>
  );
}

/** How long a row moved to may take to load before the focus gives up waiting for it. */
const PENDING_FOCUS_MS = 30_000;

/** Room for the largest row number, grouped (3,000,000): at least the width of four digits. */
function rowNumberWidth(rowCount: number): number {
  return 36 + 8 * Math.max(4, formatCount(rowCount).length);
}

/** Row numbers are grouped like every count (1,234,567; 1 234 567 in French). */
function formatRowNumber(n: number): string {
  return formatCount(n);
}

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
