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
  const scribe = xmlScribe({ prefixes: { ...prefixes } });
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
