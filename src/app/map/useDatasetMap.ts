import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import { useCallback, useMemo, useState } from 'react';
import { type Dataset, type DatasetField, quoteField, type RecordsResponse } from '../../api';
import { formatCompactCount } from '../format/numbers';
import { useNavigate } from '../hooks/useNavigate';
import { t } from '../i18n/setup';
import { useExploreClient } from '../queries/client-context';
import { recordsQuery } from '../queries/options';
import { datasetFilterParams } from '../queries/request-params';
import { currentHref } from '../router/history';
import { type DatasetSearch, datasetSearchParams } from '../routes/dataset-search';
import { useViewPath } from '../routes/view-path';
import { clustersByCell } from './cluster-categories';
import { type DrawnCluster, drawnClusterWhere, spreadClusters, spreadZoom } from './cluster-spread';
import { drawnFeatures, geojsonExportUrl } from './features';
import { dataBounds, featureFit, withMinimumSize } from './fit';
import { clusterFeatures, countLabelWidth } from './layers';
import type { Viewport } from './MapCanvas';
import {
  type Bounds,
  clusterArea,
  clusterField,
  clusterParams,
  clusterZoom,
  coarserClusterAnswer,
  featureSelect,
  geometryField,
  mapMode,
  readClusters,
  withWhere,
} from './map-data';
import { aggregateSelect, DEFAULT_DISPLAY, type MapDisplay } from './map-display';
import { mapClustersQuery, mapExtentQuery, mapFeaturesQuery } from './map-queries';
import type { Basemap, MapLocation } from './map-view';
import type { Pick } from './pick';
import type { PanelRecords } from './RecordPanel';
import { featureRecord } from './record-features';

/*
 * A dataset's records on a map, for the Map tab and for an embedded map alike: the count that chooses
 * between records and clusters, their requests, the view to fit, what a pointer names and picks, the
 * records panel's selection, and the map's place written in the address.
 */

const NO_FIELDS: readonly DatasetField[] = [];
const NO_CLUSTERS: readonly DrawnCluster[] = [];

/** A cluster this small, or seen this close, lists its records on click instead of zooming in. */
const LIST_CLUSTER_AT = 50;
const LIST_CLUSTER_ZOOM = 12;

interface DatasetMapOptions {
  /** The map cannot move: a click on a cluster lists its records instead of zooming in. */
  readonly locked?: boolean;
}

