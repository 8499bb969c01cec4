import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  type Dataset,
  type DatasetField,
  type DatasetRecord,
  quoteField,
  type RecordsResponse,
} from '../../api';
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
import { formatCompactCount } from '../format/numbers';
import { usePageDrawing } from '../hooks/page-drawing';
import { useDatasetSearch } from '../hooks/useDatasetSearch';
import { useNavigate } from '../hooks/useNavigate';
import { t } from '../i18n/setup';
import { useExploreClient } from '../queries/client-context';
import { datasetFacetsQuery, recordsQuery } from '../queries/options';
import { datasetFacetsParams, datasetFilterParams, datasetFilters } from '../queries/request-params';
import { currentHref } from '../router/history';
import { datasetSearchParams } from '../routes/dataset-search';
import { datasetPath } from '../routes/paths';
import { NO_FILTERS } from '../routes/search-params';
import { visibleColumns } from '../table/columns';
import { datasetTimeZone } from '../table/queries';
import { type DrawMode, geoFilterOutline } from './draw';
import { geojsonExportUrl } from './features';
import { bulkBounds, featureFit, withMinimumSize } from './fit';
import { clusterFeatures } from './layers';
import { MapCanvas, type Viewport } from './MapCanvas';
import {
  areaClause,
  type Bounds,
  type Cluster,
  clusterArea,
  clusterCell,
  clusterField,
  clusterParams,
  clusterZoom,
  coarserClusterAnswer,
  FEATURE_THRESHOLD,
  featureSelect,
  geometryField,
  mapMode,
  readClusters,
  withWhere,
} from './map-data';
import { mapClustersQuery, mapExtentQuery, mapFeaturesQuery } from './map-queries';
import { BASEMAPS, type Basemap, type MapLocation } from './map-view';
import type { Pick } from './pick';
import { type PanelRecords, RecordPanel } from './RecordPanel';
import './map.css';

const NO_FIELDS: readonly DatasetField[] = [];
const NO_CLUSTERS: readonly Cluster[] = [];

/** A cluster this small, or seen this close, lists its records on click instead of zooming in. */
const LIST_CLUSTER_AT = 50;
const LIST_CLUSTER_ZOOM = 12;

