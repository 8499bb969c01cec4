import type { Dataset, DatasetField } from '../../api';

/*
 * The shapes datasets a dataset's records can be counted onto (the Map tab's "areas" mode): datasets of
 * the catalog with a shape field and a text field of the same name as one of this dataset's text facets
 * (airports' `state` and us-states' `state`; not airports' `name` and the boroughs' `name`).
 */

export interface ShapeJoin {
  readonly datasetId: string;
  readonly title: string;
  /** This dataset's field, then the shapes dataset's. */
  readonly field: string;
  readonly on: string;
}

const isText = (f: DatasetField) => f.type === 'text';
/** Facets group records: a field that is one (a state) names areas, a name or an identifier does not. */
const isFacet = (f: DatasetField) => isText(f) && f.annotations?.facet === true;

export function shapeJoins(dataset: Dataset, catalog: readonly Dataset[]): ShapeJoin[] {
  const own = (dataset.fields ?? []).filter(isFacet);
  const joins: ShapeJoin[] = [];
  for (const other of catalog) {
    if (other.dataset_id === dataset.dataset_id) continue;
    const fields = other.fields ?? [];
    if (!fields.some((f) => f.type === 'geo_shape')) continue;
    const match = own.find((f) => fields.some((o) => isText(o) && o.name === f.name));
    if (match)
      joins.push({
        datasetId: other.dataset_id,
        title: other.metas?.default?.title ?? other.dataset_id,
        field: match.name,
        on: match.name,
      });
  }
  return joins;
}