export function useDatasetMap(
  dataset: Dataset,
  state: DatasetSearch,
  { locked = false }: DatasetMapOptions = {},
) {
  const client = useExploreClient();
  const queryClient = useQueryClient();
  const { navigate } = useNavigate();
  const viewPath = useViewPath();
  const datasetId = dataset.dataset_id;
  const fields = dataset.fields ?? NO_FIELDS;
  const filters = useMemo(() => datasetFilterParams(state), [state]);
  const geometry = useMemo(() => geometryField(fields), [fields]);
  const pointField = useMemo(() => clusterField(fields), [fields]);

  const count = useQuery(recordsQuery(client, datasetId, { ...filters, limit: 0 }));
  const total = count.data?.total_count;
  const countFailed = count.isError && !count.isFetching;
  const display = state.map.display ?? DEFAULT_DISPLAY;
  // A heat map is drawn from the clusters' counts, whatever their number; areas of another dataset
  // draw none of this dataset's records (their aggregate comes from the server: useMapDisplay).
  const mode =
    total === undefined || display.mode === 'areas'
      ? undefined
      : display.mode === 'heatmap' && pointField !== undefined
        ? 'clusters'
        : mapMode(total, pointField !== undefined);
  const valueField = dataset.fields?.find((f) => f.name === display.field);
  // A categories map of many records: each cluster split by the field's values, drawn in its most
  // frequent one's colour.
  const clusterCategory =
    display.mode === 'categories' && valueField?.type === 'text' ? quoteField(valueField.name) : undefined;
  const clusterValue =
    display.mode === 'clusters' && display.aggregate !== 'count' && valueField
      ? aggregateSelect(display.aggregate, quoteField(valueField.name))
      : undefined;

  const featuresUrl = geometry
    ? geojsonExportUrl(client, datasetId, filters, featureSelect(fields, geometry))
    : '';
  const features = useQuery({
    ...mapFeaturesQuery(client, datasetId, featuresUrl),
    enabled: mode === 'features' && geometry !== undefined,
    placeholderData: keepPreviousData,
  });

  const drawnRecords = useMemo(
    () => (features.data ? drawnFeatures(features.data, display.field) : undefined),
    [features.data, display.field],
  );

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
    enabled: (mode === 'clusters' || display.mode === 'areas') && !state.map.location,
  });
  // The clusters of a view; those of the fitted first view, and of any view zoomed out from it, are
  // counted from the extent's finer cells, without asking.
  const clustersQueryAt = (atZoom: number, atArea: Bounds | undefined) => ({
    ...mapClustersQuery(
      client,
      datasetId,
      clusterParams(filters, quotedPoint, atZoom, atArea, clusterValue, clusterCategory),
    ),
    ...(clusterCategory ? { select: (answer: RecordsResponse) => clustersByCell(answer, atZoom) } : {}),
    // The extent's finer cells hold counts only: an aggregate or categories are always asked for.
    initialData: () =>
      clusterValue || clusterCategory ? undefined : coarserClusterAnswer(extent.data, atZoom, atArea),
    initialDataUpdatedAt: () => extent.dataUpdatedAt,
  });
  const clusters = useQuery({
    ...clustersQueryAt(zoom, area),
    enabled: mode === 'clusters' && viewport !== undefined && placed,
    placeholderData: keepPreviousData,
  });
  // One reading and one drawing per answer and zoom step: the map, given the same object again, does not
  // cut it into tiles again. Clusters are spread apart at the map's zoom rounded down to a quarter
  // (cluster-spread.ts): apart there, they stay apart until the map zooms out past it.
  const drawnClusters = useMemo(() => {
    type Drawn = { list: DrawnCluster[]; features: FeatureCollection };
    const drawn = new WeakMap<RecordsResponse, Map<number, Drawn>>();
    return (answer: RecordsResponse, mapZoom: number) => {
      const step = spreadZoom(mapZoom);
      const byZoom = drawn.get(answer) ?? new Map<number, Drawn>();
      drawn.set(answer, byZoom);
      const known = byZoom.get(step);
      if (known) return known;
      const read = readClusters(answer.results);
      // Clusters carrying an aggregate or a category are drawn as the server counted them: merging them
      // would need each aggregate's own rule, and their colour, not a count, is what they show.
      const plain = read.every((c) => c.value === undefined && c.category === undefined);
      const list = plain
        ? spreadClusters(read, step, formatCompactCount, countLabelWidth)
        : read.map((c) => ({ ...c, members: [c] }));
      const made = { list, features: clusterFeatures(list, formatCompactCount) };
      byZoom.set(step, made);
      return made;
    };
  }, []);
  const shownClusters =
    mode === 'clusters' && clusters.data ? drawnClusters(clusters.data, viewport?.zoom ?? 0) : undefined;
  const clusterList = shownClusters?.list ?? NO_CLUSTERS;
  // The fitted first view's clusters, kept as that view's answer, for the map to hold in its first style.
  const clustersAt = (view: Viewport): FeatureCollection | undefined => {
    // Categories' answers are merged by cell as they are read (`select`): asked for as usual.
    if (mode !== 'clusters' || clusterCategory) return undefined;
    const viewZoom = clusterZoom(view.zoom);
    const query = clustersQueryAt(viewZoom, clusterArea(view.bounds, viewZoom));
    const known = queryClient.getQueryData(query.queryKey);
    const answer = known ?? query.initialData();
    if (!answer) return undefined;
    if (!known) queryClient.setQueryData(query.queryKey, answer, { updatedAt: query.initialDataUpdatedAt() });
    return drawnClusters(answer, view.zoom).features;
  };

  const fit = useMemo(() => {
    const bounds =
      mode === 'features'
        ? features.data && featureFit(features.data)
        : extent.data && dataBounds(readClusters(extent.data.results));
    return bounds ? withMinimumSize(bounds) : undefined;
  }, [mode, features.data, extent.data]);

  // The records of the place clicked, and the one among them chosen (its row in a list).
  const [selection, setSelection] = useState<PanelRecords>();
  const [chosen, setChosen] = useState<number>();
  const [page, setPage] = useState(0);

  const setMapView = useCallback(
    (location: MapLocation | undefined, basemap: Basemap) => {
      // Only while the address is still this map: a move reported as the reader leaves the tab (the
      // map shrinking as it is taken down) must not bring them back to it.
      const here = new URL(viewPath(datasetId, 'map', new URLSearchParams()), window.location.origin)
        .pathname;
      if (new URL(currentHref(), window.location.origin).pathname !== here) return;
      const search = datasetSearchParams({ ...state, map: { ...state.map, location, basemap } });
      navigate(viewPath(datasetId, 'map', search), { replace: true });
    },
    [navigate, viewPath, datasetId, state],
  );

  // Another display mode is a step of its own in the history: Back returns to the previous one.
  const setDisplay = useCallback(
    (display: MapDisplay) => {
      const search = datasetSearchParams({ ...state, map: { ...state.map, display } });
      navigate(viewPath(datasetId, 'map', search));
    },
    [navigate, viewPath, datasetId, state],
  );

  // A big cluster far out zooms in on click; a locked map cannot, and lists its records instead.
  const zoomsIn = (n: number) => !locked && n > LIST_CLUSTER_AT && (viewport?.zoom ?? 0) < LIST_CLUSTER_ZOOM;

  const recordsAt = (pick: Pick): PanelRecords | undefined => {
    // Another dataset's area holds none of these records.
    if (pick.kind === 'area') return undefined;
    if (pick.kind === 'records') {
      const all = features.data?.features ?? [];
      // With their geo fields, as the list under the map shows them.
      const records = pick.indexes.flatMap((i) => {
        const feature = all[i];
        return feature && geometry ? [featureRecord(feature, geometry)] : [];
      });
      return records.length > 0 ? { kind: 'local', records } : undefined;
    }
    const cluster = clusterList[pick.index];
    // Clusters of the previous zoom, still shown while the new ones load, belong to other cells.
    if (!cluster || !pointField || clusters.isPlaceholderData) return undefined;
    const cell = drawnClusterWhere(quotedPoint, cluster, zoom);
    return { kind: 'remote', params: withWhere(filters, cell), total: cluster.count };
  };

  const describe = (pick: Pick): string => {
    // Named with its aggregate by the display mode that draws it (useMapDisplay).
    if (pick.kind === 'area') return pick.name ?? pick.key;
    if (pick.kind === 'cluster') {
      const n = clusterList[pick.index]?.count ?? 0;
      return t(zoomsIn(n) ? 'map.clusterZoom' : 'map.clusterList', {
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
    if (pick.kind === 'area') return undefined;
    if (pick.kind === 'cluster' && zoomsIn(clusterList[pick.index]?.count ?? 0)) return 'zoom';
    setSelection(recordsAt(pick));
    setChosen(pick.kind === 'records' ? pick.indexes[0] : undefined);
    setPage(0);
    return undefined;
  };

  const busy =
    count.isFetching ||
    (mode === 'features' && features.isFetching) ||
    (mode === 'clusters' && (clusters.isFetching || viewport === undefined || !placed));
  const error = count.error ?? (mode === 'features' ? features.error : clusters.error);
  const retry = () => {
    void count.refetch();
    void (mode === 'features' ? features.refetch() : clusters.refetch());
  };

  return {
    filters,
    geometry,
    pointField,
    display,
    /** The clusters drawn (with their aggregate when one is asked for). */
    clusterList,
    total,
    countFailed,
    mode,
    features,
    busy,
    error,
    retry,
    setMapView,
    setDisplay,
    selection,
    setSelection,
    chosen,
    setChosen,
    page,
    setPage,
    /** What MapCanvas draws and how it answers the pointer. */
    canvas: {
      fit,
      records: mode === 'features' ? drawnRecords : undefined,
      clusters: shownClusters?.features,
      clustersAt,
      busy,
      describe,
      onViewport: setViewport,
      onPick,
    },
  };
}
