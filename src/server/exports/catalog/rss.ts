import { xmlText } from '../formats/xml-text';
import { catalogIri } from './dcat';
import { type CatalogExportContext, type CatalogExportFormat, datasetUrl } from './types';

/* RSS 2.0: one item per dataset, dated by its last modification, in the request's order. */

/** RFC 822 date as RSS requires (`Wed, 07 Feb 2018 01:26:13 GMT`). */
const rfc822 = (iso: string): string => new Date(iso).toUTCString();

async function* writeRss(context: CatalogExportContext): AsyncIterable<string> {
  const link = catalogIri(context);
  let text =
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>' +
    `<title>Explore API catalog</title><link>${xmlText(link)}</link>` +
    `<description>${xmlText(`The datasets served at ${context.root}`)}</description>\n`;
  for (const dataset of context.datasets) {
    const metas = dataset.metas.default;
    const url = xmlText(datasetUrl(context, dataset));
    const categories = [...(metas.theme ?? []), ...(metas.keyword ?? [])]
      .map((c) => `<category>${xmlText(c)}</category>`)
      .join('');
    text +=
      `<item><title>${xmlText(metas.title)}</title><link>${url}</link>` +
      (metas.description ? `<description>${xmlText(metas.description)}</description>` : '') +
      `<guid isPermaLink="true">${url}</guid><pubDate>${rfc822(metas.modified)}</pubDate>${categories}</item>\n`;
  }
  yield `${text}</channel></rss>\n`;
}

export const catalogRss: CatalogExportFormat = {
  format: 'rss',
  fileName: 'datasets.rss',
  mediaType: 'application/rss+xml; charset=utf-8',
  write: writeRss,
};
