import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Dataset, DatasetField, DatasetRecord } from '../../api';
import { FilterChips } from '../components/FilterChips';
import { RangePanel } from '../components/RangePanel';
import { RecordsLayout } from '../components/RecordsLayout';
import { RecordsTable } from '../components/RecordsTable';
import { ErrorPanel } from '../components/StatusMessages';
import { type FilterChip, filterChips, withoutChip } from '../filters/chips';
import { datasetFacetSource } from '../filters/facet-enumeration';
import { datasetFacetLabeler } from '../filters/facet-labels';
import { bboxFilter, type LonLat, polygonFilter } from '../filters/geo-filter';
import { useDatasetChipRemovals } from '../filters/useChipRemovals';
import type { CellFormat } from '../format/cells';
import { usePageDrawing } from '../hooks/page-drawing';
import { useDatasetSearch } from '../hooks/useDatasetSearch';
import { t } from '../i18n/setup';
import { useExploreClient } from '../queries/client-context';
import { datasetFacetsQuery } from '../queries/options';
import { datasetFacetsParams, datasetFilters } from '../queries/request-params';
import { NO_FILTERS } from '../routes/search-params';
import { visibleColumns } from '../table/columns';
import { datasetTimeZone } from '../table/queries';
import { type DrawMode, geoFilterOutline } from './draw';
import { MapCanvas } from './MapCanvas';
import { MapDisplayTools } from './MapDisplayTools';
import { MapDataBehind, MapLegend } from './MapLegend';
import { MapTools } from './MapTools';
import { FEATURE_THRESHOLD } from './map-data';
import { RecordPanel } from './RecordPanel';
import { featureRecord } from './record-features';
import { useDatasetMap } from './useDatasetMap';
import { useMapDisplay } from './useMapDisplay';
import './map.css';
import './map-display.css';

const NO_FIELDS: readonly DatasetField[] = [];

