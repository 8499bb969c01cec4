import { type Quad, Writer } from 'n3';
import type { ExportContext, RecordExportFormat } from '../types';
import { exportQuads, NS, rdfVocabulary } from './rdf-terms';

/*
 * Turtle and Notation3 with the `n3` library's writer. Its output goes to a sink emptied after each
 * batch, so the file streams.
 */

export async function* n3Text(
  batches: AsyncIterable<readonly Quad[]>,
  format: 'Turtle' | 'N3',
  prefixes: Readonly<Record<string, string>>,
): AsyncIterable<string> {
  const pending: string[] = [];
  const sink = { write: (text: string) => pending.push(text), end: () => {} };
  const writer = new Writer(sink, { format, prefixes: { ...prefixes } });
  for await (const batch of batches) {
    writer.addQuads([...batch]);
    if (pending.length > 0) yield pending.splice(0).join('');
  }
  writer.end();
  if (pending.length > 0) yield pending.splice(0).join('');
}

function recordsN3(context: ExportContext, format: 'Turtle' | 'N3'): AsyncIterable<string> {
  const vocabulary = rdfVocabulary(context);
  const prefixes = { ...NS, field: vocabulary.fields, record: vocabulary.records };
  return n3Text(exportQuads(context), format, prefixes);
}

export const turtle: RecordExportFormat = {
  format: 'turtle',
  extension: 'ttl',
  mediaType: 'text/turtle; charset=utf-8',
  versions: ['2.0', '2.1'],
  write: (context) => recordsN3(context, 'Turtle'),
};

export const n3: RecordExportFormat = {
  format: 'n3',
  extension: 'n3',
  mediaType: 'text/n3; charset=utf-8',
  versions: ['2.0', '2.1'],
  write: (context) => recordsN3(context, 'N3'),
};
