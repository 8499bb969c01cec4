import { describe, expect, it } from 'vitest';
import {
  DAY_NAMES,
  type DateFormatComponents,
  dateFormatComponents,
  formatDateParts,
  isLang,
  LANGS,
  type Lang,
  MONTH_NAMES,
  parseDateFormatPattern,
} from './date-format';

function format(pattern: string, c: DateFormatComponents, lang: Lang = 'fr'): string {
  const parsed = parseDateFormatPattern(pattern);
  if (!parsed.ok) throw new Error(parsed.message);
  return formatDateParts(parsed.parts, c, lang);
}

// Tuesday 4 May 2021, 09:05:03.
const tuesday = dateFormatComponents({ year: 2021, month: 5, day: 4, hour: 9, minute: 5, second: 3 });

describe('parseDateFormatPattern', () => {
  it('splits fields and separators', () => {
    expect(parseDateFormatPattern('yyyy-MM-dd HH:mm')).toEqual({
      ok: true,
      parts: [
        { kind: 'year', width: 4 },
        { kind: 'literal', text: '-' },
        { kind: 'month', width: 2 },
        { kind: 'literal', text: '-' },
        { kind: 'dayOfMonth', width: 2 },
        { kind: 'literal', text: ' ' },
        { kind: 'hour', width: 2 },
        { kind: 'literal', text: ':' },
        { kind: 'minute', width: 2 },
      ],
    });
  });

  it('maps each letter run to its field', () => {
    const kinds = (pattern: string): string[] => {
      const parsed = parseDateFormatPattern(pattern);
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.parts.filter((p) => p.kind !== 'literal').map((p) => p.kind);
    };
    expect(kinds('yy YY yyyy YYYY xx xxxx w ww e')).toEqual([
      'year',
      'year',
      'year',
      'year',
      'weekYear',
      'weekYear',
      'weekOfWeekYear',
      'weekOfWeekYear',
      'dayOfWeekNumber',
    ]);
    expect(kinds('E EEE EEEE D DDD M MM MMM MMMM d dd H HH m mm s ss')).toEqual([
      'dayOfWeekShort',
      'dayOfWeekShort',
      'dayOfWeekName',
      'dayOfYear',
      'dayOfYear',
      'month',
      'month',
      'monthShort',
      'monthName',
      'dayOfMonth',
      'dayOfMonth',
      'hour',
      'hour',
      'minute',
      'minute',
      'second',
      'second',
    ]);
  });

  it('reads quoted text and doubled quotes, merging adjacent literal text', () => {
    expect(parseDateFormatPattern("HH'h'mm")).toEqual({
      ok: true,
      parts: [
        { kind: 'hour', width: 2 },
        { kind: 'literal', text: 'h' },
        { kind: 'minute', width: 2 },
      ],
    });
    expect(parseDateFormatPattern("'at' H 'o''clock'''")).toEqual({
      ok: true,
      parts: [
        { kind: 'literal', text: 'at ' },
        { kind: 'hour', width: 1 },
        { kind: 'literal', text: " o'clock'" },
      ],
    });
    expect(parseDateFormatPattern("''")).toEqual({ ok: true, parts: [{ kind: 'literal', text: "'" }] });
    expect(parseDateFormatPattern("'yyyy'")).toEqual({
      ok: true,
      parts: [{ kind: 'literal', text: 'yyyy' }],
    });
    expect(parseDateFormatPattern('? , . : / - é 1')).toEqual({
      ok: true,
      parts: [{ kind: 'literal', text: '? , . : / - é 1' }],
    });
    expect(parseDateFormatPattern('')).toEqual({ ok: true, parts: [] });
  });

  it('names unsupported letters', () => {
    expect(parseDateFormatPattern('yyyy-qq')).toEqual({
      ok: false,
      message: "Invalid date_format pattern: unsupported letter 'q'",
    });
    expect(parseDateFormatPattern('hh:mm')).toEqual({
      ok: false,
      message: "Invalid date_format pattern: unsupported letter 'h'",
    });
  });

  it('refuses runs longer than the longest form', () => {
    expect(parseDateFormatPattern('ddd')).toEqual({
      ok: false,
      message: "Invalid date_format pattern: 'ddd' is too long (at most 2 'd')",
    });
    for (const pattern of ['yyyyy', 'xxxxx', 'www', 'ee', 'EEEEE', 'DDDD', 'MMMMM', 'HHH', 'mmm', 'sss']) {
      const parsed = parseDateFormatPattern(pattern);
      expect(parsed.ok, pattern).toBe(false);
      if (!parsed.ok) expect(parsed.message, pattern).toMatch(/is too long/);
    }
  });

  it('reports unterminated quotes and over-long patterns', () => {
    expect(parseDateFormatPattern("yyyy 'at")).toEqual({
      ok: false,
      message: 'Invalid date_format pattern: unterminated quoted text',
    });
    expect(parseDateFormatPattern('-'.repeat(201)).ok).toBe(false);
  });
});

