import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSearchText } from './storage';
import { namesWhere, openFixture, type TestDb } from './test-db';
import { searchTerms } from './text-search';

let db: TestDb;
beforeAll(async () => {
  db = await openFixture();
});
afterAll(() => db.close());

const where = (clause: string) => namesWhere(db, clause);

describe('search normalisation', () => {
  it('lower-cases, strips accents and splits on anything but letters and digits', async () => {
    expect(normalizeSearchText("  Hôtel-de-Ville, PARIS! l'Été 2024 ")).toBe(
      'hotel de ville paris l ete 2024',
    );
    expect(searchTerms('Film* "star wars"')).toEqual([
      { token: 'film', prefix: true },
      { token: 'star', prefix: false },
      { token: 'wars', prefix: false },
    ]);
    expect(searchTerms('  ')).toEqual([]);
  });
});

describe('bare full-text search', () => {
  it('matches whole tokens of every text field, ignoring case and accents', async () => {
    expect(await where('"paris"')).toEqual(['Paris Tour Eiffel']);
    expect(await where('"PARIS"')).toEqual(['Paris Tour Eiffel']);
    expect(await where('"ÉVRY"')).toEqual(['Évry Cathédrale']);
    expect(await where('"evry"')).toEqual(['Évry Cathédrale']);
    expect(await where('"cite"')).toEqual(['Bibliothèque de la Cité']);
  });

  it('searches multivalued text fields too', async () => {
    expect(await where('"red"')).toEqual(['Paris Tour Eiffel', 'Lyon Part-Dieu', 'The Secret Garden']);
  });

  it('ANDs the tokens of a phrase, in any order', async () => {
    expect(await where('"tour eiffel"')).toEqual(['Paris Tour Eiffel']);
    expect(await where('"eiffel paris"')).toEqual(['Paris Tour Eiffel']);
    expect(await where('"tour lyon"')).toEqual([]);
  });

  it('does not match part of a token without a trailing *', async () => {
    expect(await where('"eif"')).toEqual([]);
    expect(await where('"secret"')).toEqual(['The Secret Garden', 'secret']);
  });

  it('matches a prefix with a trailing *', async () => {
    expect(await where('"secret*"')).toEqual(['The Secret Garden', 'Book of Secrets', 'secret']);
    expect(await where('"eif*"')).toEqual(['Paris Tour Eiffel']);
    expect(await where('"paris tou*"')).toEqual(['Paris Tour Eiffel']);
  });

  it('splits on punctuation like the indexed text', async () => {
    expect(await where('"part-dieu"')).toEqual(['Lyon Part-Dieu']);
    expect(await where('"dieu"')).toEqual(['Lyon Part-Dieu']);
  });

  it('combines with NOT, AND and OR', async () => {
    expect(await where('"secret*" AND NOT "garden"')).toEqual(['Book of Secrets', 'secret']);
    expect(await where('"lyon" OR "marseille"')).toEqual(['Lyon Part-Dieu', 'Marseille Vieux-Port']);
  });

  it('matches everything with no token at all', async () => {
    expect(await where('"  "')).toHaveLength(8);
  });
});

describe('search()', () => {
  it('is fuzzy on all terms but the last, which is a prefix', async () => {
    // bok → book (1 edit), of exact, secret → secrets (prefix).
    expect(await where('search(name, "bok of secret")')).toEqual(['Book of Secrets']);
    // secrte → secret (2 edits for a term longer than 5), garden last.
    expect(await where('search(name, "secrte garden")')).toEqual(['The Secret Garden']);
    expect(await where('search(name, "pari")')).toEqual(['Paris Tour Eiffel']);
  });

  it('allows one edit from 3 to 5 characters, none below', async () => {
    expect(await where('search(name, "gardn sec")')).toEqual(['The Secret Garden']);
    expect(await where('search(name, "lion part")')).toEqual(['Lyon Part-Dieu']);
    expect(await where('search(name, "of sec")')).toEqual(['Book of Secrets']);
    expect(await where('search(name, "oof book")')).toEqual(['Book of Secrets']);
    expect(await where('search(name, "xf book")')).toEqual([]);
  });

  it('does not make the last term fuzzy', async () => {
    expect(await where('search(name, "gardn")')).toEqual([]);
  });

  it('searches the given fields, or all of them with * or none', async () => {
    expect(await where('search(code, "secret")')).toEqual(['secret']);
    expect(await where('search(name, code, "fr")')).toEqual([
      'Paris Tour Eiffel',
      'Lyon Part-Dieu',
      'Évry Cathédrale',
      'Marseille Vieux-Port',
    ]);
    expect(await where('search(*, "gardn sec")')).toEqual(['The Secret Garden']);
    expect(await where('search("blue")')).toEqual([
      'Paris Tour Eiffel',
      'Book of Secrets',
      'Marseille Vieux-Port',
    ]);
    expect(await where('search(tags, "gre")')).toEqual([
      'Bibliothèque de la Cité',
      'The Secret Garden',
      'Marseille Vieux-Port',
    ]);
  });
});

