import type { V1FacetGroup, V1FacetValue, V1RecordsSearch } from '../../api/types-v10';
import { getJson, getJsonAt, type JsonResponse, origin } from '../testing/http';

/*
 * Helpers of the v1 HTTP tests: v1 calls, and the v2.0 answers they are compared with.
 */

export type Params = Readonly<Record<string, string | number | readonly string[]>>;

export type { V1FacetGroup, V1FacetValue, V1Record } from '../../api/types-v10';
export type V1RecordsAnswer = V1RecordsSearch;

export interface V1DatasetsAnswer {
  nhits: number;
  parameters: Record<string, unknown>;
  datasets: { datasetid: string; metas: Record<string, unknown>; fields: { name: string }[] }[];
  facet_groups?: V1FacetGroup[];
}

/** GET a v1 path (`records/1.0/search/`) with query parameters, repeated ones as arrays. */
export function v1<T>(path: string, params: Params = {}): Promise<JsonResponse<T>> {
  return getJsonAt<T>(`${origin()}/api/${path}`, params);
}

export async function v1Records(params: Params): Promise<V1RecordsAnswer> {
  const res = await v1<V1RecordsAnswer>('records/1.0/search/', params);
  if (res.status !== 200) throw new Error(`v1 records search answered ${res.status}: ${res.text}`);
  return res.body;
}

export interface V20Record {
  record: { id: string; fields: Record<string, unknown> };
}

/** v2.0 records of a dataset: the count and the records. */
export async function v20Records(
  datasetId: string,
  params: Params,
): Promise<{ total_count: number; records: V20Record[] }> {
  const res = await getJson<{ total_count: number; records: V20Record[] }>(
    `/catalog/datasets/${datasetId}/records`,
    params,
    '2.0',
  );
  if (res.status !== 200) throw new Error(`v2.0 records answered ${res.status}: ${res.text}`);
  return res.body;
}

export interface V2FacetValue {
  name: string;
  value: string;
  count?: number;
  state: string;
  facets?: V2FacetValue[];
}

/** A v2 facet tree in v1 form (`value` is `path`), to compare the two. */
export function asV1(values: readonly V2FacetValue[]): V1FacetValue[] {
  return values.map((v) => ({
    name: v.name,
    path: v.value,
    ...(v.count !== undefined ? { count: v.count } : {}),
    // v1 leaves the ancestors of a refined value displayed (conformance capture 41).
    state: v.state === 'refined' && v.facets?.some((c) => c.state === 'refined') ? 'displayed' : v.state,
    ...(v.facets ? { facets: asV1(v.facets) } : {}),
  }));
}

/** A v2.0 record's fields as v1 writes them: no nulls, points as [lat, lon]. */
export function v1Fields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (v === null) continue;
    const o = v as { lat?: unknown; lon?: unknown; type?: unknown; geometry?: unknown };
    const isObject = typeof v === 'object' && !Array.isArray(v);
    if (isObject && typeof o.lat === 'number' && typeof o.lon === 'number') out[k] = [o.lat, o.lon];
    else if (isObject && o.type === 'Feature') out[k] = o.geometry;
    else out[k] = v;
  }
  return out;
}
