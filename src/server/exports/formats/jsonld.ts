import { JsonLdSerializer } from 'jsonld-streaming-serializer';
import type { ExportContext, RecordExportFormat } from '../types';
import { serialiseQuads } from './rdf-stream';
import { exportQuads } from './rdf-terms';

/* JSON-LD with the streaming serialiser of the RDF/JS ecosystem: one node object per record, in order. */

async function* writeJsonLd(context: ExportContext): AsyncIterable<string> {
  yield* serialiseQuads(new JsonLdSerializer(), exportQuads(context));
}

export const jsonld: RecordExportFormat = {
  format: 'jsonld',
  extension: 'jsonld',
  mediaType: 'application/ld+json; charset=utf-8',
  versions: ['2.0', '2.1'],
  write: writeJsonLd,
};