describe('suggest()', () => {
  it('matches prefixes of terms, case- and accent-insensitively', async () => {
    expect(await where('suggest(name, "sec")')).toEqual(['The Secret Garden', 'Book of Secrets', 'secret']);
    expect(await where('suggest(name, "CATH")')).toEqual(['Évry Cathédrale']);
    expect(await where('suggest("vieux")')).toEqual(['Marseille Vieux-Port']);
  });

  it('is not fuzzy', async () => {
    expect(await where('suggest(name, "scr")')).toEqual([]);
  });

  it('ORs several fields', async () => {
    expect(await where('suggest(name, code, "fr")')).toEqual([
      'Paris Tour Eiffel',
      'Lyon Part-Dieu',
      'Évry Cathédrale',
      'Marseille Vieux-Port',
    ]);
    expect(await where('suggest(name, code, "u")')).toEqual(['The Secret Garden', 'Book of Secrets']);
  });
});

describe('startswith()', () => {
  it('compares the start of the whole value, case-sensitively', async () => {
    expect(await where('startswith(name, "The")')).toEqual(['The Secret Garden']);
    expect(await where('startswith(name, "the")')).toEqual([]);
    expect(await where('startswith(name, "Paris Tour")')).toEqual(['Paris Tour Eiffel']);
    expect(await where('startswith(name, "Tour")')).toEqual([]);
    expect(await where('startswith(name, "É")')).toEqual(['Évry Cathédrale']);
    expect(await where('startswith(name, "E")')).toEqual([]);
  });

  it('matches any value of a multivalued field', async () => {
    expect(await where('startswith(tags, "gr")')).toEqual([
      'Bibliothèque de la Cité',
      'The Secret Garden',
      'Marseille Vieux-Port',
    ]);
  });
});

describe('like', () => {
  it('is a tokenised, normalised contains-match', async () => {
    expect(await where('name like "secret"')).toEqual(['The Secret Garden', 'secret']);
    expect(await where('name like "SECRET"')).toEqual(['The Secret Garden', 'secret']);
    expect(await where('name like "cathedrale"')).toEqual(['Évry Cathédrale']);
    expect(await where('name like "eiffel tour"')).toEqual(['Paris Tour Eiffel']);
  });

  it('takes a trailing * as a prefix', async () => {
    expect(await where('name like "secret*"')).toEqual(['The Secret Garden', 'Book of Secrets', 'secret']);
  });

  it('is negated by NOT LIKE, which keeps records without a value', async () => {
    expect(await where('name not like "secret"')).toEqual([
      'Paris Tour Eiffel',
      'Lyon Part-Dieu',
      'Évry Cathédrale',
      'Bibliothèque de la Cité',
      'Book of Secrets',
      'Marseille Vieux-Port',
    ]);
    expect(await where('NOT payload like "json"')).toEqual([
      'Paris Tour Eiffel',
      'Évry Cathédrale',
      'Bibliothèque de la Cité',
      'The Secret Garden',
      'Book of Secrets',
      'secret',
      'Marseille Vieux-Port',
    ]);
  });
});

describe('= on text', () => {
  it('is exact: not tokenised and not normalised', async () => {
    expect(await where('code = "FR"')).toEqual(['Paris Tour Eiffel', 'Marseille Vieux-Port']);
    expect(await where('code = "fr"')).toEqual(['Lyon Part-Dieu']);
    expect(await where('code = "FR "')).toEqual(['Évry Cathédrale']);
    expect(await where('name = "secret"')).toEqual(['secret']);
    expect(await where('name = "Secret"')).toEqual([]);
    expect(await where('code:"FR"')).toEqual(['Paris Tour Eiffel', 'Marseille Vieux-Port']);
  });

  it('compares text in byte order with < and >', async () => {
    expect(await where('code < "C"')).toEqual(['Bibliothèque de la Cité']);
    expect(await where('code >= "fr"')).toEqual(['Lyon Part-Dieu']);
  });
});
