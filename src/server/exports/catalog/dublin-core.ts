import { xmlText } from '../formats/xml-text';
import { type CatalogExportContext, type CatalogExportFormat, datasetUrl } from './types';

/*
 * Dublin Core (v2.1 catalog `dublin_core`): one `oai_dc:dc` record per dataset, with the fifteen-element
 * vocabulary's `dc:` elements (http://purl.org/dc/elements/1.1/) filled from the dataset's metadata, in
 * the OAI-PMH container schema (http://www.openarchives.org/OAI/2.0/oai_dc/).
 */

const element = (name: string, value: string | null | undefined): string =>
  value === null || value === undefined || value === '' ? '' : `<dc:${name}>${xmlText(value)}</dc:${name}>`;

async function* writeDublinCore(context: CatalogExportContext): AsyncIterable<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<metadata xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/">\n';
  for (const dataset of context.datasets) {
    const m = dataset.metas.default;
    const url = datasetUrl(context, dataset);
    yield '<oai_dc:dc>' +
      element('identifier', dataset.dataset_id) +
      element('title', m.title) +
      element('description', m.description) +
      [...(m.theme ?? []), ...(m.keyword ?? [])].map((s) => element('subject', s)).join('') +
      element('publisher', m.publisher) +
      element('rights', m.license) +
      element('language', m.language) +
      element('date', m.modified) +
      element('type', 'Dataset') +
      element('source', url) +
      element('relation', `${url}/exports`) +
      '</oai_dc:dc>\n';
  }
  yield '</metadata>\n';
}

export const catalogDublinCore: CatalogExportFormat = {
  format: 'dublin_core',
  fileName: 'datasets.xml',
  mediaType: 'application/xml; charset=utf-8',
  write: writeDublinCore,
};
