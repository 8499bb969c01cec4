import xmlScribe from '@graphy/content.xml.scribe';
import type { Quad } from 'n3';
import type { ExportContext, RecordExportFormat } from '../types';
import { serialiseQuads } from './rdf-stream';
import { exportQuads, NS, rdfVocabulary } from './rdf-terms';
import { xmlSafe } from './xml-text';

/*
 * RDF/XML with graphy's streaming XML scribe. It escapes `& < > " '`; `xmlSafe` completes that for data
 * holding carriage returns or characters XML 1.0 cannot carry.
 */

export function rdfXmlText(
  batches: AsyncIterable<readonly Quad[]>,
  prefixes: Readonly<Record<string, string>>,
): AsyncIterable<string> {
  // graphy escapes prefix IRIs for a regular expression without `]`, so an IRI on an IPv6 host
  // (`http://[::1]:8080/…`) would throw: such a namespace goes undeclared, and graphy writes it on each
  // element instead (the same triples).
  const declared = Object.fromEntries(Object.entries(prefixes).filter(([, iri]) => !iri.includes(']')));
  const scribe = xmlScribe({ prefixes: declared });
  return serialiseQuads(scribe, batches, (q) => ({ type: 'quad', value: q }), xmlSafe);
}

function writeRdfXml(context: ExportContext): AsyncIterable<string> {
  const vocabulary = rdfVocabulary(context);
  return rdfXmlText(exportQuads(context), { ...NS, field: vocabulary.fields });
}

export const rdfxml: RecordExportFormat = {
  format: 'rdfxml',
  extension: 'rdf',
  mediaType: 'application/rdf+xml; charset=utf-8',
  versions: ['2.0', '2.1'],
  write: writeRdfXml,
};
