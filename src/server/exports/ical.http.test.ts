import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { api, getJson } from '../testing/http';

/*
 * The iCalendar export through the real route, read back with ical.js (a parser independent of the
 * writer): the selection's records are its events, in the order asked, named by their title.
 */

async function download(dataset: string, params: Record<string, string>, version: '2.0' | '2.1' = '2.1') {
  const url = new URL(`${api(version)}/catalog/datasets/${dataset}/exports/ical`);
  for (const [k, v] of Object.entries(params)) url.searchParams.append(k, v);
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function events(text: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

const COMEDIES = {
  refine: 'major_genre:Comedy',
  where: "release_date >= date'2000-01-01'",
  exclude: 'mpaa_rating:R',
  order_by: 'release_date, title',
};

describe('GET …/exports/ical', () => {
  it('writes the selection of movies as all-day events named by their title, on both versions', async () => {
    const selection = await getJson<{ total_count: number }>('/catalog/datasets/movies/records', {
      ...COMEDIES,
      limit: 0,
    });
    const everything = await getJson<Record<string, unknown>[]>(
      '/catalog/datasets/movies/exports/json',
      COMEDIES,
    );
    expect(selection.body.total_count).toBeGreaterThan(50);
    for (const version of ['2.1', '2.0'] as const) {
      // Fields by label on v2.1, by name on v2.0.
      const useLabels = version === '2.1';
      const file = await download('movies', { ...COMEDIES, use_labels: String(useLabels) }, version);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="movies\.ics"/);
      expect(file.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
      const read = events(file.text);
      expect(read).toHaveLength(selection.body.total_count);
      expect(read.map((e) => e.summary)).toEqual(everything.body.map((m) => m.title));
      expect(read.map((e) => e.startDate.toString())).toEqual(everything.body.map((m) => m.release_date));
      expect(read.every((e) => e.startDate.isDate && !e.component.hasProperty('dtend'))).toBe(true);
      expect(new Set(read.map((e) => e.uid)).size).toBe(read.length);
      expect(read[0]!.uid).toMatch(/^[0-9a-f]+\.movies@127\.0\.0\.1$/);
      expect(read[0]!.description).toContain(useLabels ? 'Major genre: Comedy' : 'major_genre: Comedy');
    }
  });

  it('makes timed events in UTC from a datetime field, named by the first text field that is neither identifier nor facet', async () => {
    const params = { where: 'mag >= 6', order_by: 'time', timezone: 'Europe/Paris' };
    const quakes = await getJson<{ results: { place: string; time: string }[] }>(
      '/catalog/datasets/earthquakes/records',
      { ...params, limit: 100 },
    );
    expect(quakes.body.results.length).toBeGreaterThan(0);
    const read = events((await download('earthquakes', params)).text);
    expect(read.map((e) => e.summary)).toEqual(quakes.body.results.map((q) => q.place));
    read.forEach((event, i) => {
      expect(event.startDate.isDate).toBe(false);
      // iCalendar times are to the second.
      const time = Date.parse(quakes.body.results[i]!.time);
      expect(event.startDate.toJSDate().getTime()).toBe(time - (time % 1000));
      expect(event.startDate.zone.tzid).toBe('UTC');
    });
  });

  it('takes the fields the request names', async () => {
    const file = await download('movies', {
      title_field: 'director',
      where: 'director is not null',
      order_by: 'release_date',
      limit: '5',
    });
    const directors = await getJson<{ results: { director: string }[] }>('/catalog/datasets/movies/records', {
      where: 'director is not null',
      order_by: 'release_date',
      limit: 5,
    });
    expect(events(file.text).map((e) => e.summary)).toEqual(directors.body.results.map((d) => d.director));
  });

  it('is listed, and served, only for datasets with a calendar', async () => {
    const links = async (dataset: string) =>
      (await getJson<{ links: { rel: string }[] }>(`/catalog/datasets/${dataset}/exports`)).body.links.map(
        (l) => l.rel,
      );
    expect(await links('movies')).toContain('ical');
    expect(await links('penguins')).not.toContain('ical');
    const penguins = await download('penguins', {});
    expect(penguins.status).toBe(400);
    const body = JSON.parse(penguins.text) as { error_code: string; message: string };
    expect(body.error_code).toBe('InvalidRESTParameterError');
    expect(body.message).toContain('ical was found but one of csv');
    expect(body.message).not.toContain(', ical');
  });

  it('refuses fields that do not fit, and a selection without a date, with the interface errors', async () => {
    const refused = [
      [{ start_field: 'title' }, 'start_field'],
      [{ title_field: 'us_gross' }, 'title_field'],
      [{ end_field: 'nope' }, 'end_field'],
      [{ select: 'title, us_gross' }, 'select'],
      [{ group_by: 'major_genre', select: 'major_genre, count(*)' }, 'select'],
    ] as const;
    for (const [params, parameter] of refused) {
      const answer = await download('movies', params);
      expect(answer.status, JSON.stringify(params)).toBe(400);
      const body = JSON.parse(answer.text) as { error_code: string; message: string };
      expect(body.error_code).toBe('InvalidRESTParameterError');
      expect(body.message).toContain(`${parameter} API parameter`);
    }
  });
});
