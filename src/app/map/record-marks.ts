import type { Feature, FeatureCollection, Position } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { type RefObject, useEffect } from 'react';
import { HIGHLIGHT_LAYERS, markRecord, marksRecord, SELECTED_LAYERS } from './layers';

/*
 * The records marked on the map: the one whose row is hovered in the list, and the one chosen (its row
 * or its shape clicked). The map's element tells which and where, for assistive technology and tests.
 */

function positions(geometry: Feature['geometry']): Position[] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return geometry.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
    case 'GeometryCollection':
      return geometry.geometries.flatMap(positions);
  }
}

/** Where a record stands, as a longitude and latitude: its point, or the middle of its extent. */
export function recordCenter(feature: Feature): [number, number] | undefined {
  const all = positions(feature.geometry);
  if (all.length === 0) return undefined;
  const lons = all.map((p) => p[0]!);
  const lats = all.map((p) => p[1]!);
  return [(Math.min(...lons) + Math.max(...lons)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2];
}

function screenPoint(map: MapLibreMap, records: FeatureCollection | undefined, index: number | undefined) {
  if (index === undefined) return '';
  const feature = records?.features.find((f) => f.properties?.__index === index);
  const center = feature && recordCenter(feature);
  if (!center) return '';
  const at = map.project(center);
  return `${Math.round(at.x)},${Math.round(at.y)}`;
}

/** The mark layers drawing something now, by name: what a hovered or chosen record looks like. */
export function marksDrawn(map: MapLibreMap): string {
  const present = [...SELECTED_LAYERS, ...HIGHLIGHT_LAYERS].filter(
    (id) => map.getLayer(id) && marksRecord(map, id),
  );
  if (present.length === 0) return '';
  return [...new Set(map.queryRenderedFeatures({ layers: present }).map((f) => f.layer.id))].sort().join(' ');
}

/** Keeps the hovered and the chosen record marked on the map, and said on its element. */
export function useRecordMarks(
  map: RefObject<MapLibreMap | undefined>,
  element: RefObject<HTMLElement | null>,
  styled: boolean,
  records: FeatureCollection | undefined,
  highlight: number | undefined,
  selected: number | undefined,
): void {
  useEffect(() => {
    const current = map.current;
    if (!current || !styled) return;
    markRecord(current, HIGHLIGHT_LAYERS, highlight);
    if (!element.current) return;
    element.current.dataset.highlight = String(highlight ?? '');
    // Where the ringed record stands on the screen, so that a test (or a tool) can point at it.
    element.current.dataset.highlightAt = screenPoint(current, records, highlight);
  }, [map, element, styled, records, highlight]);

  useEffect(() => {
    const current = map.current;
    if (!current || !styled) return;
    markRecord(current, SELECTED_LAYERS, selected);
    if (!element.current) return;
    element.current.dataset.selected = String(selected ?? '');
    element.current.dataset.selectedAt = screenPoint(current, records, selected);
  }, [map, element, styled, records, selected]);
}
