/*
 * How the Map tab draws its records, kept in the address with the map's place:
 * - `mapmode=clusters` (the default): records, or clusters counted on the server; `mapagg=avg` and
 *   `mapfield=delay` colour each cluster by an aggregate of a number field (count, avg, sum, min, max);
 * - `mapmode=heatmap`: the clusters' counts as a heat map;
 * - `mapmode=categories&mapfield=state`: each record coloured by its value of a text field;
 * - `mapmode=choropleth&mapfield=obesity_rate`: each shape filled by a number field;
 * - `mapmode=areas&mapshapes=us-states&mapjoin=state:state&mapagg=count`: the shapes of another
 *   dataset filled by an aggregate of this one's records grouped on a field (`this:theirs`).
 */

export const MAP_MODES = ['clusters', 'heatmap', 'categories', 'choropleth', 'areas'] as const;
export type MapMode = (typeof MAP_MODES)[number];

export const AGGREGATES = ['count', 'avg', 'sum', 'min', 'max'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export interface MapDisplay {
  readonly mode: MapMode;
  /** The field coloured by: a number (clusters, choropleth, areas' aggregate) or a text (categories). */
  readonly field?: string | undefined;
  readonly aggregate: Aggregate;
  /** areas: the shapes dataset, and the fields joined (this dataset's, then the shapes'). */
  readonly shapes?: string | undefined;
  readonly join?: { readonly field: string; readonly on: string } | undefined;
}

export const DEFAULT_DISPLAY: MapDisplay = { mode: 'clusters', aggregate: 'count' };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const DATASET = /^[a-z0-9][a-z0-9_-]*$/;

const fieldName = (text: string | null): string | undefined =>
  text !== null && NAME.test(text) ? text : undefined;

export function parseMapDisplay(search: URLSearchParams): MapDisplay {
  const mode = MAP_MODES.find((m) => m === search.get('mapmode')) ?? 'clusters';
  const aggregate = AGGREGATES.find((a) => a === search.get('mapagg')) ?? 'count';
  const field = fieldName(search.get('mapfield'));
  if (mode === 'heatmap') return { mode, aggregate: 'count' };
  if (mode === 'categories' || mode === 'choropleth')
    return field ? { mode, field, aggregate: 'count' } : DEFAULT_DISPLAY;
  if (mode === 'areas') {
    const shapes = search.get('mapshapes') ?? '';
    const [own, theirs, extra] = (search.get('mapjoin') ?? '').split(':');
    const join = fieldName(own ?? null) && fieldName(theirs ?? null) && extra === undefined;
    if (!DATASET.test(shapes) || !join) return DEFAULT_DISPLAY;
    return {
      mode,
      shapes,
      join: { field: own!, on: theirs! },
      aggregate: field ? aggregate : 'count',
      ...(field && aggregate !== 'count' ? { field } : {}),
    };
  }
  return field && aggregate !== 'count' ? { mode, field, aggregate } : DEFAULT_DISPLAY;
}

export function writeMapDisplay(search: URLSearchParams, display: MapDisplay): void {
  if (display.mode === 'clusters' && (display.aggregate === 'count' || !display.field)) return;
  search.set('mapmode', display.mode);
  if (display.mode === 'areas' && display.shapes && display.join) {
    search.set('mapshapes', display.shapes);
    search.set('mapjoin', `${display.join.field}:${display.join.on}`);
  }
  if (
    (display.mode === 'clusters' || display.mode === 'areas') &&
    display.aggregate !== 'count' &&
    display.field
  )
    search.set('mapagg', display.aggregate);
  const fieldShown =
    display.mode === 'categories' ||
    display.mode === 'choropleth' ||
    ((display.mode === 'clusters' || display.mode === 'areas') && display.aggregate !== 'count');
  if (fieldShown && display.field) search.set('mapfield', display.field);
}

/** The ODSQL aggregate of a display (`count(*)`, `avg(delay)`), as `value`. */
export function aggregateSelect(aggregate: Aggregate, quotedField: string | undefined): string {
  return aggregate === 'count' || !quotedField ? 'count(*)' : `${aggregate}(${quotedField})`;
}
