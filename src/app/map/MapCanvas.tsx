import type { FeatureCollection } from 'geojson';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { startDrawing } from '../hooks/page-drawing';
import { t } from '../i18n/setup';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LonLat } from '../filters/geo-filter';
import { BASEMAP_SOURCE, basemapStyle } from './basemap';
import { applyDisplay, type DisplayStyle } from './display-layers';
import { AreaDrawer, DRAW_SOURCE, type DrawMode } from './draw';
import {
  CLUSTERS_SOURCE,
  DATA_LAYERS,
  DATA_SOURCES,
  FILTER_SOURCE,
  RECORDS_SOURCE,
  type SourceData,
  setSourceData,
  withDataLayers,
} from './layers';
import {
  addCountIcon,
  addCountIcons,
  fitTo,
  locationOf,
  markDrawn,
  showClusters,
  showData,
  type Viewport,
  viewportOf,
} from './map-canvas-parts';
import type { Bounds } from './map-data';
import { type Basemap, MAX_ZOOM, type MapLocation, sameLocation } from './map-view';
import { hoverLeft, type Pick, pickAt } from './pick';
import { useRecordMarks } from './record-marks';
import { STREET_SOURCE } from './street-basemap';

maplibregl.setWorkerUrl(workerUrl);
// The worker starts (and fetches its script) as soon as this code is here, while the map's data and
// the view that creates the map are still on their way, instead of when the first map is created.
maplibregl.prewarm();

export type { Viewport } from './map-canvas-parts';

interface MapCanvasProps {
  readonly basemap: Basemap;
  readonly location: MapLocation | undefined;
  /** Bounds to fit once, when the address gives no location. */
  readonly fit: Bounds | undefined;
  /** Fits `fit` again each time it changes (the table's rows of another query); once without it. */
  readonly fitKey?: string | undefined;
  readonly records: FeatureCollection | undefined;
  readonly clusters: FeatureCollection | undefined;
  /** The clusters of a view when they are known without asking (the fitted first view's). */
  readonly clustersAt?: (viewport: Viewport) => FeatureCollection | undefined;
  readonly filterOutline: FeatureCollection;
  readonly drawMode: DrawMode | undefined;
  /** The record (feature index) to ring: its row is hovered in the list under the map. */
  readonly highlight?: number | undefined;
  /** The record (feature index) chosen: its row or its shape clicked. */
  readonly selected?: number | undefined;
  /** Data still on its way: the map is not "ready" until it has drawn it. */
  readonly busy: boolean;
  readonly describe: (pick: Pick) => string;
  readonly onViewport: (viewport: Viewport) => void;
  readonly onLocation: (location: MapLocation) => void;
  /** `zoom` asks the map to zoom in on a cluster instead. */
  readonly onPick: (pick: Pick) => 'zoom' | undefined;
  readonly onDrawn: (mode: DrawMode, corners: readonly LonLat[]) => void;
  readonly onDrawCancel: () => void;
  /** The map stays where it is: no dragging, zooming or zoom buttons (an embedded map's `lock`). */
  readonly locked?: boolean;
  /** Whether the scroll wheel zooms (on by default; an embedded map leaves the page's scrolling alone). */
  readonly scrollZoom?: boolean;
  /** The display mode's colours and layers (display-layers.ts); the records' own look when absent. */
  readonly display?: DisplayStyle | undefined;
}

