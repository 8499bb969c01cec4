import { DataFactory, type Quad, type Quad_Object, type Quad_Subject } from 'n3';
import type { Dataset } from '../../catalog/types';
import { geometryOf, toWkt } from '../formats/geo-values';
import { formatFitsDataset, recordExportFormat } from '../formats/index';
import { n3Text } from '../formats/rdf-n3';
import { NS } from '../formats/rdf-terms';
import { rdfXmlText } from '../formats/rdfxml';
import { renderedMetas } from './tabular';
import { type CatalogExportContext, type CatalogExportFormat, datasetUrl } from './types';

/*
 * DCAT-AP (DCAT 2 classes and properties): the catalog, each dataset with its metadata, and one
 * distribution per dataset export format (`include_exports`), in RDF/XML (`rdf`, `dcat`) or Turtle (`ttl`).
 */

const { namedNode, literal, quad, blankNode } = DataFactory;

export const DCAT_PREFIXES = {
  ...NS,
  dcat: 'http://www.w3.org/ns/dcat#',
  foaf: 'http://xmlns.com/foaf/0.1/',
  skos: 'http://www.w3.org/2004/02/skos/core#',
} as const;

type Prefix = keyof typeof DCAT_PREFIXES;
const term = (prefix: Prefix, local: string) => namedNode(DCAT_PREFIXES[prefix] + local);
const typed = (value: string, type: string): Quad_Object => literal(value, term('xsd', type));

/** A metadata value usable as an IRI: an absolute http(s) URL without characters IRIs exclude. */
export function webIri(text: string | null): string | null {
  return text !== null && /^https?:\/\/[^\s<>"{}|\\^`]+$/.test(text) ? text : null;
}

/** The media type without parameters, as an IANA IRI (DCAT-AP's dcat:mediaType range). */
function mediaTypeIri(mediaType: string): string {
  return `https://www.iana.org/assignments/media-types/${mediaType.split(';')[0]!.trim()}`;
}

function distributionQuads(context: CatalogExportContext, dataset: Dataset, subject: Quad_Subject): Quad[] {
  const out: Quad[] = [];
  for (const name of context.includeExports) {
    const format = recordExportFormat(name, context.version);
    if (!format || !formatFitsDataset(name, dataset.fields)) continue;
    const query = context.useLabelsInExports ? '?use_labels=true' : '';
    const url = namedNode(`${datasetUrl(context, dataset)}/exports/${name}${query}`);
    out.push(
      quad(subject, term('dcat', 'distribution'), url),
      quad(url, term('rdf', 'type'), term('dcat', 'Distribution')),
      quad(url, term('dcterms', 'title'), literal(`${dataset.metas.default.title} (${name})`)),
      quad(url, term('dcat', 'accessURL'), url),
      quad(url, term('dcat', 'downloadURL'), url),
      quad(url, term('dcterms', 'format'), literal(name)),
      quad(url, term('dcat', 'mediaType'), namedNode(mediaTypeIri(format.mediaType))),
    );
  }
  return out;
}

export function datasetQuads(context: CatalogExportContext, dataset: Dataset): Quad[] {
  const metas = dataset.metas.default;
  const rendered = renderedMetas(context, dataset);
  const s = namedNode(datasetUrl(context, dataset));
  const out: Quad[] = [
    quad(s, term('rdf', 'type'), term('dcat', 'Dataset')),
    quad(s, term('dcterms', 'identifier'), literal(dataset.dataset_id)),
    quad(s, term('dcterms', 'title'), literal(metas.title)),
  ];
  if (metas.description) out.push(quad(s, term('dcterms', 'description'), literal(metas.description)));
  for (const k of metas.keyword ?? []) out.push(quad(s, term('dcat', 'keyword'), literal(k)));
  for (const theme of metas.theme ?? []) {
    const concept = blankNode();
    out.push(
      quad(s, term('dcat', 'theme'), concept),
      quad(concept, term('rdf', 'type'), term('skos', 'Concept')),
      quad(concept, term('skos', 'prefLabel'), literal(theme)),
    );
  }
  if (metas.publisher) {
    const agent = blankNode();
    out.push(
      quad(s, term('dcterms', 'publisher'), agent),
      quad(agent, term('rdf', 'type'), term('foaf', 'Agent')),
      quad(agent, term('foaf', 'name'), literal(metas.publisher)),
    );
  }
  if (typeof rendered.modified === 'string') {
    out.push(quad(s, term('dcterms', 'modified'), typed(rendered.modified, 'dateTime')));
  }
  if (metas.language) {
    out.push(
      quad(
        s,
        term('dcterms', 'language'),
        namedNode(`http://id.loc.gov/vocabulary/iso639-1/${metas.language}`),
      ),
    );
  }
  if (metas.license) {
    const url = webIri(metas.license_url);
    const license = url ? namedNode(url) : blankNode();
    out.push(
      quad(s, term('dcterms', 'license'), license),
      quad(license, term('rdf', 'type'), term('dcterms', 'LicenseDocument')),
      quad(license, term('rdfs', 'label'), literal(metas.license)),
    );
  }
  const landingPage = webIri(metas.references);
  if (landingPage) out.push(quad(s, term('dcat', 'landingPage'), namedNode(landingPage)));
  const bbox = geometryOf(metas.bbox);
  if (bbox) {
    const location = blankNode();
    out.push(
      quad(s, term('dcterms', 'spatial'), location),
      quad(location, term('rdf', 'type'), term('dcterms', 'Location')),
      quad(location, term('dcat', 'bbox'), literal(toWkt(bbox), term('geo', 'wktLiteral'))),
    );
  }
  out.push(...distributionQuads(context, dataset, s));
  return out;
}

export function catalogIri(context: CatalogExportContext): string {
  return `${context.root}/catalog`;
}

async function* dcatQuads(context: CatalogExportContext): AsyncIterable<readonly Quad[]> {
  const catalog = namedNode(catalogIri(context));
  yield [
    quad(catalog, term('rdf', 'type'), term('dcat', 'Catalog')),
    quad(catalog, term('dcterms', 'title'), literal('Explore API catalog')),
    quad(catalog, term('dcterms', 'description'), literal(`The datasets served at ${context.root}`)),
    ...context.datasets.map((d) => quad(catalog, term('dcat', 'dataset'), namedNode(datasetUrl(context, d)))),
  ];
  for (const dataset of context.datasets) {
    if (context.signal.aborted) return;
    yield datasetQuads(context, dataset);
  }
}

const rdfXml = (format: string): CatalogExportFormat => ({
  format,
  fileName: 'datasets.rdf',
  mediaType: 'application/rdf+xml; charset=utf-8',
  write: (context) => rdfXmlText(dcatQuads(context), DCAT_PREFIXES),
});

export const catalogRdf = rdfXml('rdf');
export const catalogDcat = rdfXml('dcat');

export const catalogTtl: CatalogExportFormat = {
  format: 'ttl',
  fileName: 'datasets.ttl',
  mediaType: 'text/turtle; charset=utf-8',
  write: (context) => n3Text(dcatQuads(context), 'Turtle', DCAT_PREFIXES),
};
