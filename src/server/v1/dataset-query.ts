import type { FastifyRequest } from 'fastify';
import type { DatasetSchema } from '../../odsql';
import { readableDataset } from '../auth/access';
import type { Dataset } from '../catalog/types';
import type { ServerContext } from '../context';
import { ApiError, invalidParameter } from '../errors';
import { type FacetableField, type FacetSet, facetSet } from '../facets/config';
import { type FacetFilter, facetFilters } from '../facets/filters';
import { type QueryString, single } from '../http/params';
import { v1Where } from './filter';
import { checkFacetValues, type V1Facets, v1Facets } from './params';

/*
 * What every v1 endpoint over records shares: the dataset named by `dataset` (readable by the caller),
 * and the filters of the request — `q` and `q.*`, the geofilters, refine and exclude — as ODSQL `where`
 * texts and facet conditions, all compiled with bound values.
 */

/** The dataset of a records endpoint (`dataset=…`, required). */
export function requestedDataset(ctx: ServerContext, req: FastifyRequest, query: QueryString): Dataset {
  const datasetId = single(query, 'dataset');
  if (datasetId === undefined || datasetId.trim() === '') {
    throw new ApiError(
      'InvalidRESTParameterError',
      'The dataset API parameter is missing: name the dataset to search, as in dataset=penguins.',
    );
  }
  return readableDataset(ctx.catalog, req, datasetId.trim());
}

export interface V1Filters {
  /** ODSQL `where` texts (q, q.*, geofilters). */
  readonly where: string[];
  readonly facets: V1Facets;
  readonly set: FacetSet;
  /** The refine and exclude, for the compiler. */
  readonly filters: FacetFilter[];
}

/** The filters of a v1 request over `facetFields` (a dataset's fields or the catalog's). */
export function v1Filters(
  query: QueryString,
  schema: DatasetSchema,
  facetFields: readonly FacetableField[],
  of: 'catalog' | 'dataset',
): V1Filters {
  const where = v1Where(query, schema);
  const facets = v1Facets(query);
  for (const [name, parameter] of facets.sources) {
    if (!facetFields.some((f) => f.name.toLowerCase() === name.toLowerCase()))
      throw invalidParameter(
        parameter,
        name,
        `a field of the ${of} (${facetFields.map((f) => f.name).join(', ')})`,
      );
  }
  const set = facetSet(facetFields, facets.v2);
  checkFacetValues(facets, set.usable);
  const filters = facetFilters(set.usable, facets.v2);
  return { where, facets, set, filters };
}
