import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { ExportColumn, ExportContext, ExportRecord } from '../types';
import { writeText } from './export-fixtures';
import { ical } from './ical';
import { escapeText, foldLine, icalDate, icalDateTime, icalDayAfter, MAX_LINE_OCTETS } from './ical-text';

const octets = (line: string): number => Buffer.byteLength(line, 'utf8');

/** The lines of a file, which must all end in CRLF. */
function linesOf(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return text.slice(0, -2).split('\r\n');
}

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and line breaks, and drops control characters', () => {
    expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeText('one\r\ntwo\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    expect(escapeText('tab\there\u0001\u007f')).toBe('tab\there');
  });

  it('folds lines at 75 octets, never inside a character, the space counting in its line', () => {
    const ascii = foldLine(`DESCRIPTION:${'x'.repeat(200)}`);
    const lines = linesOf(ascii);
    // 12 + 200 octets: 75 on the first line, then a space and 74 at most.
    expect(lines.map(octets)).toEqual([75, 75, 1 + 212 - 75 - 74]);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(ascii.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'x'.repeat(200)}\r\n`);

    // Two-, three- and four-octet characters at every offset from a fold.
    for (const char of ['é', '€', '😀']) {
      for (let lead = 0; lead < 4; lead++) {
        const line = `SUMMARY:${'a'.repeat(lead)}${char.repeat(60)}`;
        const folded = foldLine(line);
        for (const part of linesOf(folded)) {
          expect(octets(part)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
          // Each folded line is whole UTF-8: decoding and encoding it again gives the same bytes.
          expect(
            Buffer.from(Buffer.from(part, 'utf8').toString('utf8'), 'utf8').equals(Buffer.from(part)),
          ).toBe(true);
          expect(part).not.toContain('\uFFFD');
        }
        expect(folded.replace(/\r\n /g, '')).toBe(`${line}\r\n`);
      }
    }
    // A line that fits is left alone.
    expect(foldLine(`X:${'y'.repeat(73)}`)).toBe(`X:${'y'.repeat(73)}\r\n`);
    expect(linesOf(foldLine(`X:${'y'.repeat(74)}`))).toHaveLength(2);
  });

  it('writes dates, the day after, and date-times in UTC', () => {
    expect(icalDate('2013-02-14')).toBe('20130214');
    expect(icalDate('2013-02-30')).toBeUndefined();
    expect(icalDate('Feb 14')).toBeUndefined();
    expect(icalDayAfter('2012-02-28')).toBe('20120229');
    expect(icalDayAfter('2013-12-31')).toBe('20140101');
    expect(icalDateTime('2014-01-01T06:30:00+01:00')).toBe('20140101T053000Z');
    expect(icalDateTime('2014-01-01T05:30:00.250Z')).toBe('20140101T053000Z');
    expect(icalDateTime('soon')).toBeUndefined();
  });
});

const column = (name: string, type: ExportColumn['type'], label = name): ExportColumn => ({
  name,
  label,
  type,
});

function context(
  columns: readonly ExportColumn[],
  calendar: ExportContext['calendar'],
  records: readonly ExportRecord[],
): ExportContext {
  return {
    version: '2.1',
    dataset: { dataset_id: 'events', title: 'Events, 2024; Paris' },
    columns,
    useLabels: true,
    epsg: 4326,
    project: (g) => g,
    datasetUrl: 'http://data.example.org:8080/api/explore/v2.1/catalog/datasets/events',
    gpx: { useExtension: false },
    ...(calendar ? { calendar } : {}),
    records: (async function* () {
      yield records;
    })(),
    signal: new AbortController().signal,
  };
}

function events(text: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

describe('the ical writer', () => {
  const title = column('name', 'text', 'Name');
  const from = column('from_day', 'date', 'From');
  const to = column('to_day', 'date', 'To');
  const place = column('place', 'geo_point_2d', 'Place');
  const note = column('note', 'text', 'Note');

  it('writes all-day events from date fields, the end day included, and what an event is called', async () => {
    const long = `Ünïcode ${'très long texte, avec; tout\\ '.repeat(8)}\nsecond line`;
    const text = await writeText(
      ical,
      context([title, from, to, place, note], { start: from, end: to, title }, [
        {
          id: 'abc123',
          timestamp: '2024-05-01T10:00:00Z',
          fields: {
            name: 'Fête, de la musique; Paris',
            from_day: '2024-06-21',
            to_day: '2024-06-22',
            place: { lon: 2.35, lat: 48.85 },
            note: long,
          },
        },
        // No end: one day. An end before the start: no span.
        { id: 'd2', fields: { name: 'One day', from_day: '2024-07-14', to_day: null, note: null } },
        { id: 'd3', fields: { name: 'Backwards', from_day: '2024-07-14', to_day: '2024-07-01' } },
        // No start: no event.
        { id: 'd4', fields: { name: 'Someday', from_day: null, to_day: '2024-07-01' } },
      ]),
    );
    for (const line of linesOf(text)) expect(octets(line)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(text).toContain('X-WR-CALNAME:Events\\, 2024\\; Paris\r\n');
    expect(text).toContain('DTSTART;VALUE=DATE:20240621\r\n');
    expect(text).toContain('DTEND;VALUE=DATE:20240623\r\n');

    const [party, oneDay, backwards, ...rest] = events(text);
    expect(rest).toEqual([]);
    expect(party!.uid).toBe('abc123.events@data.example.org');
    expect(party!.summary).toBe('Fête, de la musique; Paris');
    expect(party!.startDate.isDate).toBe(true);
    expect(party!.startDate.toString()).toBe('2024-06-21');
    expect(party!.endDate.toString()).toBe('2024-06-23');
    expect(party!.description).toBe(`Note: ${long}`);
    expect(party!.component.getFirstPropertyValue('geo')).toEqual([48.85, 2.35]);
    expect(party!.component.getFirstPropertyValue('dtstamp')?.toString()).toBe('2024-05-01T10:00:00Z');
    expect(party!.component.getFirstPropertyValue('url')).toBe(
      'http://data.example.org:8080/api/explore/v2.1/catalog/datasets/events/records/abc123',
    );
    expect(oneDay!.component.hasProperty('dtend')).toBe(false);
    expect(oneDay!.component.hasProperty('description')).toBe(false);
    expect(backwards!.component.hasProperty('dtend')).toBe(false);
  });

  it('writes timed events in UTC from datetime fields', async () => {
    const at = column('at', 'datetime');
    const until = column('until', 'datetime');
    const text = await writeText(
      ical,
      context([title, at, until], { start: at, end: until, title }, [
        {
          id: 'x',
          fields: { name: 'Talk', at: '2024-03-10T09:30:00+01:00', until: '2024-03-10T10:15:00+01:00' },
        },
        {
          id: 'y',
          fields: { name: 'Instant', at: '2024-03-10T09:30:00+00:00', until: '2024-03-10T09:30:00Z' },
        },
      ]),
    );
    expect(text).toContain('DTSTART:20240310T083000Z\r\n');
    const [talk, instant] = events(text);
    expect(talk!.startDate.isDate).toBe(false);
    expect(talk!.startDate.toString()).toBe('2024-03-10T08:30:00Z');
    expect(talk!.endDate.toString()).toBe('2024-03-10T09:15:00Z');
    expect(instant!.component.hasProperty('dtend')).toBe(false);
  });

  it('needs its calendar fields', async () => {
    await expect(writeText(ical, context([title], undefined, []))).rejects.toThrow(/calendar fields/);
  });
});
