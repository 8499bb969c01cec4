import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  KEYS,
  RESTRICTED_ID,
  RESTRICTED_KEYWORD,
  RESTRICTED_THEME,
  RESTRICTED_THEME_FR,
  RESTRICTED_TITLE_FR,
} from '../testing/access-fixture';
import { api, getJson, getJsonAt, onClickHouse, origin } from '../testing/http';

/*
 * Metadata in the language asked (`lang`): the default catalog is translated into French, the
 * restricted fixture partly. Datasets, lists, facets, exports and the v1 search answer in it, search
 * and refine on it, fall back to the untranslated text, and keep restricted datasets out in every
 * language.
 */

interface Field {
  name: string;
  label: string;
  description: string | null;
}
interface Dataset {
  dataset_id: string;
  fields: Field[];
  attachments: { id: string; title: string }[];
  metas: { default: Record<string, unknown> & { title: string; theme: string[] | null } };
}
interface Catalog {
  total_count: number;
  results: Dataset[];
}
interface Facets {
  facets: { name: string; facets: { name: string; value: string; count: number }[] }[];
}

const catalog = async (params: Record<string, string | number | string[]>): Promise<Catalog> => {
  const res = await getJson<Catalog>('/catalog/datasets', { limit: 100, ...params });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const ids = (answer: Catalog): string[] => answer.results.map((d) => d.dataset_id);
const facetValues = async (facet: string, params: Record<string, string> = {}): Promise<string[]> => {
  const res = await getJson<Facets>('/catalog/facets', { facet, ...params });
  expect(res.status, res.text).toBe(200);
  return res.body.facets.find((f) => f.name === facet)?.facets.map((v) => v.value) ?? [];
};

describe('a dataset in the language asked', () => {
  it('gives French metas and field labels with lang=fr, in both versions', async () => {
    const res = await getJson<Dataset>('/catalog/datasets/flights', { lang: 'fr' });
    expect(res.status, res.text).toBe(200);
    const metas = res.body.metas.default;
    expect(metas.title).toBe('Retards des vols aux États-Unis (3 millions de vols, 2001)');
    expect(metas.description).toMatch(/^Statistiques de retard des vols/);
    expect(metas.keyword).toEqual(['vols', 'retards', 'aviation', 'États-Unis']);
    expect(metas.theme).toEqual(['Transports']);
    expect(metas.metadata_languages).toEqual(['en', 'fr']);
    // The dataset's own language is still the untranslated metadata's.
    expect(metas.language).toBe('en');
    const origin = res.body.fields.find((f) => f.name === 'origin_coordinates');
    expect(origin).toMatchObject({
      label: "Emplacement de l'aéroport de départ",
      description: "Emplacement de l'aéroport de départ, joint depuis airports.csv par le code IATA.",
    });
    const v20 = await getJson<{ dataset: Dataset }>('/catalog/datasets/flights', { lang: 'fr' }, '2.0');
    expect(v20.body.dataset.metas.default.title).toBe(metas.title);
    expect(v20.body.dataset.fields.find((f) => f.name === 'delay')?.label).toBe('Retard (min)');
  });

  it('gives the untranslated metadata without lang, and in a language without translation', async () => {
    const asked: Record<string, string>[] = [{}, { lang: 'en' }, { lang: 'de' }];
    for (const params of asked) {
      const res = await getJson<Dataset>('/catalog/datasets/flights', params);
      expect(res.body.metas.default.title).toBe('US flight delays (3 million flights, 2001)');
      expect(res.body.metas.default.theme).toEqual(['Transport']);
      expect(res.body.fields.find((f) => f.name === 'delay')?.label).toBe('Delay (min)');
    }
  });

  it('falls back item by item to the untranslated text (a partial translation)', async () => {
    const res = await getJson<Dataset>(`/catalog/datasets/${RESTRICTED_ID}`, {
      lang: 'fr',
      apikey: KEYS.granted.key,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.metas.default).toMatchObject({
      title: RESTRICTED_TITLE_FR,
      theme: [RESTRICTED_THEME_FR],
      keyword: [RESTRICTED_KEYWORD],
      metadata_languages: ['fr'],
    });
    expect(res.body.fields.map((f) => f.label)).toEqual(['Service', 'Employee', 'Salary']);
    expect(res.body.attachments.map((a) => a.title)).toEqual(['Fichier de paie']);
    const attachments = await getJson<{ attachments: { metas: { title: string } }[] }>(
      `/catalog/datasets/${RESTRICTED_ID}/attachments`,
      { lang: 'fr', apikey: KEYS.granted.key },
    );
    expect(attachments.body.attachments.map((a) => a.metas.title)).toEqual(['Fichier de paie']);
  });

  it('refuses a language the interface does not know', async () => {
    const res = await getJson<{ error_code: string }>('/catalog/datasets/flights', { lang: 'xx' });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('InvalidRESTParameterError');
  });
});

describe('the catalog in the language asked', () => {
  it('lists French titles and finds flights by its French title ("vols"), and by its English one', async () => {
    const fr = await catalog({ lang: 'fr', order_by: 'dataset_id' });
    expect(fr.total_count).toBe(11);
    expect(fr.results.find((d) => d.dataset_id === 'penguins')?.metas.default.title).toBe(
      "Manchots de l'archipel Palmer",
    );
    expect(ids(await catalog({ lang: 'fr', where: 'search("vols")' }))).toEqual(['flights']);
    // Without French, nothing is called "vols".
    expect(ids(await catalog({ where: 'search("vols")' }))).toEqual([]);
    // The untranslated text is still searched in French.
    expect(ids(await catalog({ lang: 'fr', where: 'search("flight delays")' }))).toEqual(['flights']);
    // Accents are not needed: "seismes" finds "Séismes".
    expect(ids(await catalog({ lang: 'fr', where: 'search("seismes")' }))).toEqual(['earthquakes']);
  });

  it('sorts, selects and filters on the translated metadata', async () => {
    const sorted = await catalog({ lang: 'fr', order_by: 'title', select: 'title' });
    const titles = sorted.results.map((d) => (d as unknown as { title: string }).title);
    expect(titles).toContain('Aéroports des États-Unis');
    expect(titles).toContain("Manchots de l'archipel Palmer");
    // The catalog's titles in reading order: accents and case folded ("Aéroports" before "Arrondissements").
    // ClickHouse 18.16 folds case only: it cannot strip accents (docs/clickhouse-dialect.md).
    const folded = (t: string) =>
      onClickHouse()
        ? t.toLowerCase()
        : t
            .normalize('NFD')
            .replace(/\p{Diacritic}/gu, '')
            .toLowerCase();
    expect(titles).toEqual(
      [...titles].sort((a, b) => (folded(a) < folded(b) ? -1 : folded(a) > folded(b) ? 1 : 0)),
    );
    expect(ids(await catalog({ lang: 'fr', where: 'theme = "Transports"', order_by: 'dataset_id' }))).toEqual(
      ['airports', 'flights'],
    );
  });

  it('counts and refines theme and keyword facets in French', async () => {
    expect(await facetValues('theme', { lang: 'fr' })).toEqual(
      expect.arrayContaining(['Transports', 'Environnement', 'Sciences', 'Société']),
    );
    expect(await facetValues('theme', { lang: 'fr' })).not.toContain('Transport');
    expect(await facetValues('theme')).toContain('Transport');
    expect(await facetValues('keyword', { lang: 'fr', refine: 'theme:Transports' })).toEqual(
      expect.arrayContaining(['vols', 'aéroports', 'États-Unis']),
    );
    expect(ids(await catalog({ lang: 'fr', refine: 'keyword:vols' }))).toEqual(['flights']);
  });

  it('reads refines of untranslated themes and keywords in French (links made in another language)', async () => {
    expect(ids(await catalog({ lang: 'fr', refine: 'theme:Transport', order_by: 'dataset_id' }))).toEqual([
      'airports',
      'flights',
    ]);
    expect(ids(await catalog({ lang: 'fr', refine: 'keyword:flights' }))).toEqual(['flights']);
    expect(await facetValues('keyword', { lang: 'fr', refine: 'theme:Transport' })).toContain('vols');
    const v1 = await getJsonAt<{ nhits: number }>(`${origin()}/api/datasets/1.0/search/`, {
      'refine.theme': 'Transport',
      lang: 'fr',
    });
    expect(v1.body.nhits).toBe(2);
  });

  it('exports the catalog in French', async () => {
    const url = new URL(`${api()}/catalog/exports/csv`);
    url.searchParams.set('lang', 'fr');
    url.searchParams.set('where', 'search("vols")');
    url.searchParams.set('with_bom', 'false');
    url.searchParams.set('delimiter', ',');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const rows = parse(await res.text(), { delimiter: ',', columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(Object.values(rows[0]!)).toContain('flights');
    expect(Object.values(rows[0]!)).toContain('Retards des vols aux États-Unis (3 millions de vols, 2001)');
  });

  it('answers the v1 datasets search in French', async () => {
    const res = await getJsonAt<{
      nhits: number;
      datasets: { datasetid: string; metas: { title: string } }[];
    }>(`${origin()}/api/datasets/1.0/search/`, { q: 'vols', lang: 'fr' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.datasets.map((d) => [d.datasetid, d.metas.title])).toEqual([
      ['flights', 'Retards des vols aux États-Unis (3 millions de vols, 2001)'],
    ]);
  });

  it('keeps a restricted dataset out in every language, and shows it in French to a key that grants it', async () => {
    for (const lang of [undefined, 'fr', 'de']) {
      const params: Record<string, string> = lang ? { lang } : {};
      const anonymous = await catalog({ ...params, where: `search("${RESTRICTED_TITLE_FR}")` });
      expect(anonymous.total_count, lang).toBe(0);
      expect(await catalog(params)).toMatchObject({ total_count: 11 });
      const themes = await facetValues('theme', params);
      expect(themes).not.toContain(RESTRICTED_THEME);
      expect(themes).not.toContain(RESTRICTED_THEME_FR);
    }
    const granted = await catalog({
      lang: 'fr',
      apikey: KEYS.granted.key,
      where: 'search("confidentielle")',
    });
    expect(granted.results.map((d) => [d.dataset_id, d.metas.default.title])).toEqual([
      [RESTRICTED_ID, RESTRICTED_TITLE_FR],
    ]);
    expect(await facetValues('theme', { lang: 'fr', apikey: KEYS.granted.key })).toContain(
      RESTRICTED_THEME_FR,
    );
  });
});
