import type { CompileOptions } from '../../odsql/compile/context';
import { type CompiledQuery, compileRecordsQuery } from '../../odsql/compile/query';
import type { ServerContext } from '../context';
import { odsqlError } from '../errors';
import { CATALOG_FACET_FIELDS, facetSet } from '../facets/config';
import { facetConditionsFor } from '../facets/filters';
import { type QueryString, repeated, single } from '../http/params';

/** What a catalog query returns and how many: the catalog list's page, or an export's every row. */
export interface CatalogQueryShape {
  readonly select?: string;
  readonly groupBy?: string;
  /** Undefined: every row (exports). */
  readonly limit?: number;
  readonly offset: number;
}

/** A catalog request (`where`, `order_by`, `refine`, `exclude`) compiled over the catalog table. */
export function compileCatalogQuery(
  ctx: ServerContext,
  query: QueryString,
  options: CompileOptions,
  shape: CatalogQueryShape,
): CompiledQuery {
  const orderBy = single(query, 'order_by');
  const conditions = facetConditionsFor(facetSet(CATALOG_FACET_FIELDS, query).usable, query);
  const compiled = compileRecordsQuery(
    {
      table: ctx.catalog.catalogTable,
      ...(shape.select !== undefined ? { select: shape.select } : {}),
      where: repeated(query, 'where'),
      ...(shape.groupBy !== undefined ? { groupBy: shape.groupBy } : {}),
      ...(orderBy !== undefined ? { orderBy } : {}),
      ...(shape.limit !== undefined ? { limit: shape.limit } : {}),
      offset: shape.offset,
      conditions,
    },
    ctx.catalog.catalogSchema,
    options,
  );
  if (!compiled.ok) throw odsqlError(compiled.diagnostics);
  return compiled.query;
}
