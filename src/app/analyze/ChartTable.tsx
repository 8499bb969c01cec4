import type { ChartData } from './chart-data';

interface ChartTableProps {
  readonly data: ChartData;
  readonly caption: string;
  readonly xName: string;
  readonly xLabel: (value: string) => string;
  readonly columnName: (index: number) => string;
  readonly formatValue: (value: number) => string;
}

/** The chart's numbers as a table: what a screen reader or a keyboard reads instead of the picture. */
export function ChartTable({ data, caption, xName, xLabel, columnName, formatValue }: ChartTableProps) {
  return (
    // A scrolling region the keyboard can reach (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls, so it takes the focus
    <section className="chart-table" tabIndex={0} aria-label={caption}>
      <table className="params-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{xName}</th>
            {data.columns.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions of the chart
              <th scope="col" key={i}>
                {columnName(i)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.xs.map((x, row) => (
            <tr key={x}>
              <th scope="row">{xLabel(x)}</th>
              {data.columns.map((c, i) => {
                const value = c.values[row];
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions of the chart
                  <td key={i} className="number">
                    {value === null || value === undefined ? '' : formatValue(value)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
