import type { FastifyReply } from 'fastify';
import type { V1FeatureCollection, V1Record } from '../../api/types-v10';
import type { Dataset } from '../catalog/types';
import { csvLine, csvLines, V1_LINES } from '../exports/formats/csv-writer';
import { xmlText } from '../exports/formats/xml-text';
import { attachmentDisposition } from '../http/reply';

/*
 * The other formats of the v1 searches: feeds (`format=rss|atom`), the datasets as CSV, and the GeoJSON
 * form of a records page.
 */

export interface FeedEntry {
  readonly title: string;
  readonly link: string;
  readonly summary?: string;
  readonly updated: string;
  readonly categories: readonly string[];
}

export interface Feed {
  readonly title: string;
  readonly link: string;
  readonly entries: readonly FeedEntry[];
}

function rss(feed: Feed): string {
  const items = feed.entries.map(
    (e) =>
      `<item><title>${xmlText(e.title)}</title><link>${xmlText(e.link)}</link>` +
      (e.summary ? `<description>${xmlText(e.summary)}</description>` : '') +
      `<guid isPermaLink="true">${xmlText(e.link)}</guid><pubDate>${new Date(e.updated).toUTCString()}</pubDate>` +
      e.categories.map((c) => `<category>${xmlText(c)}</category>`).join('') +
      '</item>',
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>' +
    `<title>${xmlText(feed.title)}</title><link>${xmlText(feed.link)}</link><description>${xmlText(feed.title)}</description>\n` +
    `${items.join('\n')}\n</channel></rss>\n`
  );
}

function atom(feed: Feed): string {
  const updated =
    feed.entries
      .map((e) => e.updated)
      .sort()
      .pop() ?? new Date(0).toISOString();
  const entries = feed.entries.map(
    (e) =>
      `<entry><title>${xmlText(e.title)}</title><link href="${xmlText(e.link)}"/><id>${xmlText(e.link)}</id>` +
      `<updated>${xmlText(new Date(e.updated).toISOString())}</updated>` +
      (e.summary ? `<summary>${xmlText(e.summary)}</summary>` : '') +
      e.categories.map((c) => `<category term="${xmlText(c)}"/>`).join('') +
      '</entry>',
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">' +
    `<title>${xmlText(feed.title)}</title><link href="${xmlText(feed.link)}"/><id>${xmlText(feed.link)}</id>` +
    `<updated>${xmlText(new Date(updated).toISOString())}</updated>\n${entries.join('\n')}\n</feed>\n`
  );
}

export function sendFeed(reply: FastifyReply, format: 'rss' | 'atom', feed: Feed): FastifyReply {
  return format === 'rss'
    ? reply.type('application/rss+xml; charset=utf-8').send(rss(feed))
    : reply.type('application/atom+xml; charset=utf-8').send(atom(feed));
}

/** Datasets as feed entries, linked to their page in the explorer. */
export function catalogFeed(datasets: readonly Dataset[], origin: string, _tz: string): Feed {
  return {
    title: 'Datasets',
    link: `${origin}/`,
    entries: datasets.map((ds) => {
      const metas = ds.metas.default;
      return {
        title: metas.title,
        link: `${origin}/datasets/${encodeURIComponent(ds.dataset_id)}`,
        ...(metas.description ? { summary: metas.description } : {}),
        updated: metas.modified,
        categories: [...(metas.theme ?? []), ...(metas.keyword ?? [])],
      };
    }),
  };
}

/** Records as feed entries: titled by their first text value, dated by their timestamp. */
export function recordsFeed(ds: Dataset, records: readonly V1Record[], origin: string): Feed {
  const base = `${origin}/api/datasets/1.0/${encodeURIComponent(ds.dataset_id)}/records/`;
  return {
    title: ds.metas.default.title,
    link: `${origin}/datasets/${encodeURIComponent(ds.dataset_id)}`,
    entries: records.map((r) => {
      const first = Object.values(r.fields).find((v) => typeof v === 'string');
      return {
        title: typeof first === 'string' ? first : r.recordid,
        link: `${base}${encodeURIComponent(r.recordid)}`,
        summary: Object.entries(r.fields)
          .filter(([, v]) => typeof v !== 'object')
          .map(([k, v]) => `${k}: ${String(v)}`)
          .join('; '),
        updated: r.record_timestamp,
        categories: [],
      };
    }),
  };
}

/** `format=geojson`: the records as Features, their fields as properties. */
export function recordsFeatureCollection(records: readonly V1Record[]): V1FeatureCollection {
  return {
    type: 'FeatureCollection' as const,
    features: records.map((r) => ({
      type: 'Feature' as const,
      geometry: r.geometry ?? null,
      properties: r.fields,
      id: r.recordid,
    })),
  };
}

/** Metadata columns of the datasets search as CSV, after `datasetid`; lists are joined by commas. */
const CSV_METAS = [
  'title',
  'description',
  'theme',
  'keyword',
  'publisher',
  'license',
  'language',
  'modified',
  'records_count',
] as const;

/** `format=csv` on the datasets search: one row per dataset of the page, `;`-separated. */
export function sendCatalogCsv(reply: FastifyReply, datasets: readonly Dataset[]): FastifyReply {
  const rows = datasets.map((ds) => {
    const metas = ds.metas.default as unknown as Record<string, unknown>;
    return [
      ds.dataset_id,
      ...CSV_METAS.map((k) => {
        const v = metas[k];
        return v === null || v === undefined ? '' : Array.isArray(v) ? v.join(',') : String(v);
      }),
    ];
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', attachmentDisposition('datasets.csv'))
    .send(
      csvLines(csvLine({ delimiter: ';', quoteAll: false }, V1_LINES), [
        ['datasetid', ...CSV_METAS],
        ...rows,
      ]),
    );
}
