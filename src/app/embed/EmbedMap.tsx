import { useMemo } from 'react';
import type { Dataset, DatasetField } from '../../api';
import { ErrorPanel } from '../components/StatusMessages';
import type { CellFormat } from '../format/cells';
import { useDatasetSearch } from '../hooks/useDatasetSearch';
import { t } from '../i18n/setup';
import { geoFilterOutline } from '../map/draw';
import { MapCanvas } from '../map/MapCanvas';
import { MapLegend } from '../map/MapLegend';
import { RecordPanel } from '../map/RecordPanel';
import { useDatasetMap } from '../map/useDatasetMap';
import { useMapDisplay } from '../map/useMapDisplay';
import { datasetTimeZone } from '../table/queries';
import type { EmbedOptions } from './embed-address';
import '../map/map.css';
import '../map/map-display.css';

const NO_FIELDS: readonly DatasetField[] = [];
const noop = () => {};

/**
 * An embedded map: the records of the link's state where its `location` says (or fitted), drawn in the
 * link's display mode with its legend, hover and click as in the explorer. `lock` keeps it where it is; the wheel zooms only when `wheel` asks.
 */
export default function EmbedMap({
  dataset,
  options,
}: {
  readonly dataset: Dataset;
  readonly options: EmbedOptions;
}) {
  const datasetId = dataset.dataset_id;
  const fields = dataset.fields ?? NO_FIELDS;
  const fieldNames = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  const { state } = useDatasetSearch(datasetId, 'map', fieldNames);
  const timeZone = datasetTimeZone(dataset);
  const cellFormat = useMemo<CellFormat>(() => ({ timeZone }), [timeZone]);
  const outline = useMemo(() => geoFilterOutline(state.geo), [state.geo]);
  const map = useDatasetMap(dataset, state, { locked: options.lock });
  const shown = useMapDisplay(dataset, map);

  if (!map.geometry) return <p className="empty-state">{t('dataset.noMap')}</p>;
  return (
    <div className="embed-map">
      {map.error && <ErrorPanel compact title={t('map.failed')} error={map.error} onRetry={map.retry} />}
      {shown.error && <ErrorPanel compact title={t('map.failed')} error={shown.error} />}
      <div className="map-stage">
        <MapCanvas
          {...map.canvas}
          busy={map.canvas.busy || shown.busy}
          display={shown.style}
          describe={(pick) =>
            pick.kind === 'area' && shown.describeArea ? shown.describeArea(pick) : map.canvas.describe(pick)
          }
          basemap={state.map.basemap}
          location={state.map.location}
          filterOutline={outline}
          drawMode={undefined}
          locked={options.lock}
          scrollZoom={options.wheel}
          onLocation={(location) => map.setMapView(location, state.map.basemap)}
          onDrawn={noop}
          onDrawCancel={noop}
        />
        {map.selection && (
          <RecordPanel
            datasetId={datasetId}
            fields={fields}
            selection={map.selection}
            page={map.page}
            onPage={map.setPage}
            onClose={() => map.setSelection(undefined)}
            format={cellFormat}
          />
        )}
        {shown.legend && <MapLegend legend={shown.legend} />}
      </div>
    </div>
  );
}
