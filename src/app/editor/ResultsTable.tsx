import { useMemo } from 'react';
import type { DatasetField, DatasetRecord } from '../../api';
import { CellValue } from '../components/CellValue';
import type { CellFormat } from '../format/cells';
import { formatComputed, resultColumns } from './result-columns';

interface ResultsTableProps {
  readonly fields: readonly DatasetField[];
  readonly results: readonly DatasetRecord[];
  readonly offset: number;
  readonly busy: boolean;
  readonly caption: string;
  /** Locale and time zone of the values, as the records table shows them. */
  readonly format: CellFormat;
}

/**
 * The rows of a query with select or group_by: groups and aggregates, or chosen fields. Its columns
 * come from the answer, not from the dataset's fields; sorting is the query's order_by.
 */
export function ResultsTable({ fields, results, offset, busy, caption, format }: ResultsTableProps) {
  const columns = useMemo(() => resultColumns(results, fields), [results, fields]);
  return (
    <div className="table-scroll" aria-busy={busy || undefined}>
      <table className={busy ? 'records query-results is-busy' : 'records query-results'}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="row-number">
              <span className="visually-hidden">Row</span>#
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? 'num' : undefined}>
                <span className="header-label">{c.field?.label || c.key}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.map((record, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a result have no identity but their place
            <tr key={index}>
              <td className="row-number">{offset + index + 1}</td>
              {columns.map((c) => (
                <td key={c.key} className={c.numeric ? 'num' : undefined}>
                  {c.field ? (
                    <CellValue value={record[c.key]} field={c.field} format={format} />
                  ) : (
                    formatComputed(record[c.key])
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
