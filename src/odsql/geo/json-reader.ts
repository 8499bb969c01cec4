import { GeometryLiteralError, MAX_NESTING } from './literal-checks';

/*
 * A strict JSON (RFC 8259) reader that keeps the character offset of every value, so that GeoJSON
 * errors can point at the offending member, and that refuses nesting deeper than the GeoJSON reader
 * could ever need before building anything.
 */

export type JsonNode =
  | { readonly kind: 'object'; readonly offset: number; readonly members: ReadonlyMap<string, JsonNode> }
  | { readonly kind: 'array'; readonly offset: number; readonly items: readonly JsonNode[] }
  | { readonly kind: 'number'; readonly offset: number; readonly value: number; readonly text: string }
  | { readonly kind: 'string'; readonly offset: number; readonly value: string }
  | { readonly kind: 'literal'; readonly offset: number; readonly value: boolean | null };

/**
 * Objects and arrays may nest this deep: a MultiPolygon inside collections nested MAX_NESTING deep
 * needs two levels per collection (object, `geometries` array) plus five.
 */
const MAX_JSON_DEPTH = 2 * MAX_NESTING + 8;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS: readonly (readonly [string, boolean | null])[] = [
  ['true', true],
  ['false', false],
  ['null', null],
];
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

export function readJson(text: string): JsonNode {
  const reader = new JsonReader(text);
  const node = reader.value(0);
  reader.end();
  return node;
}

class JsonReader {
  private pos = 0;

  constructor(private readonly text: string) {}

  value(depth: number): JsonNode {
    this.skipSpace();
    const offset = this.pos;
    const char = this.text[offset];
    if (char === '{' || char === '[') {
      if (depth >= MAX_JSON_DEPTH) this.fail(`nested more than ${MAX_JSON_DEPTH} levels deep`);
      return char === '{' ? this.object(depth + 1) : this.array(depth + 1);
    }
    if (char === '"') return { kind: 'string', offset, value: this.string() };
    for (const [word, value] of LITERALS) {
      if (this.text.startsWith(word, offset)) {
        this.pos += word.length;
        return { kind: 'literal', offset, value };
      }
    }
    NUMBER.lastIndex = offset;
    const found = NUMBER.exec(this.text);
    if (!found) this.fail('expected a value');
    this.pos = NUMBER.lastIndex;
    return { kind: 'number', offset, value: Number(found[0]), text: found[0] };
  }

  end(): void {
    this.skipSpace();
    if (this.pos < this.text.length) this.fail('unexpected text after the end of the document');
  }

  private object(depth: number): JsonNode {
    const offset = this.pos;
    this.pos += 1;
    const members = new Map<string, JsonNode>();
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos += 1;
      return { kind: 'object', offset, members };
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') this.fail('expected a member name');
      const name = this.string();
      this.skipSpace();
      this.expect(':');
      // Like JSON.parse, the last of duplicated members wins.
      members.set(name, this.value(depth));
      this.skipSpace();
      if (this.text[this.pos] === ',') {
        this.pos += 1;
        continue;
      }
      this.expect('}');
      return { kind: 'object', offset, members };
    }
  }

  private array(depth: number): JsonNode {
    const offset = this.pos;
    this.pos += 1;
    const items: JsonNode[] = [];
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos += 1;
      return { kind: 'array', offset, items };
    }
    for (;;) {
      items.push(this.value(depth));
      this.skipSpace();
      if (this.text[this.pos] === ',') {
        this.pos += 1;
        continue;
      }
      this.expect(']');
      return { kind: 'array', offset, items };
    }
  }

  private string(): string {
    this.pos += 1;
    let out = '';
    let chunkStart = this.pos;
    for (;;) {
      const code = this.text.charCodeAt(this.pos);
      if (Number.isNaN(code)) this.fail('unterminated string');
      if (code === 0x22) {
        out += this.text.slice(chunkStart, this.pos);
        this.pos += 1;
        return out;
      }
      if (code < 0x20) this.fail('control character in a string');
      if (code !== 0x5c) {
        this.pos += 1;
        continue;
      }
      out += this.text.slice(chunkStart, this.pos);
      const escaped = this.text[this.pos + 1] ?? '';
      const simple = ESCAPES[escaped];
      if (simple !== undefined) {
        out += simple;
        this.pos += 2;
      } else if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.pos + 2, this.pos + 6))) {
        out += String.fromCharCode(Number.parseInt(this.text.slice(this.pos + 2, this.pos + 6), 16));
        this.pos += 6;
      } else {
        this.fail('invalid escape in a string');
      }
      chunkStart = this.pos;
    }
  }

  private expect(char: string): void {
    if (this.text[this.pos] !== char) this.fail(`expected '${char}'`);
    this.pos += 1;
  }

  private skipSpace(): void {
    for (;;) {
      const char = this.text[this.pos];
      if (char !== ' ' && char !== '\t' && char !== '\n' && char !== '\r') return;
      this.pos += 1;
    }
  }

  private fail(what: string): never {
    throw new GeometryLiteralError(`Invalid GeoJSON: ${what} at position ${this.pos}`, this.pos);
  }
}