/** The records of the dataset on a map, following every active filter. Loaded only on this tab. */
export default function MapTab({ dataset }: { readonly dataset: Dataset }) {
  const client = useExploreClient();
  const queryClient = useQueryClient();
  const datasetId = dataset.dataset_id;
  const fields = dataset.fields ?? NO_FIELDS;
  const fieldNames = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  const { state, setFilters } = useDatasetSearch(datasetId, 'map', fieldNames);
  const { navigate } = useNavigate();
  const labels = useMemo(() => datasetFacetLabeler(fields), [fields]);
  const chips = useMemo(() => filterChips(state, labels), [state, labels]);
  const timeZone = datasetTimeZone(dataset);
  const cellFormat = useMemo<CellFormat>(() => ({ timeZone }), [timeZone]);
  const filters = useMemo(() => datasetFilterParams(state), [state]);
  const geometry = useMemo(() => geometryField(fields), [fields]);
  const pointField = useMemo(() => clusterField(fields), [fields]);
  const basemapId = useId();

  const facetSource = useMemo(
    () => datasetFacetSource(client, datasetId, datasetFilters(state)),
    [client, datasetId, state],
  );
  const facets = useQuery(datasetFacetsQuery(client, datasetId, datasetFacetsParams(state)));
  const count = useQuery(recordsQuery(client, datasetId, { ...filters, limit: 0 }));
  const total = count.data?.total_count;
  const countFailed = count.isError && !count.isFetching;
  const removals = useDatasetChipRemovals(client, datasetId, state, chips);
  const mode = total === undefined ? undefined : mapMode(total, pointField !== undefined);

  const featuresUrl = geometry
    ? geojsonExportUrl(client, datasetId, filters, featureSelect(fields, geometry))
    : '';
  const features = useQuery({
    ...mapFeaturesQuery(client, datasetId, featuresUrl),
    enabled: mode === 'features' && geometry !== undefined,
    placeholderData: keepPreviousData,
  });

  const [viewport, setViewport] = useState<Viewport>();
  // Without a location in the address the map first fits the data: clusters of the world view it starts
  // from would be thrown away, so they are asked for once the map has moved (`location` is then set).
  const placed = state.map.location !== undefined;
  const zoom = viewport ? clusterZoom(viewport.zoom) : 0;
  const area = viewport ? clusterArea(viewport.bounds, zoom) : undefined;
  const quotedPoint = pointField ? quoteField(pointField) : '';
  // Where the records are, in cells under a degree, to fit the map on load when they come as clusters.
  const extent = useQuery({
    ...mapExtentQuery(client, datasetId, filters, pointField),
    enabled: mode === 'clusters' && !state.map.location,
  });
  // The clusters of a view; those of the fitted first view, and of any view zoomed out from it, are
  // counted from the extent's finer cells, without asking.
  const clustersQueryAt = (atZoom: number, atArea: Bounds | undefined) => ({
    ...mapClustersQuery(client, datasetId, clusterParams(filters, quotedPoint, atZoom, atArea)),
    initialData: () => coarserClusterAnswer(extent.data, atZoom, atArea),
    initialDataUpdatedAt: () => extent.dataUpdatedAt,
  });
  const clusters = useQuery({
    ...clustersQueryAt(zoom, area),
    enabled: mode === 'clusters' && viewport !== undefined && placed,
    placeholderData: keepPreviousData,
  });
  // One reading and one drawing per answer: the map, given the same object again, does not cut it into
  // tiles again.
  const drawnClusters = useMemo(() => {
    const drawn = new WeakMap<RecordsResponse, { list: Cluster[]; features: FeatureCollection }>();
    return (answer: RecordsResponse) => {
      const known = drawn.get(answer);
      if (known) return known;
      const list = readClusters(answer.results);
      const made = { list, features: clusterFeatures(list, formatCompactCount) };
      drawn.set(answer, made);
      return made;
    };
  }, []);
  const shownClusters = mode === 'clusters' && clusters.data ? drawnClusters(clusters.data) : undefined;
  const clusterList = shownClusters?.list ?? NO_CLUSTERS;
  const clusterData = shownClusters?.features;
  // The fitted first view's clusters, kept as that view's answer, for the map to hold in its first style.
  const clustersAt = (view: Viewport): FeatureCollection | undefined => {
    if (mode !== 'clusters') return undefined;
    const viewZoom = clusterZoom(view.zoom);
    const query = clustersQueryAt(viewZoom, clusterArea(view.bounds, viewZoom));
    const known = queryClient.getQueryData(query.queryKey);
    const answer = known ?? query.initialData();
    if (!answer) return undefined;
    if (!known) queryClient.setQueryData(query.queryKey, answer, { updatedAt: query.initialDataUpdatedAt() });
    return drawnClusters(answer).features;
  };

  const fit = useMemo(() => {
    const bounds =
      mode === 'features'
        ? features.data && featureFit(features.data)
        : extent.data &&
          bulkBounds(readClusters(extent.data.results).map((c) => ({ ...c, weight: c.count })));
    return bounds ? withMinimumSize(bounds) : undefined;
  }, [mode, features.data, extent.data]);

  const [selection, setSelection] = useState<PanelRecords>();
  // The list under the map: the row hovered rings its record on the map; a point clicked brings its row.
  const [hovered, setHovered] = useState<number>();
  const [chosen, setChosen] = useState<number>();
  const listScroll = useRef<HTMLElement>(null);
  const listed = useMemo(
    () => (features.data?.features ?? []).map((f) => (f.properties ?? {}) as DatasetRecord),
    [features.data],
  );
  const columns = useMemo(() => visibleColumns(fields, state.columns), [fields, state.columns]);
  const [page, setPage] = useState(0);
  const [drawMode, setDrawMode] = useState<DrawMode>();
  const outline = useMemo(() => geoFilterOutline(state.geo), [state.geo]);

  const setMapView = useCallback(
    (location: MapLocation | undefined, basemap: Basemap) => {
      // Only while the address is still this map: a move reported as the reader leaves the tab (the
      // map shrinking as it is taken down) must not bring them back to it.
      const here = datasetPath(datasetId, 'map');
      if (new URL(currentHref(), window.location.origin).pathname !== here) return;
      navigate(datasetPath(datasetId, 'map', datasetSearchParams({ ...state, map: { location, basemap } })), {
        replace: true,
      });
    },
    [navigate, datasetId, state],
  );

  const recordsAt = (pick: Pick): PanelRecords | undefined => {
    if (pick.kind === 'records') {
      const all = features.data?.features ?? [];
      const records = pick.indexes.flatMap((i) => (all[i]?.properties ? [all[i].properties] : []));
      return records.length > 0 ? { kind: 'local', records } : undefined;
    }
    const cluster = clusterList[pick.index];
    // Clusters of the previous zoom, still shown while the new ones load, belong to other cells.
    if (!cluster || !pointField || clusters.isPlaceholderData) return undefined;
    const cell = areaClause(quotedPoint, clusterCell(cluster, zoom));
    return { kind: 'remote', params: withWhere(filters, cell), total: cluster.count };
  };

  const describe = (pick: Pick): string => {
    if (pick.kind === 'cluster') {
      const n = clusterList[pick.index]?.count ?? 0;
      const zoomsIn = n > LIST_CLUSTER_AT && (viewport?.zoom ?? 0) < LIST_CLUSTER_ZOOM;
      return t(zoomsIn ? 'map.clusterZoom' : 'map.clusterList', {
        records: t('count.records', { count: n }),
      });
    }
    // A record's name: its first text field that is not an identifier code.
    const title =
      fields.find((f) => f.type === 'text' && !f.annotations?.id) ?? fields.find((f) => f.type === 'text');
    const first = features.data?.features[pick.indexes[0] ?? -1]?.properties?.[title?.name ?? ''];
    const name = typeof first === 'string' ? first : t('count.records', { count: pick.indexes.length });
    return pick.indexes.length > 1 ? t('map.andMore', { name, count: pick.indexes.length - 1 }) : name;
  };

  const onPick = (pick: Pick): 'zoom' | undefined => {
    if (pick.kind === 'cluster') {
      const n = clusterList[pick.index]?.count ?? 0;
      if (n > LIST_CLUSTER_AT && (viewport?.zoom ?? 0) < LIST_CLUSTER_ZOOM) return 'zoom';
    }
    const records = recordsAt(pick);
    setSelection(records);
    setChosen(pick.kind === 'records' ? pick.indexes[0] : undefined);
    setPage(0);
    return undefined;
  };

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
  const busy =
    count.isFetching ||
    (mode === 'features' && features.isFetching) ||
    (mode === 'clusters' && (clusters.isFetching || viewport === undefined || !placed));
  const error = count.error ?? (mode === 'features' ? features.error : clusters.error);
  // The range histogram's queries (a scan of the whole selection) wait until the map has its data and
  // has drawn it: they would compete with it for the server, and their answers with its first picture
  // for the page. Once asked for, they follow the filters as usual.
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
          {mode === 'clusters' && <span className="muted">{t('map.grouped')}</span>}
          {mode === 'features' && total !== undefined && total > FEATURE_THRESHOLD && (
            <span className="muted">{t('map.firstDrawn', { count: FEATURE_THRESHOLD })}</span>
          )}
        </p>
        <fieldset className="map-tools" aria-label={t('map.drawArea')}>
          <button
            type="button"
            className={drawMode === 'rectangle' ? 'button is-active' : 'button'}
            aria-pressed={drawMode === 'rectangle'}
            onClick={() => setDrawMode(drawMode === 'rectangle' ? undefined : 'rectangle')}
          >
            {t('map.rectangle')}
          </button>
          <button
            type="button"
            className={drawMode === 'polygon' ? 'button is-active' : 'button'}
            aria-pressed={drawMode === 'polygon'}
            onClick={() => setDrawMode(drawMode === 'polygon' ? undefined : 'polygon')}
          >
            {t('map.polygon')}
          </button>
        </fieldset>
        <label className="map-basemap" htmlFor={basemapId}>
          {t('map.basemap')}
          <select
            id={basemapId}
            value={state.map.basemap}
            onChange={(event) =>
              setMapView(state.map.location, BASEMAPS.find((b) => b === event.target.value) ?? 'offline')
            }
          >
            {BASEMAPS.map((b) => (
              <option key={b} value={b}>
                {t(`map.basemaps.${b}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {drawMode && (
        <p className="map-hint" role="status">
          {drawMode === 'rectangle' ? t('map.rectangleHint') : t('map.polygonHint')}
        </p>
      )}
      {error && (
        <ErrorPanel
          compact
          title={t('map.failed')}
          error={error}
          onRetry={() => {
            void count.refetch();
            void (mode === 'features' ? features.refetch() : clusters.refetch());
          }}
        />
      )}
      <div className="map-stage">
        <MapCanvas
          basemap={state.map.basemap}
          location={state.map.location}
          fit={fit}
          records={mode === 'features' ? features.data : undefined}
          clusters={clusterData}
          clustersAt={clustersAt}
          filterOutline={outline}
          drawMode={drawMode}
          highlight={hovered}
          busy={busy}
          describe={describe}
          onViewport={setViewport}
          onLocation={(location) => setMapView(location, state.map.basemap)}
          onPick={onPick}
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
            onClose={() => setSelection(undefined)}
            format={cellFormat}
          />
        )}
      </div>
      {mode === 'features' && listed.length > 0 && (
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
