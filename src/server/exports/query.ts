import type { ApiVersion } from '../../api/version';
import { type CompiledQuery, compileRecordsQuery } from '../../odsql';
import type { Dataset } from '../catalog/types';
import type { ServerContext } from '../context';
import { invalidParameter, odsqlError } from '../errors';
import { datasetFacetFields, facetSet } from '../facets/config';
import { facetFilters } from '../facets/filters';
import { type QueryString, repeated, single } from '../http/params';
import { compileOptions } from '../records/options';
import { checkNames } from '../records/run';
import { qv1Where } from '../v1/qv1';
import type { ExportColumn } from './types';

/** An export's compiled query and the columns its rows carry. */
export interface ExportQuery {
  readonly compiled: CompiledQuery;
  readonly columns: readonly ExportColumn[];
}

/**
 * Compiles an export request as the records endpoint does (same ODSQL, refine and exclude), without
 * its paging window: `limit` bounds the rows, -1 means all. `group_by` exists on v2.1 exports only.
 */
export function exportQuery(
  ctx: ServerContext,
  ds: Dataset,
  query: QueryString,
  version: ApiVersion,
  limit: number | undefined,
): ExportQuery {
  const options = compileOptions(ctx, query, version);
  const groupBy = single(query, 'group_by');
  if (version === '2.0' && groupBy !== undefined && groupBy.trim() !== '') {
    throw invalidParameter('group_by', groupBy, 'no group_by (exports group records on v2.1 only)');
  }
  const select = single(query, 'select');
  const orderBy = single(query, 'order_by');
  const filters = facetFilters(facetSet(datasetFacetFields(ds), query).usable, query);
  const schema = ctx.catalog.schema(ds.dataset_id)!;
  const compiled = compileRecordsQuery(
    {
      table: ds.table,
      ...(select !== undefined ? { select } : {}),
      where: [...repeated(query, 'where'), ...qv1Where(query, schema)],
      ...(groupBy !== undefined ? { groupBy } : {}),
      ...(orderBy !== undefined ? { orderBy } : {}),
      ...(limit !== undefined ? { limit } : {}),
      filters,
    },
    schema,
    options,
  );
  if (!compiled.ok) throw odsqlError(compiled.diagnostics);
  checkNames(compiled.query);
  const columns = compiled.query.columns.map((c): ExportColumn => {
    const field = compiled.query.kind === 'records' ? ds.fields.find((f) => f.name === c.key) : undefined;
    const stored = schema.fields.find((f) => f.name === c.key);
    if (field && stored && !isAliasOfExpression(select, c.key)) {
      return {
        name: c.key,
        label: field.label,
        type: field.type,
        ...(stored.multivalued ? { multivalued: true } : {}),
      };
    }
    return { name: c.key, label: c.key, type: c.post ? 'geo_shape' : 'json' };
  });
  return { compiled: compiled.query, columns };
}

/** `select=upper(name) as name` names an expression after a field: its values are not the field's. */
function isAliasOfExpression(select: string | undefined, key: string): boolean {
  if (select === undefined) return false;
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\bas\\s+\`?${escaped}\`?\\s*(,|$)`, 'i').test(select);
}
