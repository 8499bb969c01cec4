import type { FieldAnnotations } from './types';

/*
 * Which fields make a dataset's calendar: the one rule the explorer (whether the Calendar tab shows,
 * which fields it starts with) and the server (the `ical` export) share.
 *
 * A dataset has a calendar when it has a date or datetime field (when each record happens) and a text
 * field (what it is called). Opendatasoft portals let the publisher pick both; without that setting we
 * pick as a person would:
 *   - start: a date or datetime field named like a start (`start`, `begin`, `debut`, `from`), else the first;
 *   - end: another field of the start's type named like an end (`end`, `fin`, `until`, `stop`, `to`); none
 *     otherwise (a record is then one day, or one moment);
 *   - title: a text field named `title`, `name` or `label` (or the French `titre`, `nom`, `libelle`,
 *     `intitule`), in that order; else one whose name or label holds one of those words (`event_name`,
 *     "Nom de l'équipement"); else the first text field that is neither the record's identifier nor a
 *     facet (a category names many records: an earthquake's magnitude type, not its place). A dataset
 *     whose only texts are categories or its identifier (flights: origin, destination) has no title, so
 *     no calendar: each day would list thousands of records named by a code.
 * A visitor, or an export request, may choose each of them among the fields that fit.
 */

/** What the rule reads of a field: its name, label, type and annotations (wire or server shape). */
export interface CalendarFieldLike {
  readonly name: string;
  readonly label?: string | null;
  readonly type: string;
  readonly annotations?: FieldAnnotations | null;
}

export interface CalendarFields<F extends CalendarFieldLike = CalendarFieldLike> {
  /** When each record starts: a date (whole days) or a datetime. */
  readonly start: F;
  /** When it ends, of the start's type; absent when records have no end. */
  readonly end?: F;
  /** What each record is called. */
  readonly title: F;
}

/** Fields asked for by name; `end: ''` asks for no end at all. */
export interface CalendarChoice {
  readonly start?: string | undefined;
  readonly end?: string | undefined;
  readonly title?: string | undefined;
}

const TITLE_WORDS = ['title', 'name', 'label', 'titre', 'nom', 'libelle', 'intitule'];
const START_WORDS = new Set(['start', 'begin', 'beginning', 'debut', 'from', 'starts']);
const END_WORDS = new Set(['end', 'fin', 'until', 'stop', 'to', 'ends']);

/** The words of a name or label, lower case and without accents: `Date de début` → date, de, debut. */
function words(text: string | null | undefined): string[] {
  return (text ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

function named<F extends CalendarFieldLike>(field: F, wanted: ReadonlySet<string>): boolean {
  return [...words(field.name), ...words(field.label)].some((w) => wanted.has(w));
}

const isTemporal = (field: CalendarFieldLike): boolean => field.type === 'date' || field.type === 'datetime';

/** Fields a calendar can start from: dates and datetimes. */
export function startCandidates<F extends CalendarFieldLike>(fields: readonly F[]): F[] {
  return fields.filter(isTemporal);
}

/** Fields a calendar can end on: the other fields of the start's type (an event's ends share a type). */
export function endCandidates<F extends CalendarFieldLike>(fields: readonly F[], start: F): F[] {
  return fields.filter((f) => f.type === start.type && f.name !== start.name);
}

/** Fields that can name an event: text. */
export function titleCandidates<F extends CalendarFieldLike>(fields: readonly F[]): F[] {
  return fields.filter((f) => f.type === 'text');
}

function defaultStart<F extends CalendarFieldLike>(candidates: readonly F[]): F | undefined {
  return candidates.find((f) => named(f, START_WORDS)) ?? candidates[0];
}

function defaultEnd<F extends CalendarFieldLike>(candidates: readonly F[]): F | undefined {
  return candidates.find((f) => named(f, END_WORDS));
}

/** An annotation flag: `true` on v2.1, `[]` on v2.0. */
function flagged(field: CalendarFieldLike, annotation: 'id' | 'facet'): boolean {
  const value = field.annotations?.[annotation];
  return value !== undefined && value !== false && value !== null;
}

/** The record's identifier names no event. */
const isIdentifier = (field: CalendarFieldLike): boolean => flagged(field, 'id');
/** A facet is a category (a genre, a type), shared by many records: a poorer name than a free text. */
const isFacet = (field: CalendarFieldLike): boolean => flagged(field, 'facet');

function defaultTitle<F extends CalendarFieldLike>(candidates: readonly F[]): F | undefined {
  for (const word of TITLE_WORDS) {
    const exact = candidates.find((f) => f.name.toLowerCase() === word);
    if (exact) return exact;
  }
  const wanted = new Set(TITLE_WORDS);
  return candidates.find((f) => named(f, wanted)) ?? candidates.find((f) => !isIdentifier(f) && !isFacet(f));
}

/**
 * The calendar of these fields, or undefined when they have none (no date or datetime field, or no
 * text field). A choice naming a field that does not fit is ignored: the rule's own pick stands.
 */
export function calendarFields<F extends CalendarFieldLike>(
  fields: readonly F[],
  choice: CalendarChoice = {},
): CalendarFields<F> | undefined {
  const starts = startCandidates(fields);
  const titles = titleCandidates(fields);
  const start = starts.find((f) => f.name === choice.start) ?? defaultStart(starts);
  const title = titles.find((f) => f.name === choice.title) ?? defaultTitle(titles);
  if (!start || !title) return undefined;
  const ends = endCandidates(fields, start);
  const end = choice.end === '' ? undefined : (ends.find((f) => f.name === choice.end) ?? defaultEnd(ends));
  return end ? { start, end, title } : { start, title };
}

/** Whether a dataset with these fields has a calendar (the Calendar tab, the `ical` export). */
export function hasCalendar(fields: readonly CalendarFieldLike[]): boolean {
  return calendarFields(fields) !== undefined;
}
