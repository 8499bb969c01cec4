import { geometryBbox } from '../../../odsql';
import type { Dataset } from '../../catalog/types';
import { geometryOf } from '../formats/geo-values';
import { recordExportFormat } from '../formats/index';
import { catalogIri, webIri } from './dcat';
import { renderedMetas } from './tabular';
import { type CatalogExportContext, type CatalogExportFormat, datasetUrl } from './types';

/*
 * Project Open Data metadata schema v1.1 (`data.json`): the catalog object and one dataset object per
 * dataset, with a distribution per dataset export format.
 */

const SCHEMA = 'https://project-open-data.cio.gov/v1.1/schema';

function distributions(context: CatalogExportContext, dataset: Dataset): object[] {
  return context.includeExports.flatMap((name) => {
    const format = recordExportFormat(name, context.version);
    if (!format) return [];
    const query = context.useLabelsInExports ? '?use_labels=true' : '';
    return [
      {
        '@type': 'dcat:Distribution',
        title: `${dataset.metas.default.title} (${name})`,
        downloadURL: `${datasetUrl(context, dataset)}/exports/${name}${query}`,
        mediaType: format.mediaType.split(';')[0]!.trim(),
        format: name,
      },
    ];
  });
}

function podDataset(context: CatalogExportContext, dataset: Dataset): object {
  const metas = dataset.metas.default;
  const rendered = renderedMetas(context, dataset);
  const bbox = geometryOf(metas.bbox);
  const box = bbox ? geometryBbox(bbox) : null;
  const license = webIri(metas.license_url);
  const landingPage = webIri(metas.references);
  return {
    '@type': 'dcat:Dataset',
    identifier: datasetUrl(context, dataset),
    title: metas.title,
    description: metas.description ?? metas.title,
    keyword: metas.keyword ?? [],
    modified: rendered.modified,
    publisher: { '@type': 'org:Organization', name: metas.publisher ?? 'Unknown publisher' },
    contactPoint: { '@type': 'vcard:Contact', fn: metas.publisher ?? 'Unknown publisher' },
    accessLevel: 'public',
    ...(license ? { license } : {}),
    ...(metas.license ? { rights: metas.license } : {}),
    ...(landingPage ? { landingPage } : {}),
    ...(metas.theme ? { theme: metas.theme } : {}),
    ...(metas.language ? { language: [metas.language] } : {}),
    ...(box ? { spatial: box.join(',') } : {}),
    distribution: distributions(context, dataset),
  };
}

async function* writeDataJson(context: CatalogExportContext): AsyncIterable<string> {
  const catalog = {
    '@context': `${SCHEMA}/catalog.jsonld`,
    '@id': catalogIri(context),
    '@type': 'dcat:Catalog',
    conformsTo: SCHEMA,
    describedBy: `${SCHEMA}/catalog.json`,
    dataset: context.datasets.map((d) => podDataset(context, d)),
  };
  yield `${JSON.stringify(catalog, null, 2)}\n`;
}

export const catalogDataJson: CatalogExportFormat = {
  format: 'data.json',
  fileName: 'data.json',
  mediaType: 'application/json; charset=utf-8',
  write: writeDataJson,
};
