import { describe, expect, it } from 'vitest';
import { type CalendarFieldLike, calendarFields, endCandidates, hasCalendar } from './calendar';

const field = (name: string, type: string, label = name, annotations = {}): CalendarFieldLike => ({
  name,
  type,
  label,
  annotations,
});

const movies = [
  field('title', 'text', 'Title'),
  field('us_gross', 'int'),
  field('release_date', 'date', 'Release date'),
  field('mpaa_rating', 'text'),
];

describe('the calendar of a dataset', () => {
  it('needs a date or datetime field and a text field', () => {
    expect(hasCalendar(movies)).toBe(true);
    expect(hasCalendar([field('title', 'text'), field('n', 'int')])).toBe(false);
    expect(hasCalendar([field('day', 'date'), field('n', 'int')])).toBe(false);
    expect(hasCalendar([field('at', 'datetime'), field('where', 'text')])).toBe(true);
    expect(hasCalendar([])).toBe(false);
  });

  it('names events by a field called title, name or label before the first text field', () => {
    expect(calendarFields(movies)?.title.name).toBe('title');
    const named = [
      field('code', 'text'),
      field('when', 'date'),
      field('name', 'text'),
      field('title', 'text'),
    ];
    expect(calendarFields(named)?.title.name).toBe('title');
    const french = [field('categorie', 'text'), field('jour', 'date'), field('nom_evenement', 'text')];
    expect(calendarFields(french)?.title.name).toBe('nom_evenement');
    const byLabel = [field('cat', 'text'), field('d', 'date'), field('lib', 'text', 'Libellé du lieu')];
    expect(calendarFields(byLabel)?.title.name).toBe('lib');
  });

  it('falls back on the first text field that is neither the identifier nor a facet', () => {
    const quakes = [
      field('id', 'text', 'Event ID', { id: true }),
      field('mag', 'double'),
      field('mag_type', 'text', 'Magnitude type', { facet: true }),
      field('place', 'text'),
      field('time', 'datetime'),
    ];
    expect(calendarFields(quakes)?.title.name).toBe('place');
    // v2.0 writes flags as lists.
    const v20 = [field('id', 'text', 'ID', { id: [] }), field('place', 'text'), field('t', 'date')];
    expect(calendarFields(v20)?.title.name).toBe('place');
    // Only categories and an identifier: nothing names a record, so no calendar (flights).
    const flights = [field('date', 'datetime'), field('origin', 'text', 'Origin', { facet: [] })];
    expect(calendarFields(flights)).toBeUndefined();
    expect(calendarFields([field('id', 'text', 'ID', { id: true }), field('t', 'date')])).toBeUndefined();
  });

  it('starts from a field named like a start and ends on one of the same type named like an end', () => {
    const span = [
      field('label', 'text'),
      field('created', 'datetime'),
      field('date_debut', 'date', 'Date de début'),
      field('date_fin', 'date', 'Date de fin'),
      field('updated_to', 'datetime'),
    ];
    const calendar = calendarFields(span);
    expect(calendar?.start.name).toBe('date_debut');
    expect(calendar?.end?.name).toBe('date_fin');
    // A datetime start never ends on a date.
    expect(endCandidates(span, span[1]!).map((f) => f.name)).toEqual(['updated_to']);
    expect(calendarFields(movies)?.end).toBeUndefined();
    expect(calendarFields(movies)?.start.name).toBe('release_date');
  });

  it('takes the fields chosen when they fit, and the rule’s own when they do not', () => {
    const span = [
      field('title', 'text'),
      field('other', 'text'),
      field('start', 'date'),
      field('end', 'date'),
      field('n', 'int'),
    ];
    expect(calendarFields(span, { title: 'other', start: 'end', end: 'start' })).toMatchObject({
      title: { name: 'other' },
      start: { name: 'end' },
      end: { name: 'start' },
    });
    // No end at all.
    expect(calendarFields(span, { end: '' })?.end).toBeUndefined();
    // Not text, not a date, not there: ignored.
    expect(calendarFields(span, { title: 'n', start: 'title', end: 'nope' })).toMatchObject({
      title: { name: 'title' },
      start: { name: 'start' },
      end: { name: 'end' },
    });
  });
});
