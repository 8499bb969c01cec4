import { Writer } from 'n3';
import type { ExportContext, RecordExportFormat } from '../types';
import { exportQuads, NS, rdfVocabulary } from './rdf-terms';

/*
 * Turtle and Notation3 with the `n3` library's writer. Its output goes to a sink emptied after each
 * batch, so the file streams.
 */

async function* writeN3(context: ExportContext, format: 'Turtle' | 'N3'): AsyncIterable<string> {
  const pending: string[] = [];
  const sink = { write: (text: string) => pending.push(text), end: () => {} };
  const vocabulary = rdfVocabulary(context);
  const writer = new Writer(sink, {
    format,
    prefixes: { ...NS, field: vocabulary.fields, record: vocabulary.records },
  });
  for await (const batch of exportQuads(context)) {
    writer.addQuads([...batch]);
    if (pending.length > 0) yield pending.splice(0).join('');
  }
  writer.end();
  if (pending.length > 0) yield pending.splice(0).join('');
}

export const turtle: RecordExportFormat = {
  format: 'turtle',
  extension: 'ttl',
  mediaType: 'text/turtle; charset=utf-8',
  versions: ['2.0', '2.1'],
  write: (context) => writeN3(context, 'Turtle'),
};

export const n3: RecordExportFormat = {
  format: 'n3',
  extension: 'n3',
  mediaType: 'text/n3; charset=utf-8',
  versions: ['2.0', '2.1'],
  write: (context) => writeN3(context, 'N3'),
};
