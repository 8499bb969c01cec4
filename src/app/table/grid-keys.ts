/*
 * The records table as a WAI-ARIA grid: one Tab stop for the whole table, arrow keys move from cell to
 * cell. Rows are virtualised, so moving is done on the page as it is (rows carry `data-row`, -1 for the
 * header) and a row not in the page yet is scrolled to first. A cell's focus targets are the buttons and
 * links inside it (sort, statistics, open the record, a link value), or the cell itself when it has none;
 * Left and Right go through them one by one, Up and Down keep the cell.
 */

/** What holds the roving Tab stop: a row (-1 for the header) and a target index in that row. */
export interface GridPosition {
  readonly row: number;
  readonly target: number;
}

const WIDGETS = 'a[href], button';

/** The focus targets of one row, left to right. */
export function rowTargets(row: HTMLTableRowElement): HTMLElement[] {
  const targets: HTMLElement[] = [];
  for (const cell of row.cells) {
    const widgets = [...cell.querySelectorAll<HTMLElement>(WIDGETS)];
    targets.push(...(widgets.length > 0 ? widgets : [cell]));
  }
  return targets;
}

/** The index of the first target of the cell holding `element` (Up and Down keep the cell). */
function cellStart(row: HTMLTableRowElement, cellIndex: number): number {
  let start = 0;
  for (let i = 0; i < cellIndex && i < row.cells.length; i++) {
    const widgets = row.cells[i]!.querySelectorAll(WIDGETS).length;
    start += Math.max(1, widgets);
  }
  return start;
}

function rowOf(table: HTMLTableElement, index: number): HTMLTableRowElement | undefined {
  return table.querySelector<HTMLTableRowElement>(`tr[data-row="${index}"]`) ?? undefined;
}

/** Where an element of the grid is, if it is one of its targets. */
export function positionOf(element: Element): GridPosition | undefined {
  const row = element.closest<HTMLTableRowElement>('tr[data-row]');
  if (!row) return undefined;
  const target = rowTargets(row).indexOf(element as HTMLElement);
  return target < 0 ? undefined : { row: Number(row.dataset.row), target };
}

/** Makes the target at `position` (or the nearest one that exists) the grid's only Tab stop. */
export function applyRovingStop(table: HTMLTableElement, position: GridPosition): HTMLElement | undefined {
  for (const element of table.querySelectorAll<HTMLElement>(`${WIDGETS}, td, th`)) element.tabIndex = -1;
  const row = rowOf(table, position.row) ?? rowOf(table, -1);
  if (!row) return undefined;
  const targets = rowTargets(row);
  const stop = targets[Math.min(position.target, targets.length - 1)];
  if (stop) stop.tabIndex = 0;
  return stop;
}

export interface GridMove {
  readonly position: GridPosition;
  /** The row to scroll to first when it is not in the page. */
  readonly row: number;
}

const PAGE_ROWS = 10;

/**
 * The position a key leads to from `from`, in a grid of `rows` loaded rows; undefined for keys the grid
 * leaves alone.
 */
export function moveFor(
  key: string,
  ctrl: boolean,
  table: HTMLTableElement,
  from: GridPosition,
  rows: number,
): GridMove | undefined {
  const row = rowOf(table, from.row);
  if (!row) return undefined;
  const targets = rowTargets(row);
  const element = targets[from.target];
  const cellIndex = element
    ? ((element.closest('td, th') as HTMLTableCellElement | null)?.cellIndex ?? 0)
    : 0;
  const vertical = (next: number): GridMove | undefined => {
    const clamped = Math.max(-1, Math.min(rows - 1, next));
    if (clamped === from.row) return undefined;
    const there = rowOf(table, clamped);
    return {
      position: { row: clamped, target: there ? cellStart(there, cellIndex) : cellIndex },
      row: clamped,
    };
  };
  switch (key) {
    case 'ArrowRight':
      return from.target < targets.length - 1
        ? { position: { row: from.row, target: from.target + 1 }, row: from.row }
        : undefined;
    case 'ArrowLeft':
      return from.target > 0
        ? { position: { row: from.row, target: from.target - 1 }, row: from.row }
        : undefined;
    case 'ArrowDown':
      return vertical(from.row + 1);
    case 'ArrowUp':
      return vertical(from.row - 1);
    case 'PageDown':
      return vertical(from.row + PAGE_ROWS);
    case 'PageUp':
      return vertical(from.row - PAGE_ROWS);
    // Home and End go along the row; with Ctrl, to the grid's first or last cell.
    case 'Home':
      return { position: { row: ctrl ? -1 : from.row, target: 0 }, row: ctrl ? -1 : from.row };
    case 'End': {
      const last = ctrl ? rows - 1 : from.row;
      const there = rowOf(table, last);
      // A last row not in the page yet: its last target once scrolled to (rows have as many targets).
      const count = there ? rowTargets(there).length : targets.length;
      return { position: { row: last, target: count - 1 }, row: last };
    }
    default:
      return undefined;
  }
}

/** Focuses the target at a position once its row is in the page. */
export function focusAt(table: HTMLTableElement, position: GridPosition): boolean {
  const row = rowOf(table, position.row);
  if (!row) return false;
  // The header row has more targets than a record's row (sort and statistics buttons): a move such as
  // Ctrl+End from the header lands on the row's last target rather than on nothing.
  const targets = rowTargets(row);
  const index = Math.min(position.target, targets.length - 1);
  const target = targets[index];
  if (!target) return false;
  applyRovingStop(table, { row: position.row, target: index });
  // Scrolled the least way: focus() alone centred the cell in the page, which slid the column headers
  // under the site's sticky header.
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  return true;
}
