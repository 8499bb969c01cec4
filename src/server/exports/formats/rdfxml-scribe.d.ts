declare module '@graphy/content.xml.scribe' {
  import type { Transform } from 'node:stream';

  /** graphy's streaming RDF/XML writer: write `{type: 'quad', value: quad}` events, read text. */
  export default function xmlScribe(config?: { prefixes?: Record<string, string> }): Transform;
}
