import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEncoding, sourceEncoding, transcodeToUtf8 } from './encoding';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'encoding-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fileOf(name: string, content: Buffer | string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

describe('detectEncoding', () => {
  it('keeps UTF-8 whose multi-byte letters straddle the 1 MiB chunks it is checked in', async () => {
    // 'é' is two bytes, '€' three, '😀' four: each placed across the boundary in turn.
    for (const [letter, offset] of [
      ['é', 1],
      ['€', 1],
      ['€', 2],
      ['😀', 1],
      ['😀', 3],
    ] as const) {
      const text = `${'a'.repeat((1 << 20) - offset)}${letter}b\n`;
      const found = await detectEncoding(await fileOf(`straddle-${offset}.csv`, text));
      expect(found.encoding, `${letter} at -${offset}`).toBe('utf-8');
    }
  });

  it('tells byte-order marks, UTF-16 without one, Windows-1252 and empty files', async () => {
    const text = 'a,b\nÉvry,œuf\n';
    const cases: [Buffer | string, string, number, boolean][] = [
      [`\ufeff${text}`, 'utf-8', 3, false],
      [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), 'utf-16le', 2, false],
      [
        Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
        'utf-16be',
        2,
        false,
      ],
      [Buffer.from(text, 'utf16le'), 'utf-16le', 0, false],
      [Buffer.from(text, 'utf16le').swap16(), 'utf-16be', 0, false],
      [Buffer.from([0x61, 0x0a, 0x9c, 0x75, 0x66, 0x80]), 'windows-1252', 0, false],
      ['', 'utf-8', 0, true],
      ['\ufeff  \n', 'utf-8', 3, true],
    ];
    for (const [i, [content, encoding, bomBytes, empty]] of cases.entries()) {
      expect(await detectEncoding(await fileOf(`case-${i}`, content)), String(i)).toEqual({
        encoding,
        bomBytes,
        empty,
      });
    }
  });

  it('reads any valid UTF-8 as UTF-8 (generated text)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 200 }), async (text) => {
        const found = await detectEncoding(await fileOf('generated.csv', `h\n${text}`));
        expect(found.encoding).toBe('utf-8');
      }),
      { numRuns: 100 },
    );
  });
});

describe('transcodeToUtf8', () => {
  it('writes the text as UTF-8 without the byte-order mark', async () => {
    const source = await fileOf(
      'in.csv',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('é€\n', 'utf16le')]),
    );
    const target = join(dir, 'out.csv');
    await transcodeToUtf8(source, 'utf-16le', target);
    expect(await readFile(target, 'utf8')).toBe('é€\n');
    await transcodeToUtf8(await fileOf('cp.csv', Buffer.from([0x80, 0x92, 0x9c])), 'windows-1252', target);
    expect(await readFile(target, 'utf8')).toBe('€’œ');
  });
});

describe('sourceEncoding', () => {
  it('takes the names publishers write, and refuses others', () => {
    expect(sourceEncoding('Latin-1')).toBe('windows-1252');
    expect(sourceEncoding('ISO-8859-1')).toBe('windows-1252');
    expect(sourceEncoding('UTF8')).toBe('utf-8');
    expect(sourceEncoding('latin9')).toBe('iso-8859-15');
    expect(sourceEncoding('ebcdic')).toBeUndefined();
  });
});
