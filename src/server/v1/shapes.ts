import type { Geometry } from 'geojson';
import type { V1FacetGroup, V1FacetValue, V1Record } from '../../api/types-v10';
import type { DatasetSchema } from '../../odsql';
import type { Dataset, FieldAnnotations } from '../catalog/types';
import type { FacetResult, FacetValue } from '../facets/enumerate';
import type { ResultRow } from '../records/run';
import { datasetObject } from '../render/dataset';
import { formatInstant } from '../render/instant';

/*
 * The v1 answer shapes (odsql.md §10), built from what the v2 engine returns: records with `fields`
 * (nulls left out, points as [lat, lon], shapes as GeoJSON geometries), `geometry` and
 * `record_timestamp`; facet groups with `path`; dataset objects with flat `metas`.
 */

interface GeoFeature {
  readonly type: 'Feature';
  readonly geometry: Geometry;
}

/**
 * Formats record timestamps in a time zone. Records of a dataset mostly share their timestamp (the
 * time they were loaded), and formatting in a zone is slow, so each distinct value is formatted once.
 */
export function timestampFormatter(tz: string): (iso: string) => string {
  const done = new Map<string, string>();
  return (iso) => {
    let text = done.get(iso);
    if (text === undefined) {
      text = formatInstant(iso, tz);
      if (done.size < 10_000) done.set(iso, text);
    }
    return text;
  };
}

/**
 * A record from a row compiled for v2.0 (points `{lat, lon}`, shapes as Features, datetimes in the
 * request time zone). `timestamp` formats `record_timestamp`; `shown`: the fields to keep (all when undefined); `geo`: the field giving
 * `geometry`.
 */
export function v1Record(
  row: ResultRow,
  datasetId: string,
  schema: DatasetSchema,
  timestamp: (iso: string) => string,
  shown: ReadonlySet<string> | undefined,
  geo: string | undefined,
): V1Record {
  const values = JSON.parse(row.fields) as Record<string, unknown>;
  const types = new Map(schema.fields.map((f) => [f.name, f.type]));
  const fields: Record<string, unknown> = {};
  let geometry: Geometry | undefined;
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    const type = types.get(name);
    let v: unknown = value;
    if (type === 'geo_point_2d') {
      const p = value as { lat: number; lon: number };
      v = [p.lat, p.lon];
      if (name === geo) geometry = { type: 'Point', coordinates: [p.lon, p.lat] };
    } else if (type === 'geo_shape') {
      const shape = (value as GeoFeature).geometry;
      v = shape;
      if (name === geo) geometry = shape;
    }
    if (!shown || shown.has(name)) fields[name] = v;
  }
  return {
    datasetid: datasetId,
    recordid: row.id ?? '',
    fields,
    ...(geometry !== undefined ? { geometry } : {}),
    record_timestamp: timestamp(row.timestamp ?? ''),
  };
}

/**
 * v1 marks refined only the value that was refined: its ancestors stay displayed (conformance capture
 * 41: `refine.date=1984/12` gives 1984 displayed and 1984/12 refined). ods-widgets reads it so, opening
 * a parent whose child is refined ("Make sure parent categories are always expanded initially if any of
 * its children is refined", facets.js) and highlighting only the refined value. The v2 answers keep the
 * ancestors refined, as the explorer reads them (docs/conformance.md).
 */
function v1State(v: FacetValue): FacetValue['state'] {
  // In the tree every ancestor of a refined value is refined too: a refined child marks an ancestor.
  const refinedBelow = v.facets?.some((c) => c.state === 'refined') ?? false;
  return v.state === 'refined' && refinedBelow ? 'displayed' : v.state;
}

function v1FacetValue(v: FacetValue): V1FacetValue {
  return {
    name: v.name,
    path: v.value,
    ...(v.count !== undefined && v.state !== 'excluded' ? { count: v.count } : {}),
    state: v1State(v),
    ...(v.facets ? { facets: v.facets.map(v1FacetValue) } : {}),
  };
}

/** `facet_groups`: `{name, facets: [{name, path, count, state, facets?}]}`. */
export function v1FacetGroups(results: readonly FacetResult[]): V1FacetGroup[] {
  return results.map((r) => ({ name: r.name, facets: r.facets.map(v1FacetValue) }));
}

/** v1 annotations are a list: `[{"name": "facet"}, {"name": "facetsort", "args": ["-count"]}]`. */
function v1Annotations(a: FieldAnnotations): { name: string; args?: unknown[] }[] {
  const out: { name: string; args?: unknown[] }[] = [];
  for (const [name, value] of Object.entries(a) as [string, unknown][]) {
    if (value === undefined || value === false) continue;
    out.push(value === true ? { name } : { name, args: [value] });
  }
  return out;
}

/** The v1 dataset object: `datasetid`, flat `metas`, fields with annotation lists, attachments. */
export function v1Dataset(ds: Dataset, root: string, tz: string): Record<string, unknown> {
  const object = datasetObject(ds, root, '2.1', tz);
  const metas = (object.metas as { default: Record<string, unknown> }).default;
  return {
    datasetid: ds.dataset_id,
    metas,
    has_records: ds.has_records,
    data_visible: ds.data_visible,
    features: ds.features,
    fields: ds.fields.map((f) => ({
      label: f.label,
      type: f.type,
      name: f.name,
      ...(f.description !== null ? { description: f.description } : {}),
      annotations: v1Annotations(f.annotations),
    })),
    attachments: object.attachments,
    alternative_exports: [],
  };
}
