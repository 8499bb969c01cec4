import type { Feature, FeatureCollection } from 'geojson';
import type { Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import type { GeoFilter, LonLat } from '../filters/geo-filter';

/*
 * Drawing an area on the map: a rectangle (press, drag, release) or a polygon (click each corner, then
 * double-click, click the first corner again or press Enter). Escape cancels. While drawing, the map does
 * not pan or zoom on those gestures.
 */

export type DrawMode = 'rectangle' | 'polygon';

export const DRAW_SOURCE = 'draw-area';

/** Pixels within which a click on the first corner closes the polygon. */
const CLOSE_DISTANCE = 10;

function lonLat(event: MapMouseEvent): LonLat {
  return [event.lngLat.lng, event.lngLat.lat];
}

function ringFeature(ring: readonly LonLat[]): Feature {
  const closed = ring.length > 0 ? [...ring, ring[0] as LonLat] : [];
  return {
    type: 'Feature',
    properties: {},
    geometry:
      ring.length >= 3
        ? { type: 'Polygon', coordinates: [closed.map((p) => [...p])] }
        : { type: 'LineString', coordinates: closed.map((p) => [...p]) },
  };
}

function rectangleRing(a: LonLat, b: LonLat): LonLat[] {
  return [a, [b[0], a[1]], b, [a[0], b[1]]];
}

/** The outline of an active geographic filter, drawn while it filters. */
export function geoFilterOutline(filter: GeoFilter | undefined): FeatureCollection {
  if (!filter) return { type: 'FeatureCollection', features: [] };
  const ring =
    filter.kind === 'bbox'
      ? rectangleRing([filter.west, filter.south], [filter.east, filter.north])
      : filter.ring;
  return { type: 'FeatureCollection', features: [ringFeature(ring)] };
}

export interface DrawCallbacks {
  /** The area as drawn so far, to show on the map's draw source. */
  onShape(shape: FeatureCollection): void;
  /** The finished area as corners (`rectangle`: two opposite corners). */
  onFinish(mode: DrawMode, corners: readonly LonLat[]): void;
  onCancel(): void;
}

export class AreaDrawer {
  private mode: DrawMode | undefined;
  private corners: LonLat[] = [];
  private cursor: LonLat | undefined;
  private dragging = false;

  constructor(
    private readonly map: MapLibreMap,
    private readonly callbacks: DrawCallbacks,
  ) {}

  get active(): DrawMode | undefined {
    return this.mode;
  }

  start(mode: DrawMode): void {
    this.stop();
    this.mode = mode;
    this.map.dragPan.disable();
    this.map.doubleClickZoom.disable();
    this.map.boxZoom.disable();
    this.map.getCanvas().style.cursor = 'crosshair';
    this.map.on('mousedown', this.onDown);
    this.map.on('mousemove', this.onMove);
    this.map.on('mouseup', this.onUp);
    this.map.on('click', this.onClick);
    this.map.on('dblclick', this.onDoubleClick);
    window.addEventListener('keydown', this.onKey);
  }

  /** Leaves drawing mode without reporting anything. */
  stop(): void {
    if (!this.mode) return;
    this.mode = undefined;
    this.corners = [];
    this.cursor = undefined;
    this.dragging = false;
    this.map.dragPan.enable();
    this.map.doubleClickZoom.enable();
    this.map.boxZoom.enable();
    this.map.getCanvas().style.cursor = '';
    this.map.off('mousedown', this.onDown);
    this.map.off('mousemove', this.onMove);
    this.map.off('mouseup', this.onUp);
    this.map.off('click', this.onClick);
    this.map.off('dblclick', this.onDoubleClick);
    window.removeEventListener('keydown', this.onKey);
  }

  private show(ring: readonly LonLat[]): void {
    this.callbacks.onShape({
      type: 'FeatureCollection',
      features: ring.length > 0 ? [ringFeature(ring)] : [],
    });
  }

  private finish(): void {
    const mode = this.mode;
    const corners = this.corners;
    this.stop();
    if (mode) this.callbacks.onFinish(mode, corners);
  }

  private readonly onDown = (event: MapMouseEvent): void => {
    if (this.mode !== 'rectangle') return;
    event.preventDefault();
    this.dragging = true;
    this.corners = [lonLat(event)];
  };

  private readonly onMove = (event: MapMouseEvent): void => {
    this.cursor = lonLat(event);
    const first = this.corners[0];
    if (this.mode === 'rectangle' && this.dragging && first) this.show(rectangleRing(first, this.cursor));
    if (this.mode === 'polygon' && first) this.show([...this.corners, this.cursor]);
  };

  private readonly onUp = (event: MapMouseEvent): void => {
    const first = this.corners[0];
    if (this.mode !== 'rectangle' || !this.dragging || !first) return;
    this.corners = [first, lonLat(event)];
    this.finish();
  };

  private readonly onClick = (event: MapMouseEvent): void => {
    if (this.mode !== 'polygon') return;
    const first = this.corners[0];
    if (first && this.corners.length >= 3) {
      const start = this.map.project([first[0], first[1]]);
      if (start.dist(event.point) <= CLOSE_DISTANCE) {
        this.finish();
        return;
      }
    }
    this.corners.push(lonLat(event));
    this.show(this.corners);
  };

  private readonly onDoubleClick = (event: MapMouseEvent): void => {
    if (this.mode !== 'polygon') return;
    event.preventDefault();
    // The double-click's two clicks each added the same corner: keep one.
    this.corners = this.corners.filter(
      (c, i, all) => i === 0 || c[0] !== all[i - 1]?.[0] || c[1] !== all[i - 1]?.[1],
    );
    this.finish();
  };

  private readonly onKey = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      this.stop();
      this.show([]);
      this.callbacks.onCancel();
    } else if (event.key === 'Enter' && this.mode === 'polygon') {
      this.finish();
    }
  };
}
