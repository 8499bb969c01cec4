import xmlScribe from '@graphy/content.xml.scribe';
import type { ExportContext, RecordExportFormat } from '../types';
import { serialiseQuads } from './rdf-stream';
import { exportQuads, NS, rdfVocabulary } from './rdf-terms';
import { xmlSafe } from './xml-text';

/*
 * RDF/XML with graphy's streaming XML scribe. It escapes `& < > " '`; `xmlSafe` completes that for data
 * holding carriage returns or characters XML 1.0 cannot carry.
 */

async function* writeRdfXml(context: ExportContext): AsyncIterable<string> {
  const vocabulary = rdfVocabulary(context);
  const scribe = xmlScribe({ prefixes: { ...NS, field: vocabulary.fields } });
  yield* serialiseQuads(scribe, exportQuads(context), (q) => ({ type: 'quad', value: q }), xmlSafe);
}

export const rdfxml: RecordExportFormat = {
  format: 'rdfxml',
  extension: 'rdf',
  mediaType: 'application/rdf+xml; charset=utf-8',
  versions: ['2.0', '2.1'],
  write: writeRdfXml,
};
