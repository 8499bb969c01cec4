import { t } from '../i18n/setup';
import type { DataBehind, Legend } from './useMapDisplay';

/*
 * The display mode's legend, and the data behind the map (the aggregated values) as a table a screen
 * reader can read and anyone can copy. A category of the legend refines the records on its value.
 */

interface MapLegendProps {
  readonly legend: Legend;
  /** Refines on a category's value. */
  readonly onRefine?: ((value: string) => void) | undefined;
}

export function MapLegend({ legend, onRefine }: MapLegendProps) {
  if (legend.kind === 'gradient') {
    return (
      <figure className="map-legend" aria-label={t('mapDisplay.legend')}>
        <figcaption className="map-legend-title">{legend.title}</figcaption>
        <div
          className="map-legend-gradient"
          style={{ background: `linear-gradient(to right, ${legend.colours.join(', ')})` }}
        />
        <div className="map-legend-ends">
          <span>{legend.low}</span>
          <span>{legend.high}</span>
        </div>
      </figure>
    );
  }
  return (
    <figure className="map-legend" aria-label={t('mapDisplay.legend')}>
      <figcaption className="map-legend-title">{legend.title}</figcaption>
      {legend.entries.length === 0 ? (
        <p className="muted">{t('mapDisplay.noValues')}</p>
      ) : (
        <ul className="map-legend-entries">
          {legend.entries.map((entry) => (
            <li key={`${entry.colour}${entry.label}`}>
              {entry.value !== undefined && onRefine ? (
                <button
                  type="button"
                  className="map-legend-entry is-button"
                  title={t('mapDisplay.refineOn', { value: entry.label })}
                  onClick={() => onRefine(entry.value!)}
                >
                  <span
                    className="map-legend-swatch"
                    style={{ background: entry.colour }}
                    aria-hidden="true"
                  />
                  {entry.label}
                </button>
              ) : (
                <span className="map-legend-entry">
                  <span
                    className="map-legend-swatch"
                    style={{ background: entry.colour }}
                    aria-hidden="true"
                  />
                  {entry.label}
                </span>
              )}
            </li>
          ))}
          {legend.kind === 'categories' && (
            <li>
              <span className="map-legend-entry">
                <span className="map-legend-swatch is-other" aria-hidden="true" />
                {t('mapDisplay.other')}
              </span>
            </li>
          )}
        </ul>
      )}
    </figure>
  );
}

export function MapDataBehind({ data }: { readonly data: DataBehind }) {
  return (
    <details className="map-data-behind">
      <summary>{t('mapDisplay.dataBehind', { count: data.rows.length })}</summary>
      <div className="map-data-scroll">
        <table>
          <thead>
            <tr>
              {data.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row, i) => (
              // Rows are the answer's, in its order, and have no identity of their own.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={i}>
                {row.map((cell, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of a row, by column
                  <td key={j}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
