import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExploreData, openExploreData } from '../catalog/open';
import type { Logger } from './logger';

/*
 * Files as publishers have them (README, "What files are read"): exports of office software and
 * public-sector systems in Windows-1252, UTF-16 spreadsheets' "Unicode text", UTF-8 with a byte-order
 * mark; and the faults they carry (a quote never closed, an empty file). Each is read with its values
 * intact, or refused with the line and the reason in the log, never served with invented fields or stray
 * quotes.
 */

const FRENCH = 'commune;montant;libellé\nOrléans;12 €;Cœur d’artichaut\nÉvry;3;Façade\n';

/** Windows-1252 bytes of the text's letters beyond ASCII (the code page's table, written out). */
const CP1252: Readonly<Record<string, number>> = {
  '€': 0x80,
  '’': 0x92,
  œ: 0x9c,
  É: 0xc9,
  ç: 0xe7,
  é: 0xe9,
  è: 0xe8,
};

function windows1252(text: string): Buffer {
  return Buffer.from([...text].map((char) => CP1252[char] ?? char.charCodeAt(0)));
}

const FILES: Readonly<Record<string, Buffer | string>> = {
  'windows-1252.csv': windows1252(FRENCH),
  // Latin-9 puts € at 0xA4, where Windows-1252 has ¤: only a declaration can tell.
  'latin9.csv': Buffer.from([...Buffer.from('item,prix\nbook,'), 0xa4, ...Buffer.from('5\n')]),
  'utf16le-bom.csv': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(FRENCH, 'utf16le')]),
  'utf16be.csv': Buffer.from(FRENCH, 'utf16le').swap16(),
  'utf8-bom.csv': `\ufeff${FRENCH}`,
  'latin1.json': windows1252('[{"ville": "Orléans", "note": "très bien"}]'),
  'unclosed.csv': 'name,city\nAda,London\n"Grace,New York\nAlan,Wilmslow\n',
  'unclosed-no-comma.csv': 'name,city\nAda,London\n"Grace New York\nAlan,Wilmslow\n',
  'empty.csv': '',
  'blank.csv': '\ufeff \n\n',
  'header-only.csv': 'name,city\n',
  'inch.csv': 'screen,price\n5" phone,120\n',
};

const DESCRIPTORS: readonly Record<string, unknown>[] = [
  { dataset_id: 'windows_1252', source: 'windows-1252.csv', delimiter: ';' },
  { dataset_id: 'latin9', source: 'latin9.csv', encoding: 'latin-9' },
  { dataset_id: 'utf16le_bom', source: 'utf16le-bom.csv', delimiter: ';' },
  { dataset_id: 'utf16be', source: 'utf16be.csv', delimiter: ';' },
  { dataset_id: 'utf8_bom', source: 'utf8-bom.csv', delimiter: ';' },
  { dataset_id: 'latin1_json', source: 'latin1.json' },
  { dataset_id: 'unclosed', source: 'unclosed.csv' },
  { dataset_id: 'unclosed_no_comma', source: 'unclosed-no-comma.csv' },
  { dataset_id: 'empty', source: 'empty.csv' },
  { dataset_id: 'blank', source: 'blank.csv' },
  { dataset_id: 'header_only', source: 'header-only.csv' },
  { dataset_id: 'inch', source: 'inch.csv' },
  { dataset_id: 'wrong_encoding', source: 'inch.csv', encoding: 'ebcdic' },
];

