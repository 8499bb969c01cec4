/*
 * The text of an iCalendar file (RFC 5545 §3.1, §3.3): content lines ending in CRLF, folded so that no
 * line is longer than 75 octets, TEXT values escaped, dates and UTC date-times in their basic forms.
 */

/** The longest line, in octets, without its CRLF (§3.1). */
export const MAX_LINE_OCTETS = 75;

/** Control characters TEXT cannot hold (every CTL but the tab; line breaks are escaped before). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters RFC 5545 forbids in TEXT
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F]/g;

/** A TEXT value (§3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(CONTROL, '');
}

/** Octets of a code point in UTF-8. */
function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * A content line, folded (§3.1): a CRLF and a space are inserted before the octet that would make a line
 * longer than 75 octets, the space counting in the line it starts. Folds fall between characters, never
 * inside a character's UTF-8 sequence; a lone surrogate is replaced, as UTF-8 cannot encode it.
 */
export function foldLine(line: string): string {
  let out = '';
  let width = 0;
  for (const read of line) {
    // Iterating a string yields whole code points; a surrogate alone is one, which UTF-8 cannot encode.
    const lone = read.length === 1 && read >= '\uD800' && read <= '\uDFFF';
    const char = lone ? '\uFFFD' : read;
    const octets = utf8Length(char.codePointAt(0)!);
    if (width + octets > MAX_LINE_OCTETS) {
      out += '\r\n ';
      width = 1;
    }
    out += char;
    width += octets;
  }
  return `${out}\r\n`;
}

/** `NAME;PARAM=…:value`, folded; `value` is written as given (escape TEXT first). */
export function contentLine(name: string, value: string, params = ''): string {
  return foldLine(`${name}${params}:${value}`);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A DATE value (`20130214`) from a `YYYY-MM-DD` day; undefined for anything else. */
export function icalDate(day: string): string | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const [, y, m, d] = match;
  // A day that does not exist (`2013-02-30`) is no date.
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCDate() === Number(d) && date.getUTCMonth() === Number(m) - 1 ? `${y}${m}${d}` : undefined;
}

/** The DATE of the day after a `YYYY-MM-DD` day: an all-day event's DTEND is exclusive (§3.6.1). */
export function icalDayAfter(day: string): string | undefined {
  if (icalDate(day) === undefined) return undefined;
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return icalDate(date.toISOString().slice(0, 10));
}

/** A DATE-TIME in UTC (`20140101T053000Z`, §3.3.5 form 2) from an ISO date-time; undefined when invalid. */
export function icalDateTime(iso: string): string | undefined {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return undefined;
  return new Date(time).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
}
