import { dayOfYear, daysFromCivil, isoWeek, weekdayOfDays } from './calendar';
import { DAY_NAMES, type Lang, MONTH_NAMES } from './lang-names';

export { DAY_NAMES, isLang, LANGS, type Lang, MONTH_NAMES, type NameTable } from './lang-names';

/*
 * ODSQL `date_format` patterns (Joda-style letters). Parsing is separate from formatting so that the
 * compiler can turn the parts into SQL, while formatDateParts is the reference the tests check that
 * SQL against.
 */

/**
 * What a pattern letter run prints. Numbers are zero-padded to the run's width; `year` and
 * `weekYear` with width 2 print the last two digits (`yy`), other widths the full year.
 */
export type DateFormatField =
  | 'year' // y, Y
  | 'weekYear' // x: ISO week-based year
  | 'weekOfWeekYear' // w: ISO week number
  | 'dayOfWeekNumber' // e: 1 = Monday … 7 = Sunday
  | 'dayOfWeekShort' // E, EE, EEE
  | 'dayOfWeekName' // EEEE
  | 'dayOfYear' // D
  | 'month' // M, MM
  | 'monthShort' // MMM
  | 'monthName' // MMMM
  | 'dayOfMonth' // d
  | 'hour' // H: 0–23
  | 'minute' // m
  | 'second'; // s

export type DateFormatPart =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: DateFormatField; readonly width: number };

export type DateFormatResult =
  | { readonly ok: true; readonly parts: readonly DateFormatPart[] }
  | { readonly ok: false; readonly message: string };

/** Per letter: the longest run accepted and the field a run of each length prints. */
const LETTERS: Readonly<
  Record<string, { readonly max: number; readonly field: (width: number) => DateFormatField }>
> = {
  y: { max: 4, field: () => 'year' },
  Y: { max: 4, field: () => 'year' },
  x: { max: 4, field: () => 'weekYear' },
  w: { max: 2, field: () => 'weekOfWeekYear' },
  e: { max: 1, field: () => 'dayOfWeekNumber' },
  E: { max: 4, field: (width) => (width === 4 ? 'dayOfWeekName' : 'dayOfWeekShort') },
  D: { max: 3, field: () => 'dayOfYear' },
  M: { max: 4, field: (width) => (width === 4 ? 'monthName' : width === 3 ? 'monthShort' : 'month') },
  d: { max: 2, field: () => 'dayOfMonth' },
  H: { max: 2, field: () => 'hour' },
  m: { max: 2, field: () => 'minute' },
  s: { max: 2, field: () => 'second' },
};

/** Patterns are short; a cap keeps the generated SQL bounded. */
const MAX_PATTERN_LENGTH = 200;

/**
 * Splits a pattern into literal text and fields. Letters are pattern letters (ASCII only, as in
 * Joda); every other character is printed as is (`? , . : / -`, spaces, digits…); text in single
 * quotes is literal and `''` is a quote, inside or outside quoted text.
 */
export function parseDateFormatPattern(pattern: string): DateFormatResult {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return {
      ok: false,
      message: `Invalid date_format pattern: longer than ${MAX_PATTERN_LENGTH} characters`,
    };
  }
  const parts: DateFormatPart[] = [];
  const addLiteral = (text: string): void => {
    const previous = parts[parts.length - 1];
    if (previous?.kind === 'literal')
      parts[parts.length - 1] = { kind: 'literal', text: previous.text + text };
    else parts.push({ kind: 'literal', text });
  };
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i] ?? '';
    if (char === "'") {
      const quoted = readQuoted(pattern, i);
      if (quoted === null)
        return { ok: false, message: 'Invalid date_format pattern: unterminated quoted text' };
      addLiteral(quoted.text);
      i = quoted.end;
    } else if (/[A-Za-z]/.test(char)) {
      let end = i + 1;
      while (pattern[end] === char) end += 1;
      const width = end - i;
      const letter = LETTERS[char];
      if (!letter) return { ok: false, message: `Invalid date_format pattern: unsupported letter '${char}'` };
      if (width > letter.max) {
        const run = pattern.slice(i, end);
        return {
          ok: false,
          message: `Invalid date_format pattern: '${run}' is too long (at most ${letter.max} '${char}')`,
        };
      }
      parts.push({ kind: letter.field(width), width });
      i = end;
    } else {
      addLiteral(char);
      i += 1;
    }
  }
  return { ok: true, parts };
}

/** Text of the quoted section starting at `start` (a quote) and the index after it, or null if unclosed. */
function readQuoted(pattern: string, start: number): { text: string; end: number } | null {
  if (pattern[start + 1] === "'") return { text: "'", end: start + 2 };
  let text = '';
  let i = start + 1;
  while (i < pattern.length) {
    if (pattern[i] === "'") {
      if (pattern[i + 1] !== "'") return { text, end: i + 1 };
      text += "'";
      i += 2;
    } else {
      text += pattern[i];
      i += 1;
    }
  }
  return null;
}

/** Everything a pattern can print, for one wall-clock time. */
export interface DateFormatComponents {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** 0 = Monday … 6 = Sunday. */
  readonly weekday: number;
  /** 1 for January 1st. */
  readonly dayOfYear: number;
  /** ISO 8601 week-based year and week number. */
  readonly weekYear: number;
  readonly week: number;
}

/** Derives the calendar components of a wall-clock date and time. */
export function dateFormatComponents(local: {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}): DateFormatComponents {
  const { year, month, day } = local;
  return {
    ...local,
    weekday: weekdayOfDays(daysFromCivil(year, month, day)),
    dayOfYear: dayOfYear(year, month, day),
    ...isoWeek(year, month, day),
  };
}

/** Reference formatter: what `date_format` prints for these parts. */
export function formatDateParts(
  parts: readonly DateFormatPart[],
  c: DateFormatComponents,
  lang: Lang,
): string {
  return parts
    .map((part) => (part.kind === 'literal' ? part.text : formatField(part.kind, part.width, c, lang)))
    .join('');
}

function formatField(field: DateFormatField, width: number, c: DateFormatComponents, lang: Lang): string {
  const pad = (n: number): string => String(n).padStart(width, '0');
  const year = (y: number): string => (width === 2 ? String(y % 100).padStart(2, '0') : pad(y));
  switch (field) {
    case 'year':
      return year(c.year);
    case 'weekYear':
      return year(c.weekYear);
    case 'weekOfWeekYear':
      return pad(c.week);
    case 'dayOfWeekNumber':
      return pad(c.weekday + 1);
    case 'dayOfWeekShort':
      return DAY_NAMES[lang].short[c.weekday] ?? '';
    case 'dayOfWeekName':
      return DAY_NAMES[lang].full[c.weekday] ?? '';
    case 'dayOfYear':
      return pad(c.dayOfYear);
    case 'month':
      return pad(c.month);
    case 'monthShort':
      return MONTH_NAMES[lang].short[c.month - 1] ?? '';
    case 'monthName':
      return MONTH_NAMES[lang].full[c.month - 1] ?? '';
    case 'dayOfMonth':
      return pad(c.day);
    case 'hour':
      return pad(c.hour);
    case 'minute':
      return pad(c.minute);
    case 'second':
      return pad(c.second);
  }
}