/** The MapLibre map: basemap, the dataset's layers, pointer picking, drawing and the view in the address. */
export function MapCanvas(props: MapCanvasProps) {
  const container = useRef<HTMLElement>(null);
  const hoverTip = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | undefined>(undefined);
  const drawerRef = useRef<AreaDrawer | undefined>(undefined);
  const latest = useRef(props);
  latest.current = props;
  const [atlasError, setAtlasError] = useState(false);
  // The style is there: its sources take new data. `loaded`: the first full picture is drawn.
  const [styled, setStyled] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // What each of the dataset's sources was last given: the same data is not cut into tiles again.
  const sent = useRef(new Map<string, FeatureCollection>());
  const [hover, setHover] = useState<{ x: number; y: number; text: string } | undefined>();
  // The tooltip moved to where it fits once its width is known, before it is painted.
  useLayoutEffect(() => {
    const tip = hoverTip.current;
    const wrap = tip?.parentElement;
    if (hover && tip && wrap) tip.style.left = `${hoverLeft(hover.x, tip.offsetWidth, wrap.clientWidth)}px`;
  }, [hover]);
  // The fitKey last fitted; null before the first fit.
  const fitted = useRef<string | null>(null);
  // Until its first full picture, the map holds the page's speculative work back (hooks/page-drawing).
  const endDrawing = useRef<() => void>(() => undefined);
  // The display style last applied, undone before the next one.
  const displayed = useRef<DisplayStyle | undefined>(undefined);
  // Sets the map's first style, until it is set (it may wait for data on its way: below).
  const firstStyle = useRef<(() => void) | undefined>(undefined);

  // The map is created once; later props reach it through the effects below.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const initial = latest.current;
    endDrawing.current = startDrawing();
    const moves = !initial.locked;
    // The style comes once the map is fitted (below), with the data of the fitted view.
    const map = new maplibregl.Map({
      container: element,
      center: initial.location ? [initial.location.lon, initial.location.lat] : [0, 20],
      zoom: initial.location?.zoom ?? 1,
      maxZoom: MAX_ZOOM,
      attributionControl: { compact: true },
      dragRotate: false,
      pitchWithRotate: false,
      // A locked map keeps its pointer events (hover, click), only its camera is fixed.
      dragPan: moves,
      scrollZoom: moves && initial.scrollZoom !== false,
      boxZoom: moves,
      doubleClickZoom: moves,
      touchZoomRotate: moves,
      keyboard: moves,
      // Cluster counts appear at once rather than fading in: no 300 ms of redrawn frames (drawn in
      // software where there is no GPU) before the map is idle.
      fadeDuration: 0,
      // The map follows its container's size itself (below), so that it stops when unmounted.
      trackResize: false,
    });
    // MapLibre's own size tracking redrew a map whose container had just left the page (its removal
    // waits, below): a synchronous frame and its idle event, in the next view's first frames (the
    // Analyze chart's, issue 18). A container without a size (hidden, or gone) is not drawn.
    let size = `${element.clientWidth}x${element.clientHeight}`;
    const resizes = new ResizeObserver(() => {
      const next = `${element.clientWidth}x${element.clientHeight}`;
      if (next === size || element.clientWidth === 0 || element.clientHeight === 0) return;
      size = next;
      map.resize();
      // At once, as MapLibre's tracking does: a resized canvas is blank until it is drawn again.
      map.redraw();
    });
    resizes.observe(element);
    map.touchZoomRotate.disableRotation();
    if (moves) map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.addControl(new maplibregl.ScaleControl({}), 'bottom-left');
    mapRef.current = map;
    element.dataset.ready = 'false';
    element.dataset.locked = String(!moves);
    drawerRef.current = new AreaDrawer(map, {
      onShape: (shape) => setSourceData(map, DRAW_SOURCE, shape),
      onFinish: (mode, corners) => {
        setSourceData(map, DRAW_SOURCE, EMPTY);
        latest.current.onDrawn(mode, corners);
      },
      onCancel: () => latest.current.onDrawCancel(),
    });
    // Cluster counts are icons made on demand, the first time a count is to be drawn.
    map.on('styleimagemissing', (event: { id: string }) => addCountIcon(map, event.id));
    map.on('style.load', () => {
      // Data that came while the style was loading (the first view's clusters, known once the map is
      // fitted) goes in now, before the first tiles are cut, rather than after React's next render.
      const latestProps = latest.current;
      showData(map, sent.current, RECORDS_SOURCE, latestProps.records ?? EMPTY);
      showClusters(map, sent.current, latestProps.clusters ?? EMPTY);
      showData(map, sent.current, FILTER_SOURCE, latestProps.filterOutline);
      // A new style (another basemap) has none of the mode's own layers: applied anew.
      applyDisplay(map, latestProps.display, undefined);
      displayed.current = latestProps.display;
      setStyled(true);
    });
    map.on('error', (event: maplibregl.ErrorEvent & { sourceId?: string }) => {
      if (event.sourceId === BASEMAP_SOURCE || event.sourceId === STREET_SOURCE) setAtlasError(true);
    });
    // Whether the map has drawn every answer it waited for, told after a complete frame.
    const drawn = () => {
      markDrawn(map, element, !latest.current.busy);
      if (!latest.current.busy) endDrawing.current();
    };
    map.on('load', () => {
      setLoaded(true);
      // MapLibre's first visually complete frame: every tile loaded and drawn, the counts placed. Its
      // placement, given new symbols in that frame, is redone in one more frame (the same picture)
      // before `idle`: the picture is complete now.
      drawn();
      latest.current.onViewport(viewportOf(map));
    });
    map.on('moveend', () => {
      // A map with no size (hidden, or being taken down) has no view worth keeping.
      if (element.clientWidth === 0 || element.clientHeight === 0) return;
      latest.current.onViewport(viewportOf(map));
      latest.current.onLocation(locationOf(map));
    });
    map.on('idle', drawn);
    map.on('mousemove', (event) => {
      if (drawerRef.current?.active) return setHover(undefined);
      const pick = pickAt(map, event.point);
      map.getCanvas().style.cursor = pick ? 'pointer' : '';
      setHover(
        pick ? { x: event.point.x, y: event.point.y, text: latest.current.describe(pick) } : undefined,
      );
    });
    map.on('mouseout', () => setHover(undefined));
    map.on('movestart', () => setHover(undefined));
    map.on('click', (event) => {
      if (drawerRef.current?.active) return;
      const pick = pickAt(map, event.point);
      if (!pick) return;
      // An area opens nothing: a click (a tap, on a phone with no hover) names it with its value.
      if (pick.kind === 'area') {
        setHover({ x: event.point.x, y: event.point.y, text: latest.current.describe(pick) });
        return;
      }
      if (latest.current.onPick(pick) === 'zoom' && pick.kind === 'cluster') {
        map.easeTo({ center: [pick.lon, pick.lat], zoom: Math.min(MAX_ZOOM, map.getZoom() + 2) });
      }
    });
    // The first fit, before the style: the fitted view's data is then in the map's first style, and the
    // map cuts and draws it with the basemap (moving the camera reports the view, above).
    if (!initial.location && initial.fit) {
      fitted.current = initial.fitKey ?? '';
      fitTo(map, initial.fit);
    } else if (initial.location && element.clientWidth > 0) {
      // A map placed by the address has its view now: its clusters are asked for while the style, the
      // basemap's tiles and the first frame load, not after that first frame (the map's `load`).
      latest.current.onViewport(viewportOf(map));
    }
    const setFirstStyle = () => {
      if (firstStyle.current === undefined) return;
      firstStyle.current = undefined;
      clearTimeout(styleTimer);
      const now = latest.current;
      const data: SourceData = {
        [RECORDS_SOURCE]: now.records ?? EMPTY,
        [CLUSTERS_SOURCE]: now.clustersAt?.(viewportOf(map)) ?? now.clusters ?? EMPTY,
        [FILTER_SOURCE]: now.filterOutline,
      };
      for (const [id, collection] of Object.entries(data)) if (collection) sent.current.set(id, collection);
      map.setStyle(withDataLayers(basemapStyle(now.basemap), data));
      addCountIcons(map, data[CLUSTERS_SOURCE] ?? EMPTY);
    };
    firstStyle.current = setFirstStyle;
    // Data on its way (a placed map's clusters, asked for just above; records still downloading) goes in
    // the first style if it comes soon: MapLibre then cuts and draws it with the basemap in one round of
    // tiles and frames, where data given once the first style had loaded cost a second round. The wait
    // is short, as the basemap's tiles are asked for only once the style is set.
    const waits = initial.busy && !initial.clustersAt?.(viewportOf(map));
    const styleTimer = waits ? setTimeout(setFirstStyle, FIRST_STYLE_WAIT_MS) : undefined;
    if (!waits) setFirstStyle();
    return () => {
      clearTimeout(styleTimer);
      firstStyle.current = undefined;
      endDrawing.current();
      resizes.disconnect();
      drawerRef.current?.stop();
      mapRef.current = undefined;
      // Taking a WebGL map down costs a few frames' worth of work: a second later, once the next view
      // has been drawn (its container has left the page already, so nothing shows meanwhile; an idle
      // callback would run between the click and the next view's data, in its way).
      setTimeout(() => map.remove(), 1000);
    };
  }, []);

  const shownBasemap = useRef(props.basemap);

  // Another basemap: swapped under the dataset's layers, which are carried over.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || shownBasemap.current === props.basemap) return;
    shownBasemap.current = props.basemap;
    map.setStyle(basemapStyle(props.basemap), {
      transformStyle: (previous, next) => {
        if (!previous) return next;
        const sources = { ...next.sources };
        for (const id of Object.keys(DATA_SOURCES)) {
          const source = previous.sources[id];
          if (source) sources[id] = source;
        }
        const data = previous.layers.filter((l) => DATA_LAYERS.some((d) => d.id === l.id));
        return { ...next, sources, layers: [...next.layers.filter((l) => !data.includes(l)), ...data] };
      },
    });
  }, [props.basemap]);

  useEffect(() => {
    const map = mapRef.current;
    if (map && styled) showData(map, sent.current, RECORDS_SOURCE, props.records ?? EMPTY);
  }, [props.records, styled]);

  useEffect(() => {
    const map = mapRef.current;
    if (map && styled) showClusters(map, sent.current, props.clusters ?? EMPTY);
  }, [props.clusters, styled]);

  useEffect(() => {
    const map = mapRef.current;
    if (map && styled) showData(map, sent.current, FILTER_SOURCE, props.filterOutline);
  }, [props.filterOutline, styled]);

  // The display mode, again when the records or clusters change: their layers come with their first data.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the data is a cue to apply again, not read here
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styled) return;
    applyDisplay(map, props.display, displayed.current);
    displayed.current = props.display;
  }, [props.display, props.records, props.clusters, styled]);

  useRecordMarks(mapRef, container, styled, props.records, props.highlight, props.selected);

  useEffect(() => {
    const element = container.current;
    const map = mapRef.current;
    if (!element || !map) return;
    if (!props.busy) firstStyle.current?.();
    if (props.busy) element.dataset.ready = 'false';
    // Data that ended up as already drawn (the map's first style held it) makes no new frame, so no
    // `idle` event to tell that the map is complete: told here.
    else if (map.loaded() && !map.isMoving()) {
      markDrawn(map, element, true);
      endDrawing.current();
    }
  }, [props.busy]);

  // Fit the data once (again for each fitKey), unless the address says where to look. Not waiting for
  // the map's `load` (its style and first frame, drawn in software where there is no GPU): the camera
  // moves at once, and the data of the fitted view is asked for while MapLibre finishes loading.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || fitted.current === (props.fitKey ?? '') || !props.fit) return;
    fitted.current = props.fitKey ?? '';
    if (!props.location) fitTo(map, props.fit);
  }, [props.fit, props.fitKey, props.location]);

  // Back and forward in history move the map; its own moves are already there.
  useEffect(() => {
    const map = mapRef.current;
    const location = props.location;
    if (!map || !location || sameLocation(location, locationOf(map))) return;
    map.jumpTo({ center: [location.lon, location.lat], zoom: location.zoom });
  }, [props.location]);

  useEffect(() => {
    const drawer = drawerRef.current;
    if (!drawer) return;
    if (props.drawMode && drawer.active !== props.drawMode) drawer.start(props.drawMode);
    if (!props.drawMode && drawer.active) {
      drawer.stop();
      if (mapRef.current) setSourceData(mapRef.current, DRAW_SOURCE, EMPTY);
    }
  }, [props.drawMode]);

  return (
    <div className="map-canvas-wrap">
      <section ref={container} className="map-canvas" data-testid="map" aria-label={t('map.label')} />
      {(props.busy || !loaded) && (
        <p className="map-loading">
          <span className="map-loading-dot" aria-hidden="true" />
          {t('map.loading')}
        </p>
      )}
      {hover && (
        <div
          ref={hoverTip}
          className="map-hover"
          style={{ left: hover.x + 12, top: hover.y + 12 }}
          role="tooltip"
        >
          {hover.text}
        </div>
      )}
      {atlasError && props.basemap === 'offline' && <p className="map-notice">{t('map.basemapFailed')}</p>}
    </div>
  );
}

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** How long the map's first style waits for data on its way, at most. */
const FIRST_STYLE_WAIT_MS = 250;