describe('files publishers really have', () => {
  let dataDir: string;
  let data: ExploreData;
  const lines: string[] = [];
  const log: Logger = {
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'explore-publisher-files-'));
    const datasets = join(dataDir, 'datasets');
    const files = join(dataDir, 'files');
    await mkdir(datasets, { recursive: true });
    await mkdir(files, { recursive: true });
    for (const [name, content] of Object.entries(FILES)) await writeFile(join(files, name), content);
    for (const d of DESCRIPTORS) {
      const descriptor = { ...d, source: `../files/${String(d.source)}` };
      await writeFile(join(datasets, `${String(d.dataset_id)}.json`), JSON.stringify(descriptor));
    }
    data = await openExploreData({ dataDir, log, includeDefault: false, threads: 1 });
  });

  afterAll(async () => {
    await data?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const rows = async (id: string, columns: string): Promise<unknown[][]> => {
    const ds = data.catalog.get(id);
    if (!ds) throw new Error(`${id} not served: ${JSON.stringify(data.catalog.problems)}`);
    return (
      await data.engine.rows({ sql: `SELECT ${columns} FROM ${ds.table} ORDER BY __pos`, params: [] })
    ).map((r) => [...r]);
  };
  // A dataset's failure names its id; a descriptor's, the descriptor's file.
  const reason = (id: string): string | undefined =>
    data.catalog.problems.find((p) => p.datasetId === id || p.origin.endsWith(`/${id}.json`))?.reason;

  it('serves exactly the readable files, and no other problem than the refused ones', () => {
    expect(data.catalog.problems.map((p) => p.datasetId ?? p.origin.split('/').pop()).sort()).toEqual([
      'blank',
      'empty',
      'unclosed',
      'unclosed_no_comma',
      'wrong_encoding.json',
    ]);
    expect(data.catalog.list().map((d) => d.dataset_id)).toEqual([
      'header_only',
      'inch',
      'latin1_json',
      'latin9',
      'utf16be',
      'utf16le_bom',
      'utf8_bom',
      'windows_1252',
    ]);
  });

  it('reads Windows-1252, UTF-16 (with or without a byte-order mark) and UTF-8 with a BOM alike', async () => {
    const expected = [
      ['Orléans', '12 €', 'Cœur d’artichaut'],
      ['Évry', '3', 'Façade'],
    ];
    for (const id of ['windows_1252', 'utf16le_bom', 'utf16be', 'utf8_bom']) {
      const ds = data.catalog.get(id);
      expect(
        ds?.fields.map((f) => f.name),
        id,
      ).toEqual(['commune', 'montant', 'libelle']);
      expect(ds?.fields[2]?.label, id).toBe('libellé');
      expect(
        (await rows(id, 'commune, montant, libelle')).map((r) => r.map(String)),
        id,
      ).toEqual(expected);
    }
    expect(await rows('latin9', 'prix')).toEqual([['€5']]);
    expect(await rows('latin1_json', 'ville, note')).toEqual([['Orléans', 'très bien']]);
  });

  it('says in the log which encoding a file was read as', () => {
    expect(lines.some((l) => /dataset windows_1252: 2 rows \(csv, read as windows-1252\)/.test(l))).toBe(
      true,
    );
    expect(lines.some((l) => /dataset utf16be: 2 rows \(csv, read as utf-16be\)/.test(l))).toBe(true);
    expect(lines.some((l) => /dataset utf8_bom: 2 rows \(csv\)/.test(l))).toBe(true);
  });

  it('refuses a quote never closed, with the line where it opens, comma inside or not', () => {
    expect(reason('unclosed')).toMatch(/line 3: a value opens a quote \("\) with no closing quote/);
    expect(reason('unclosed_no_comma')).toMatch(/line 3: a value opens a quote \("\) with no closing quote/);
    expect(lines).toContainEqual(expect.stringMatching(/^error .*unclosed.*line 3: a value opens a quote/));
  });

  it('refuses an empty file rather than invent a field', () => {
    expect(reason('empty')).toMatch(/the file is empty/);
    expect(reason('blank')).toMatch(/the file is empty/);
    expect(lines).toContainEqual(expect.stringMatching(/^error .*empty.*the file is empty/));
  });

  it('keeps a header-only file as its fields with no record, and a quote inside a value as it is', async () => {
    expect(data.catalog.get('header_only')?.fields.map((f) => f.name)).toEqual(['name', 'city']);
    expect(data.catalog.get('header_only')?.metas.default.records_count).toBe(0);
    expect(await rows('inch', 'screen, price')).toEqual([['5" phone', 120]]);
  });

  it('refuses an encoding it does not know, naming the ones it does', () => {
    expect(reason('wrong_encoding')).toMatch(/encoding "ebcdic" is not one of utf-8, utf-16le/);
  });

  it('leaves no UTF-8 copy behind', async () => {
    const tmp = join(dataDir, 'tmp');
    const left = await readdir(tmp).catch(() => [] as string[]);
    expect(left.filter((f) => f.includes('.utf8'))).toEqual([]);
  });
});
