import type { FieldAnnotations } from '../../../api/types';
import type { ResolvedField } from '../../../layout/fields';
import {
  distinctCountsQuery,
  distinctEstimatesQuery,
  extentQuery,
  recordCountQuery,
  withDistinctCountsQuery,
} from '../../../layout/stats';
import { type DatasetSchema, sortRangesQuery, withSortRangesRow } from '../../../odsql';
import type { Engine } from '../types';

/** What the dataset metadata needs to know about the records once they are built. */
export interface RecordStats {
  readonly recordsCount: number;
  /** Geometry types of the main geo field (`Point` for a geo_point_2d), sorted. */
  readonly geometryTypes: readonly string[] | null;
  /** [minx, miny, maxx, maxy] of the main geo field, or null when there is none or it is empty. */
  readonly bbox: readonly [number, number, number, number] | null;
}

/** Inferred text facets: few distinct values, and far fewer than records. */
export const FACET_MAX_DISTINCT = 50;

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The geo field that describes the dataset's extent: the first shape, else the first point. */
function mainGeoField(fields: readonly ResolvedField[]): ResolvedField | undefined {
  return fields.find((f) => f.type === 'geo_shape') ?? fields.find((f) => f.type === 'geo_point_2d');
}

/** The records' count and extent; `recordsCount`, when known, spares a count without geo fields. */
export async function recordStats(
  engine: Engine,
  table: string,
  fields: readonly ResolvedField[],
  recordsCount?: number,
): Promise<RecordStats> {
  const geo = mainGeoField(fields);
  if (!geo && recordsCount !== undefined) return { recordsCount, geometryTypes: null, bbox: null };
  if (!geo) {
    const [row] = await engine.rows(recordCountQuery(table));
    return { recordsCount: Number(row?.[0] ?? 0), geometryTypes: null, bbox: null };
  }
  const [row] = await engine.rows(
    extentQuery(table, { name: geo.name, type: geo.type === 'geo_shape' ? 'geo_shape' : 'geo_point_2d' }),
  );
  const [count, minx, miny, maxx, maxy, types] = row ?? [];
  const box = [finite(minx), finite(miny), finite(maxx), finite(maxy)];
  const [x0, y0, x1, y1] = box;
  const bbox =
    x0 !== undefined && y0 !== undefined && x1 !== undefined && y1 !== undefined
      ? ([x0, y0, x1, y1] as const)
      : null;
  const geometryTypes = Array.isArray(types) ? types.filter((t): t is string => typeof t === 'string') : [];
  return {
    recordsCount: Number(count ?? 0),
    geometryTypes: geometryTypes.length > 0 ? geometryTypes : null,
    bbox,
  };
}

/**
 * Facet annotations for inferred fields: dates and date-times, and text fields with few distinct values
 * (at most FACET_MAX_DISTINCT and fewer than half the records).
 */
export async function inferFacets(
  engine: Engine,
  table: string,
  fields: readonly ResolvedField[],
): Promise<ResolvedField[]> {
  const texts = fields.filter((f) => f.type === 'text' && f.annotations.multivalued === undefined);
  const distinct = new Map<string, number>();
  let total = 0;
  if (texts.length > 0) {
    // An estimate first (cheap), then exact counts only for the columns that may qualify.
    const [row] = await engine.rows(
      distinctEstimatesQuery(
        table,
        texts.map((f) => f.name),
      ),
    );
    total = Number(row?.[0] ?? 0);
    const candidates = texts.filter((_, i) => Number(row?.[i + 1] ?? 0) <= 2 * FACET_MAX_DISTINCT);
    if (candidates.length > 0) {
      const [exact] = await engine.rows(
        distinctCountsQuery(
          table,
          candidates.map((f) => f.name),
        ),
      );
      for (const [i, f] of candidates.entries()) distinct.set(f.name, Number(exact?.[i] ?? 0));
    }
  }
  return withFacets(fields, total, distinct);
}

/** The fields with their inferred facet annotations, from the records' count and distinct text values. */
function withFacets(
  fields: readonly ResolvedField[],
  total: number,
  distinct: ReadonlyMap<string, number>,
): ResolvedField[] {
  return fields.map((field) => {
    let facet: FieldAnnotations | undefined;
    if (field.type === 'date' || field.type === 'datetime') facet = { facet: true, facetsort: 'alphanum' };
    const values = distinct.get(field.name);
    if (values !== undefined && values > 0 && values <= FACET_MAX_DISTINCT && values < total / 2) {
      facet = { facet: true, facetsort: '-count' };
    }
    return facet ? { ...field, annotations: { ...field.annotations, ...facet } } : field;
  });
}

/**
 * For a small table, `inferFacets` (exact counts) and the schema's sort ranges (`withSortRanges`) in one
 * round trip: for thousands of tiny datasets the statements, not their rows, are the cost.
 */
export async function smallTableFacts(
  engine: Engine,
  table: string,
  fields: readonly ResolvedField[],
  schema: DatasetSchema,
  inferred: boolean,
): Promise<{ fields: ResolvedField[]; schema: DatasetSchema }> {
  const ranges = sortRangesQuery(table, schema, engine.dialect);
  const texts = inferred
    ? fields.filter((f) => f.type === 'text' && f.annotations.multivalued === undefined)
    : [];
  if (texts.length === 0) {
    const [row] = await engine.rows(ranges);
    return { fields: [...fields], schema: withSortRangesRow(schema, row) };
  }
  const [row] = await engine.rows(
    withDistinctCountsQuery(
      ranges,
      table,
      texts.map((f) => f.name),
    ),
  );
  const rangeColumns = (row?.length ?? 0) - texts.length;
  const rangesRow = row?.slice(0, rangeColumns);
  const schemaWithRanges = withSortRangesRow(schema, rangesRow);
  const distinct = new Map(texts.map((f, i) => [f.name, Number(row?.[rangeColumns + i] ?? 0)]));
  return {
    fields: withFacets(fields, schemaWithRanges.records ?? 0, distinct),
    schema: schemaWithRanges,
  };
}
