import type { Dataset } from '../../catalog/types';
import { datasetLinks, datasetObject, linksV20 } from '../../render/dataset';
import { csv } from '../formats/csv';
import { xls } from '../formats/xls';
import { xlsx } from '../formats/xlsx';
import type { ExportColumn, ExportContext, ExportRecord, RecordExportFormat } from '../types';
import type { CatalogExportContext, CatalogExportFormat } from './types';

/*
 * The catalog as a table for csv, xls and xlsx: one row per dataset, a `<template>.<key>` column per
 * metadata key and `datasetid` last (the real service's layout), written by the dataset export writers.
 * json is the datasets as the catalog list shows them.
 */

const TIMESTAMPS = new Set(['modified', 'data_processed', 'metadata_processed']);

/** The default metadata as the catalog list renders it (timestamps in the request's time zone). */
export function renderedMetas(context: CatalogExportContext, dataset: Dataset): Record<string, unknown> {
  const object = datasetObject(dataset, context.root, context.version, context.timezone);
  return (object.metas as { default: Record<string, unknown> }).default;
}

function columnType(key: string, sample: unknown): ExportColumn['type'] {
  if (TIMESTAMPS.has(key)) return 'datetime';
  if (typeof sample === 'number') return 'int';
  if (typeof sample === 'boolean') return 'boolean';
  if (sample !== null && typeof sample === 'object' && !Array.isArray(sample)) return 'json';
  return 'text';
}

/**
 * Every metadata template as `<template>.<key>` cells, in the order the dataset object writes them
 * (v2.1: `dcat.*` then `default.*`, conformance capture 09).
 */
function templateCells(context: CatalogExportContext, dataset: Dataset): Map<string, unknown> {
  const object = datasetObject(dataset, context.root, context.version, context.timezone);
  const cells = new Map<string, unknown>();
  for (const [template, metas] of Object.entries(object.metas as Record<string, Record<string, unknown>>)) {
    for (const [key, value] of Object.entries(metas)) cells.set(`${template}.${key}`, value);
  }
  return cells;
}

function catalogTable(context: CatalogExportContext): ExportContext {
  const rows = context.datasets.map((d) => ({ dataset: d, cells: templateCells(context, d) }));
  const names = [...(rows[0]?.cells.keys() ?? [])];
  const columns: ExportColumn[] = [
    ...names.map((name) => {
      const sample = rows.map((r) => r.cells.get(name)).find((v) => v !== null && v !== undefined);
      return {
        name,
        label: name,
        type: columnType(name.slice(name.indexOf('.') + 1), sample),
        ...(Array.isArray(sample) ? { multivalued: true } : {}),
      };
    }),
    { name: 'datasetid', label: 'datasetid', type: 'text' },
  ];
  const records: ExportRecord[] = rows.map((r) => ({
    id: r.dataset.dataset_id,
    fields: {
      ...Object.fromEntries(names.map((name) => [name, r.cells.get(name) ?? null])),
      datasetid: r.dataset.dataset_id,
    },
  }));
  return {
    version: context.version,
    dataset: { dataset_id: 'datasets', title: 'Datasets' },
    columns,
    useLabels: false,
    epsg: 4326,
    project: (g) => g,
    datasetUrl: `${context.root}/catalog/datasets`,
    gpx: { useExtension: false },
    csv: context.csv,
    records: (async function* () {
      yield records;
    })(),
    signal: context.signal,
  };
}

function tabular(format: RecordExportFormat): CatalogExportFormat {
  return {
    format: format.format,
    fileName: `datasets.${format.extension}`,
    mediaType: format.mediaType,
    write: (context) => format.write(catalogTable(context)),
  };
}

export const catalogCsv = tabular(csv);
export const catalogXls = tabular(xls);
export const catalogXlsx = tabular(xlsx);

async function* writeJson(context: CatalogExportContext): AsyncIterable<string> {
  const items = context.datasets.map((d) => {
    const object = datasetObject(d, context.root, context.version, context.timezone);
    return context.version === '2.1'
      ? object
      : { links: linksV20(datasetLinks(context.root, d.dataset_id)), dataset: object };
  });
  yield `${JSON.stringify(items)}\n`;
}

export const catalogJson: CatalogExportFormat = {
  format: 'json',
  fileName: 'datasets.json',
  mediaType: 'application/json; charset=utf-8',
  write: writeJson,
};
