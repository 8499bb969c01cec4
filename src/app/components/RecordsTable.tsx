import {
  createColumnHelper,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import type { DatasetField, DatasetRecord } from '../../api';
import { isNumericField } from '../format/cells';
import type { RecordsSort } from '../routes/dataset-search';
import { CellValue } from './CellValue';

const features = tableFeatures({ rowSortingFeature });
const column = createColumnHelper<typeof features, DatasetRecord>();

/** Geometries have no order; every other field sorts on the server. */
function isSortable(field: DatasetField): boolean {
  return field.type !== 'geo_point_2d' && field.type !== 'geo_shape';
}

function unitOf(field: DatasetField): string | undefined {
  const unit = field.annotations?.unit;
  if (typeof unit !== 'string' || unit === '') return undefined;
  // Many portals already put the unit in the label: "Wind speed (km/h)".
  return field.label.includes(unit) ? undefined : unit;
}

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
      cell: (info) => <CellValue value={info.getValue()} field={field} />,
      enableSorting: isSortable(field),
    }),
  );
}

interface RecordsTableProps {
  readonly fields: readonly DatasetField[];
  readonly records: readonly DatasetRecord[];
  /** Index of the first record, for row numbers. */
  readonly offset: number;
  readonly sort: RecordsSort | undefined;
  readonly onSort: (sort: RecordsSort | undefined) => void;
  readonly busy: boolean;
  readonly caption: string;
}

/**
 * The records of one page. Sorting happens on the server: the table only turns header clicks into
 * the next sort (ascending, descending, none) and the view puts it in the address.
 */
export function RecordsTable({ fields, records, offset, sort, onSort, busy, caption }: RecordsTableProps) {
  const columns = useMemo(() => buildColumns(fields), [fields]);
  const byName = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  const sorting = useMemo<SortingState>(
    () => (sort ? [{ id: sort.field, desc: sort.direction === 'desc' }] : []),
    [sort],
  );
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const first = next[0];
    onSort(first ? { field: first.id, direction: first.desc ? 'desc' : 'asc' } : undefined);
  };
  const table = useTable({
    features,
    columns,
    data: records as DatasetRecord[],
    getRowId: (_record, index) => String(offset + index),
    state: { sorting },
    onSortingChange,
    manualSorting: true,
    enableMultiSort: false,
    sortDescFirst: false,
    enableSortingRemoval: true,
  });

  return (
    <div className="table-scroll" aria-busy={busy || undefined}>
      <table className={busy ? 'records is-busy' : 'records'}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              <th scope="col" className="row-number">
                <span className="visually-hidden">Row</span>#
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
                    title={field?.description ?? undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="sort-button"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        <table.FlexRender header={header} />
                        <span className={`sort-indicator${sorted ? ' is-active' : ''}`} aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      <span className="header-label">
                        <table.FlexRender header={header} />
                      </span>
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              <td className="row-number">{Number(row.id) + 1}</td>
              {row.getAllCells().map((cell) => {
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
          ))}
        </tbody>
      </table>
    </div>
  );
}
