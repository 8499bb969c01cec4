import { JsonLdSerializer } from 'jsonld-streaming-serializer';
import type { ExportContext, RecordExportFormat } from '../types';
import { serialiseQuads } from './rdf-stream';
import { exportQuads, NS, rdfVocabulary } from './rdf-terms';

/*
 * JSON-LD with the streaming serialiser of the RDF/JS ecosystem: one node object per record, in order,
 * IRIs compacted by a context of the same prefixes as the other RDF formats.
 */

function writeJsonLd(context: ExportContext): AsyncIterable<string> {
  const vocabulary = rdfVocabulary(context);
  const prefixes = { ...NS, field: vocabulary.fields, record: vocabulary.records };
  return serialiseQuads(new JsonLdSerializer({ context: prefixes }), exportQuads(context));
}

export const jsonld: RecordExportFormat = {
  format: 'jsonld',
  extension: 'jsonld',
  mediaType: 'application/ld+json; charset=utf-8',
  versions: ['2.0', '2.1'],
  write: writeJsonLd,
};
