import { appLocale } from '../i18n/locale';

/*
 * A period (a year, a month, a day, an hour) written as a reader of the language says it: "Jan 2001",
 * "janv. 2001". Chart groups come as `date_format` keys (`2001-01`, `2001-01-15 13`), written on the
 * request's clock already; histogram bars as instants (`2001-01-01T05:00:00.000Z`), shown on the
 * dataset's clock.
 */

export type PeriodPrecision = 'year' | 'month' | 'day' | 'hour';

const OPTIONS: Readonly<Record<PeriodPrecision, Intl.DateTimeFormatOptions>> = {
  year: { year: 'numeric' },
  month: { month: 'short', year: 'numeric' },
  day: { day: 'numeric', month: 'short', year: 'numeric' },
  hour: {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
};

// Building a DateTimeFormat costs far more than using one: a chart formats hundreds of labels.
const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(precision: PeriodPrecision, locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${precision}|${timeZone}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...OPTIONS[precision], timeZone });
    cache.set(key, format);
  }
  return format;
}

/** A `date_format` key of a chart group: `yyyy`, `yyyy-MM`, `yyyy-MM-dd` or `yyyy-MM-dd HH`. */
const GROUP_KEY = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?: (\d{2}))?)?)?$/;

/** A chart group's date key in words of the locale; any other text is returned as it is. */
export function formatPeriodKey(key: string, precision: PeriodPrecision, locale = appLocale()): string {
  const match = GROUP_KEY.exec(key);
  if (!match) return key;
  const [, year, month = '01', day = '01', hour = '00'] = match;
  const date = new Date(`${year}-${month}-${day}T${hour}:00:00Z`);
  if (Number.isNaN(date.getTime())) return key;
  return formatter(precision, locale, 'UTC').format(date);
}

/** An instant (a histogram bar's bound) as the period of the given precision it starts, on `timeZone`'s clock. */
export function formatPeriodStart(
  instant: string,
  precision: PeriodPrecision,
  timeZone = 'UTC',
  locale = appLocale(),
): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(instant) ? `${instant}T00:00:00Z` : instant);
  if (Number.isNaN(date.getTime())) return instant;
  return formatter(precision, locale, timeZone).format(date);
}
