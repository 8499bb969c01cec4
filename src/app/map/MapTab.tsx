import { useMemo, useState } from 'react';
import type { Dataset, DatasetField } from '../../api';
import { FilterChips } from '../components/FilterChips';
import { RangePanel } from '../components/RangePanel';
import { RecordsLayout } from '../components/RecordsLayout';
import { ErrorPanel } from '../components/StatusMessages';
import type { CellFormat } from '../format/cells';
import { t } from '../i18n/setup';
import { datasetFilters } from '../queries/request-params';
import { datasetTimeZone } from '../table/queries';
import { MapCanvas } from './MapCanvas';
import { MapDisplayTools } from './MapDisplayTools';
import { MapDataBehind, MapLegend } from './MapLegend';
import { MapRecordsList } from './MapRecordsList';
import { MapTools } from './MapTools';
import { FEATURE_THRESHOLD } from './map-data';
import { RecordPanel } from './RecordPanel';
import { useAreaDrawing } from './useAreaDrawing';
import { useDatasetMap } from './useDatasetMap';
import { useDeferredRanges } from './useDeferredRanges';
import { useMapDisplay } from './useMapDisplay';
import { useMapFilters } from './useMapFilters';
import './map.css';
import './map-display.css';

const NO_FIELDS: readonly DatasetField[] = [];

/*
 * The Map tab's view. Its data comes from its hooks: the selection and facets (useMapFilters), the
 * records or clusters on the map (useDatasetMap), the display mode's colours and legend (useMapDisplay),
 * the area being drawn (useAreaDrawing).
 */

/** The records of the dataset on a map, following every active filter. Loaded only on this tab. */
export default function MapTab({ dataset }: { readonly dataset: Dataset }) {
  const datasetId = dataset.dataset_id;
  const fields = dataset.fields ?? NO_FIELDS;
  const filtering = useMapFilters(dataset);
  const { state, setFilters, labels } = filtering;
  const timeZone = datasetTimeZone(dataset);
  const cellFormat = useMemo<CellFormat>(() => ({ timeZone }), [timeZone]);
  const map = useDatasetMap(dataset, state);
  const { geometry, total, countFailed, mode, features, error, setMapView } = map;
  const { selection, setSelection, chosen, setChosen, page, setPage } = map;
  const shown = useMapDisplay(dataset, map);
  const drawing = useAreaDrawing(state, setFilters, geometry, () => setSelection(undefined));
  // The row of the list under the map hovered: its record ringed on the map.
  const [hovered, setHovered] = useState<number>();
  const rangesActive = useDeferredRanges(map.busy, error);

  if (!geometry) {
    return (
      <main className="content" id="main">
        <p>{t('dataset.noMap')}</p>
      </main>
    );
  }

  return (
    <RecordsLayout
      facets={filtering.facets}
      viewError={error}
      source={filtering.facetSource}
      extra={
        <RangePanel
          datasetId={datasetId}
          fields={fields}
          labels={labels}
          filters={datasetFilters(state)}
          onFilters={setFilters}
          active={rangesActive}
        />
      }
      labels={labels}
      filters={state}
      onFilters={setFilters}
      className="map-content"
    >
      <FilterChips
        chips={filtering.chips}
        onRemove={filtering.removeChip}
        onClearAll={filtering.clearAll}
        removals={filtering.removals}
      />
      <div className="map-toolbar">
        <p className="result-count" aria-live="polite">
          {total !== undefined
            ? t('count.records', { count: total })
            : // A failed count is told once, by the error below (until it is asked again).
              !countFailed && t('count.counting')}
          {mode === 'clusters' && map.display.mode === 'clusters' && (
            <span className="muted">{t('map.grouped')}</span>
          )}
          {mode === 'features' && total !== undefined && total > FEATURE_THRESHOLD && (
            <span className="muted">{t('map.firstDrawn', { count: FEATURE_THRESHOLD })}</span>
          )}
        </p>
        <MapTools
          drawMode={drawing.drawMode}
          onDrawMode={drawing.setDrawMode}
          basemap={state.map.basemap}
          onBasemap={(basemap) => setMapView(state.map.location, basemap)}
        />
      </div>
      <MapDisplayTools dataset={dataset} display={map.display} onDisplay={map.setDisplay} />
      {shown.note && <p className="map-hint">{shown.note}</p>}
      {drawing.drawMode && (
        <p className="map-hint" role="status">
          {drawing.drawMode === 'rectangle' ? t('map.rectangleHint') : t('map.polygonHint')}
        </p>
      )}
      {error && <ErrorPanel compact title={t('map.failed')} error={error} onRetry={map.retry} />}
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
          filterOutline={drawing.outline}
          drawMode={drawing.drawMode}
          highlight={hovered}
          selected={chosen}
          onLocation={(location) => setMapView(location, state.map.basemap)}
          onDrawn={drawing.onDrawn}
          onDrawCancel={drawing.cancel}
        />
        {selection && (
          <RecordPanel
            datasetId={datasetId}
            fields={fields}
            selection={selection}
            page={page}
            onPage={setPage}
            onClose={() => {
              setSelection(undefined);
              setChosen(undefined);
            }}
            format={cellFormat}
          />
        )}
        {shown.legend && (
          <MapLegend
            legend={shown.legend}
            onRefine={
              map.display.mode === 'categories' && map.display.field
                ? filtering.refineOn(map.display.field)
                : undefined
            }
          />
        )}
      </div>
      {shown.data && <MapDataBehind data={shown.data} />}
      {/* The list's rows (thousands of records) rendered with the map's data took as long as its first
          picture: the list waits for it, as the range histograms do. */}
      {mode === 'features' && rangesActive && (
        <MapRecordsList
          dataset={dataset}
          features={features.data}
          geometry={geometry}
          chosenColumns={state.columns}
          format={cellFormat}
          busy={features.isPlaceholderData}
          selected={chosen}
          resetKey={JSON.stringify(map.filters)}
          onOpen={(index, record) => {
            setChosen(index);
            setPage(0);
            setSelection({ kind: 'local', records: [record] });
          }}
          onHover={setHovered}
        />
      )}
    </RecordsLayout>
  );
}
