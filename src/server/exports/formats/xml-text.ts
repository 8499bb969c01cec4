import type { ExportContext, ExportRecord } from '../types';

/*
 * Text for XML 1.0 documents written by hand (KML, GPX) and the clean-up of an RDF/XML serialiser's output.
 */

/** Characters XML 1.0 cannot carry at all, not even as character references (and lone surrogates). */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // A raw carriage return would be read back as a line feed (XML end-of-line handling).
  '\r': '&#13;',
};

/** Element content or attribute value: escaped, with the characters XML cannot hold dropped. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"'\r]/g, (c) => ENTITIES[c] ?? c);
}

/**
 * Makes text produced by a serialiser that escapes only `& < > " '` safe to read back: carriage
 * returns become references and characters XML cannot hold are dropped. Markup never contains either,
 * so only data is touched.
 */
export function xmlSafe(serialised: string): string {
  return serialised.replace(NOT_XML, '').replace(/\r/g, '&#13;');
}

/** An XML name (element or attribute) from a field name: invalid characters become `_`. */
export function xmlName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

/** A document of one element per record between a head and a tail, a batch of text at a time. */
export async function* xmlDocument(
  context: ExportContext,
  head: string,
  element: (record: ExportRecord) => string,
  tail: string,
): AsyncIterable<string> {
  yield head;
  for await (const batch of context.records) {
    if (context.signal.aborted) return;
    yield batch.map(element).join('');
  }
  yield tail;
}
