import { FULL } from './scale-common';
import { type LargeFigure, type LargeFormat, largeDataset } from './scale-large';
import { type ManyFigure, manyDatasets } from './scale-many';

/*
 * The scale section of `npm run bench` (issue 12): many small datasets, and flights-3m repeated k times
 * (the year shifted by copy) as one large dataset, generated at run time in a temporary folder. Each
 * ingestion is set against DuckDB's own load of the same files in the same run. The largest sizes run
 * only with BENCH_SCALE=full.
 */

export { renderScale } from './scale-render';

/** The sizes of this run: the default bench stays short, BENCH_SCALE=full adds the largest. */
export function scaleSizes(): { many: number[]; copies: number[]; casesAt: number } {
  if (process.env.BENCH_SCALE_MANY || process.env.BENCH_SCALE_COPIES) {
    return {
      many: (process.env.BENCH_SCALE_MANY ?? '').split(',').filter(Boolean).map(Number),
      copies: (process.env.BENCH_SCALE_COPIES ?? '').split(',').filter(Boolean).map(Number),
      casesAt: 10,
    };
  }
  return FULL
    ? { many: [10_000, 100_000], copies: [1, 10, 34], casesAt: 10 }
    : { many: [10_000], copies: [1, 10], casesAt: 10 };
}

export async function scaleBench(
  work: string,
  memoryLimit: string,
): Promise<{ many: ManyFigure[]; large: LargeFigure[] }> {
  const sizes = scaleSizes();
  const many: ManyFigure[] = [];
  for (const n of sizes.many) many.push(await manyDatasets(work, n, memoryLimit));
  const large: LargeFigure[] = [];
  const formats = (process.env.BENCH_SCALE_FORMATS ?? 'parquet,csv').split(',') as LargeFormat[];
  for (const k of sizes.copies) {
    for (const format of formats)
      large.push(
        await largeDataset(work, k, memoryLimit, k === sizes.casesAt && format === 'parquet', format),
      );
  }
  return { many, large };
}
