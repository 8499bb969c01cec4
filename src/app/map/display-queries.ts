import type { QueryClient } from '@tanstack/react-query';
import {
  type Dataset,
  type DatasetField,
  type ExploreClient,
  quoteField,
  type RecordsParams,
} from '../../api';
import { datasetQuery, recordsQuery } from '../queries/options';
import { geojsonExportUrl } from './features';
import { aggregateSelect, type MapDisplay } from './map-display';
import { mapFeaturesQuery } from './map-queries';

/*
 * The requests of a display mode beyond the records (useMapDisplay): a categories map's most frequent
 * values, and another dataset's areas with the aggregate to join on them. Shared by the Map tab and the
 * page's prefetch, which sends them with the map's first requests: the map's first picture waits for
 * them, and would otherwise wait for the map's code and first render before they are even asked.
 */

type FilterParams = Pick<RecordsParams, 'where' | 'refine' | 'exclude'>;

/** Values a categories map colours at most (the palette's size). */
export const CATEGORY_LIMIT = 7;
/** Groups of the joined aggregate at most: one per area. */
export const AREA_LIMIT = 5_000;

/** The most frequent values of a text field, with their counts (`value`, `count`). */
export function categoryParams(filters: FilterParams, field: string): RecordsParams {
  return {
    ...filters,
    select: 'count(*) as count',
    group_by: `${quoteField(field)} as value`,
    order_by: 'count desc',
    limit: CATEGORY_LIMIT,
  };
}

/** The aggregate of this dataset's records (`value`) by the value of the field joined (`key`). */
export function areaGroupsParams(
  filters: FilterParams,
  display: MapDisplay,
  fields: Dataset['fields'],
): RecordsParams {
  const field = fields?.find((f) => f.name === display.field);
  return {
    ...filters,
    select: `${aggregateSelect(display.aggregate, field ? quoteField(field.name) : undefined)} as value`,
    group_by: `${quoteField(display.join?.field ?? '')} as key`,
    limit: AREA_LIMIT,
  };
}

/** The shapes dataset's GeoJSON (its shape and the field joined on), once its fields are known. */
export function areaShapesUrl(
  client: ExploreClient,
  shapes: Dataset | undefined,
  display: MapDisplay,
): string | undefined {
  const shapeField = shapes?.fields?.find((f) => f.type === 'geo_shape');
  if (!shapes || !shapeField || !display.join) return undefined;
  const nameField = areaNameField(shapes, display.join.on);
  const select = [shapeField.name, display.join.on, ...(nameField ? [nameField.name] : [])];
  return geojsonExportUrl(client, shapes.dataset_id, {}, select.map(quoteField).join(', '));
}

/** The area's name for its tooltip, when a text other than the joined key names it. */
export function areaNameField(shapes: Dataset | undefined, on: string): DatasetField | undefined {
  return shapes?.fields?.find((f) => f.type === 'text' && !f.annotations?.id && f.name !== on);
}

/** Sends a display mode's own requests (none for clusters, a heat map or a choropleth). */
export function prefetchDisplayData(
  queryClient: QueryClient,
  client: ExploreClient,
  dataset: Dataset,
  filters: FilterParams,
  display: MapDisplay,
): void {
  const id = dataset.dataset_id;
  if (display.mode === 'categories' && display.field) {
    const field = dataset.fields?.find((f) => f.name === display.field);
    if (field) void queryClient.prefetchQuery(recordsQuery(client, id, categoryParams(filters, field.name)));
  }
  if (display.mode === 'areas' && display.shapes && display.join) {
    void queryClient.prefetchQuery(
      recordsQuery(client, id, areaGroupsParams(filters, display, dataset.fields)),
    );
    const shapesId = display.shapes;
    queryClient.fetchQuery(datasetQuery(client, shapesId)).then(
      (shapes) => {
        const url = areaShapesUrl(client, shapes, display);
        if (url) void queryClient.prefetchQuery(mapFeaturesQuery(client, shapesId, url));
      },
      // The map tells the failure when it asks.
      () => undefined,
    );
  }
}
