import { useMemo, useState } from 'react';
import { bboxFilter, type LonLat, polygonFilter } from '../filters/geo-filter';
import type { DatasetSearch } from '../routes/dataset-search';
import type { Filters } from '../routes/search-params';
import { type DrawMode, geoFilterOutline } from './draw';
import type { GeometryField } from './map-data';

/**
 * Filtering by an area drawn on the map: the shape being drawn, and the drawn area written as the
 * selection's geo filter (the records panel of the previous selection closed).
 */
export function useAreaDrawing(
  state: DatasetSearch,
  setFilters: (next: Filters) => void,
  geometry: GeometryField | undefined,
  closePanel: () => void,
) {
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
      closePanel();
      setFilters({ ...state, geo });
    }
  };

  return { drawMode, setDrawMode, outline, onDrawn, cancel: () => setDrawMode(undefined) };
}
