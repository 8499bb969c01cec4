import jsonldLib from 'jsonld';
import { Parser, type Quad } from 'n3';
import { RdfXmlParser } from 'rdfxml-streaming-parser';

/* Test support: RDF files read back with parsers independent of the writers, as plain triples. */

export interface Triple {
  readonly s: string;
  readonly p: string;
  readonly o: string;
  /** The literal's datatype IRI, or the term type of a node. */
  readonly type: string;
}

const simple = (q: Quad): Triple => ({
  s: q.subject.value,
  p: q.predicate.value,
  o: q.object.value,
  type: q.object.termType === 'Literal' ? q.object.datatype.value : q.object.termType,
});

export type RdfSyntax = 'turtle' | 'n3' | 'rdfxml' | 'jsonld';

export async function readRdf(syntax: RdfSyntax, text: string): Promise<Triple[]> {
  if (syntax === 'turtle' || syntax === 'n3') {
    return new Parser({ format: syntax === 'n3' ? 'text/n3' : 'text/turtle' }).parse(text).map(simple);
  }
  if (syntax === 'rdfxml') {
    const parser = new RdfXmlParser();
    const quads: Quad[] = [];
    await new Promise<void>((resolve, reject) => {
      parser.on('data', (q: Quad) => quads.push(q));
      parser.on('error', reject);
      parser.on('end', resolve);
      parser.end(text);
    });
    return quads.map(simple);
  }
  const nquads = (await jsonldLib.toRDF(JSON.parse(text), { format: 'application/n-quads' })) as string;
  return new Parser({ format: 'N-Quads' }).parse(nquads).map(simple);
}