describe('formatDateParts', () => {
  it('prints French day names as the reference shows', () => {
    expect(format('E', tuesday)).toBe('mar.');
    expect(format('EEEE', tuesday)).toBe('mardi');
  });

  it('prints numbers with padding to the run width', () => {
    expect(format('yyyy-MM-dd HH:mm:ss', tuesday)).toBe('2021-05-04 09:05:03');
    expect(format('y/M/d H:m:s', tuesday)).toBe('2021/5/4 9:5:3');
    expect(format('yy', tuesday)).toBe('21');
    expect(format('D DDD', tuesday)).toBe('124 124');
    expect(
      format('DDD', dateFormatComponents({ year: 2021, month: 1, day: 9, hour: 0, minute: 0, second: 0 })),
    ).toBe('009');
    expect(format('e', tuesday)).toBe('2');
    expect(
      format('yy', dateFormatComponents({ year: 2005, month: 1, day: 9, hour: 0, minute: 0, second: 0 })),
    ).toBe('05');
  });

  it('prints ISO week-based years and weeks', () => {
    const sunday = dateFormatComponents({ year: 2021, month: 1, day: 3, hour: 0, minute: 0, second: 0 });
    expect(format("xxxx-'W'ww-e", sunday)).toBe('2020-W53-7');
    expect(format('xx w', sunday)).toBe('20 53');
    expect(format("xxxx-'W'ww", tuesday)).toBe('2021-W18');
  });

  it('prints month names in each language', () => {
    expect(format('d MMMM yyyy', tuesday, 'fr')).toBe('4 mai 2021');
    expect(format('d MMM', dateFormatComponents({ ...tuesday, month: 1 }), 'fr')).toBe('4 janv.');
    expect(format('MMMM', tuesday, 'en')).toBe('May');
    expect(format('EEEE d MMMM', tuesday, 'de')).toBe('Dienstag 4 Mai');
    expect(format('EEE', tuesday, 'de')).toBe('Di.');
    expect(format('EEEE', tuesday, 'es')).toBe('martes');
    expect(format('MMMM', tuesday, 'ca')).toBe('de maig');
    expect(format('EEEE', tuesday, 'ar')).toBe('الثلاثاء');
  });
});

describe('name tables', () => {
  it('have 12 months and 7 days from Monday in each language', () => {
    expect(LANGS).toEqual(['en', 'fr', 'nl', 'pt', 'it', 'ar', 'de', 'es', 'ca', 'eu', 'sv']);
    for (const lang of LANGS) {
      expect(MONTH_NAMES[lang].full, lang).toHaveLength(12);
      expect(MONTH_NAMES[lang].short, lang).toHaveLength(12);
      expect(DAY_NAMES[lang].full, lang).toHaveLength(7);
      expect(DAY_NAMES[lang].short, lang).toHaveLength(7);
      for (const name of [...MONTH_NAMES[lang].full, ...DAY_NAMES[lang].full])
        expect(name.length).toBeGreaterThan(0);
    }
    expect(MONTH_NAMES.fr.full[0]).toBe('janvier');
    expect(MONTH_NAMES.fr.short[0]).toBe('janv.');
    expect(DAY_NAMES.fr.full[0]).toBe('lundi');
    expect(DAY_NAMES.fr.short[0]).toBe('lun.');
    expect(DAY_NAMES.en.full[6]).toBe('Sunday');
  });

  it('recognises language codes', () => {
    expect(isLang('fr')).toBe(true);
    expect(isLang('sv')).toBe(true);
    expect(isLang('FR')).toBe(false);
    expect(isLang('xx')).toBe(false);
    expect(isLang(3)).toBe(false);
  });
});
