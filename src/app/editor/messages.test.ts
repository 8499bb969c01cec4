import { afterAll, describe, expect, it } from 'vitest';
import { checkQuery, DIAGNOSTIC_MESSAGES } from '../../odsql';
import { odsqlFr } from '../i18n/odsql-fr';
import { setupI18n } from '../i18n/setup';
import { diagnosticText } from './messages';

const schema = { fields: [{ name: 'delay', type: 'int' as const }] };

function names(template: string, pattern: RegExp): string[] {
  return [...template.matchAll(pattern)].map((m) => m[1]!).sort();
}

describe('diagnosticText', () => {
  const i18n = setupI18n();
  afterAll(() => i18n.changeLanguage('en'));

  it('adds what the parser expected to a syntax error', async () => {
    await i18n.changeLanguage('en');
    const [d] = checkQuery({ order_by: 'delay sideways' }, schema);
    expect(diagnosticText(d!)).toBe("unexpected sideways at position 6, expected ',', 'asc' or 'desc'");
  });

  it('keeps a semantic message as the API writes it, in English', async () => {
    await i18n.changeLanguage('en');
    const [d] = checkQuery({ where: 'nope > 1' }, schema);
    expect(diagnosticText(d!)).toBe('Unknown field: nope');
  });

  it('speaks French from the code and its parameters', async () => {
    await i18n.changeLanguage('fr');
    const [unknown] = checkQuery({ where: 'nope > 1' }, schema);
    expect(diagnosticText(unknown!)).toBe('Champ inconnu : nope');
    const [syntax] = checkQuery({ where: 'delay = ' }, schema);
    expect(diagnosticText(syntax!)).toBe(
      'fin de la requête inattendue à la position 8, attendu : un nom de champ, une valeur, une fonction ou ' +
        "'('",
    );
  });

  it('names a bound on the shape of a clause, in both languages', async () => {
    const [d] = checkQuery({ order_by: Array(15).fill('delay').join(', ') }, schema);
    await i18n.changeLanguage('en');
    expect(diagnosticText(d!)).toBe('order_by has 15 sort keys, at most 10 are allowed (position 70)');
    await i18n.changeLanguage('fr');
    expect(diagnosticText(d!)).toBe('order_by compte 15 clés de tri, 10 au plus sont permises (position 70)');
  });

  it('has a French message for every code, naming only parameters the code has', () => {
    for (const [code, english] of Object.entries(DIAGNOSTIC_MESSAGES)) {
      const french = odsqlFr[code as keyof typeof DIAGNOSTIC_MESSAGES];
      expect(french, code).toBeTypeOf('string');
      // English alone needs `plural`; every other parameter is said in both.
      const given = names(english, /\{(\w+)\}/g).filter((n) => n !== 'plural');
      expect([...new Set(names(french, /\{\{(\w+)\}\}/g))], code).toEqual([...new Set(given)]);
    }
  });
});
