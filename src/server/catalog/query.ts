import type { CompileOptions, DatasetSchema } from '../../odsql';
import { type CompiledQuery, compileRecordsQuery } from '../../odsql';
import type { ServerContext } from '../context';
import { odsqlError } from '../errors';
import { CATALOG_FACET_FIELDS, facetSet } from '../facets/config';
import { facetFilters } from '../facets/filters';
import { metadataLang, type QueryString, repeated, single } from '../http/params';
import { quoteUsageNames } from '../usage/index';
import { qv1Where } from '../v1/qv1';
import { filtersInLanguage } from './refine-aliases';

/** What a catalog query returns and how many: the catalog list's page, or an export's every row. */
export interface CatalogQueryShape {
  /** The catalog table as the caller sees it (`catalogTableFor`): restricted datasets left out. */
  readonly table: string;
  readonly select?: string;
  readonly groupBy?: string;
  /** Undefined: every row (exports). */
  readonly limit?: number;
  readonly offset: number;
  /** The schema of `table` when it has more than the catalog's fields (the usage counts' view). */
  readonly schema?: DatasetSchema;
}

/** A catalog request (`where`, `order_by`, `refine`, `exclude`) compiled over the catalog table. */
export function compileCatalogQuery(
  ctx: ServerContext,
  query: QueryString,
  options: CompileOptions,
  shape: CatalogQueryShape,
): CompiledQuery {
  const rawOrderBy = single(query, 'order_by');
  // With the usage fields in the schema, `explore.download_count` may be written unquoted.
  const usage = (text: string): string => (shape.schema ? quoteUsageNames(text) : text);
  const orderBy = rawOrderBy === undefined ? undefined : usage(rawOrderBy);
  const filters = filtersInLanguage(
    facetFilters(facetSet(CATALOG_FACET_FIELDS, query).usable, query),
    ctx.catalog.list(),
    metadataLang(query),
  );
  const compiled = compileRecordsQuery(
    {
      table: shape.table,
      ...(shape.select !== undefined ? { select: shape.select } : {}),
      where: [
        ...repeated(query, 'where').map(usage),
        ...qv1Where(query, shape.schema ?? ctx.catalog.catalogSchema),
      ],
      ...(shape.groupBy !== undefined ? { groupBy: shape.groupBy } : {}),
      ...(orderBy !== undefined ? { orderBy } : {}),
      ...(shape.limit !== undefined ? { limit: shape.limit } : {}),
      offset: shape.offset,
      filters,
    },
    shape.schema ?? ctx.catalog.catalogSchema,
    // Titles as people read them: "aviation" before "US ZIP codes".
    { ...options, textOrder: 'reading' },
  );
  if (!compiled.ok) throw odsqlError(compiled.diagnostics);
  return compiled.query;
}