/** The records of the dataset on a map, following every active filter. Loaded only on this tab. */
export default function MapTab({ dataset }: { readonly dataset: Dataset }) {
  const client = useExploreClient();
  const datasetId = dataset.dataset_id;
  const fields = dataset.fields ?? NO_FIELDS;
  const fieldNames = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  const { state, setFilters } = useDatasetSearch(datasetId, 'map', fieldNames);
  const labels = useMemo(() => datasetFacetLabeler(fields), [fields]);
  const chips = useMemo(() => filterChips(state, labels), [state, labels]);
  const timeZone = datasetTimeZone(dataset);
  const cellFormat = useMemo<CellFormat>(() => ({ timeZone }), [timeZone]);
  const basemapId = useId();
  const map = useDatasetMap(dataset, state);
  const { filters, geometry, total, countFailed, mode, features, busy, error, setMapView } = map;
  const { selection, setSelection, chosen, setChosen, page, setPage } = map;
  const shown = useMapDisplay(dataset, map);
  const refineOn = (field: string) => (value: string) =>
    setFilters({
      ...state,
      refine: [...state.refine.filter((r) => r.facet !== field), { facet: field, value }],
    });

  const facetSource = useMemo(
    () => datasetFacetSource(client, datasetId, datasetFilters(state)),
    [client, datasetId, state],
  );
  const facets = useQuery(datasetFacetsQuery(client, datasetId, datasetFacetsParams(state)));
  const removals = useDatasetChipRemovals(client, datasetId, state, chips);

  // The list under the map: the row hovered rings its record on the map; a point clicked brings its row.
  const [hovered, setHovered] = useState<number>();
  const listScroll = useRef<HTMLElement>(null);
  const listed = useMemo(
    () =>
      (features.data?.features ?? []).map((f) =>
        geometry ? featureRecord(f, geometry) : ((f.properties ?? {}) as DatasetRecord),
      ),
    [features.data, geometry],
  );
  const columns = useMemo(() => visibleColumns(fields, state.columns), [fields, state.columns]);
  const [drawMode, setDrawMode] = useState<DrawMode>();
  const outline = useMemo(() => geoFilterOutline(state.geo), [state.geo]);

  const onDrawn = (kind: DrawMode, corners: readonly LonLat[]) => {
    setDrawMode(undefined);
    if (!geometry) return;
    const [a, b] = corners;
    const geo =
      kind === 'rectangle'
        ? a && b
          ? bboxFilter(geometry.name, a, b)
          : undefined
        : polygonFilter(geometry.name, corners);
    if (geo) {
      setSelection(undefined);
      setFilters({ ...state, geo });
    }
  };

  const removeChip = (chip: FilterChip) => setFilters(withoutChip(state, chip));
  // The range histogram's queries (a scan of the whole selection) wait until the map has its data and
  // has drawn it: they would compete with it for the server, and their answers with its first picture
  // for the page. Once asked for, they follow the filters as usual. So does the list under the map: its
  // rows (thousands of records) rendered with the map's data took as long as the map's first picture.
  const drawing = usePageDrawing();
  const [rangesActive, setRangesActive] = useState(false);
  useEffect(() => {
    if ((!busy && !drawing) || error) setRangesActive(true);
  }, [busy, drawing, error]);

  if (!geometry) {
    return (
      <main className="content" id="main">
        <p>{t('dataset.noMap')}</p>
      </main>
    );
  }

  return (
    <RecordsLayout
      facets={facets}
      viewError={error}
      source={facetSource}
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
        chips={chips}
        onRemove={removeChip}
        onClearAll={() => setFilters(NO_FILTERS)}
        removals={removals}
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
          drawMode={drawMode}
          onDrawMode={setDrawMode}
          basemap={state.map.basemap}
          onBasemap={(basemap) => setMapView(state.map.location, basemap)}
        />
      </div>
      <MapDisplayTools dataset={dataset} display={map.display} onDisplay={map.setDisplay} />
      {shown.note && <p className="map-hint">{shown.note}</p>}
      {drawMode && (
        <p className="map-hint" role="status">
          {drawMode === 'rectangle' ? t('map.rectangleHint') : t('map.polygonHint')}
        </p>
      )}
      {error && <ErrorPanel compact title={t('map.failed')} error={error} onRetry={map.retry} />}
      {shown.error && <ErrorPanel compact title={t('map.failed')} error={shown.error} />}
      <div className="map-stage">
        <MapCanvas
          {...map.canvas}
          busy={map.canvas.busy || shown.busy}
          display={shown.style}
          basemap={state.map.basemap}
          location={state.map.location}
          filterOutline={outline}
          drawMode={drawMode}
          highlight={hovered}
          selected={chosen}
          onLocation={(location) => setMapView(location, state.map.basemap)}
          onDrawn={onDrawn}
          onDrawCancel={() => setDrawMode(undefined)}
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
              map.display.mode === 'categories' && map.display.field ? refineOn(map.display.field) : undefined
            }
          />
        )}
      </div>
      {shown.data && <MapDataBehind data={shown.data} />}
      {mode === 'features' && listed.length > 0 && rangesActive && (
        <section className="map-records" aria-labelledby={`${basemapId}-list`}>
          <h2 id={`${basemapId}-list`} className="map-records-title">
            {t('map.list')}
          </h2>
          <RecordsTable
            fields={fields}
            columns={columns}
            rowCount={listed.length}
            rowAt={(index) => listed[index]}
            total={listed.length}
            sort={undefined}
            format={cellFormat}
            busy={features.isPlaceholderData}
            caption={t('map.listCaption', { title: dataset.metas?.default?.title ?? datasetId })}
            selected={chosen}
            onOpen={(index) => {
              setChosen(index);
              setPage(0);
              setSelection({ kind: 'local', records: [listed[index]!] });
            }}
            onHover={setHovered}
            resetKey={JSON.stringify(filters)}
            scrollRef={listScroll}
          />
        </section>
      )}
    </RecordsLayout>
  );
}
