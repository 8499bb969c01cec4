import { civilFromDays } from '../../time/calendar';

const MS_PER_DAY = 86_400_000;

/*
 * The ClickHouse dialect's texts of dates and instants in JavaScript, from exact numbers (days since
 * 1970-01-01, epoch milliseconds), exactly as its SQL writes them (clickhouse-calendar.ts: civilDate;
 * clickhouse-instants.ts: isoDatetime, isoUtcMillis): the server renders with them the exports it reads
 * raw (raw-records.ts), so the dialect writes its instants in one place, in both languages.
 */

/** `n` zero-padded to `width` digits; wider numbers whole (the dialect's `padded`). */
function padded(n: number, width: number): string {
  const limit = 10 ** width;
  return n >= limit ? String(n) : String(limit + n).slice(1);
}

const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** `YYYY-MM-DD` of a day number. */
export function dateText(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${padded(year, 4)}-${two(month)}-${two(day)}`;
}

/** `YYYY-MM-DDTHH:MM:SS` of a wall clock in milliseconds, and its milliseconds into the second. */
function wallText(ms: number): { text: string; millis: number } {
  const day = Math.floor(ms / MS_PER_DAY);
  const t = ms - day * MS_PER_DAY;
  const hours = Math.floor(t / 3_600_000);
  const minutes = Math.floor((t % 3_600_000) / 60_000);
  const seconds = Math.floor((t % 60_000) / 1000);
  return { text: `${dateText(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}`, millis: t % 1000 };
}

/** `2020-01-01T00:00:00.000Z` of an instant (ms). */
export function isoUtcMillis(ms: number): string {
  const { text, millis } = wallText(ms);
  return `${text}.${padded(millis, 3)}Z`;
}

/**
 * The ISO text of an instant (ms) at an offset (whole seconds): its wall clock, microseconds only when
 * not zero, then the offset `+HH:MM`.
 */
export function isoDatetime(ms: number, offsetSeconds: number): string {
  const { text, millis } = wallText(ms + offsetSeconds * 1000);
  const abs = Math.abs(offsetSeconds);
  const offset = `${offsetSeconds < 0 ? '-' : '+'}${two(Math.floor(abs / 3600))}:${two(Math.floor((abs % 3600) / 60))}`;
  return millis === 0 ? `${text}${offset}` : `${text}.${padded(millis, 3)}000${offset}`;
}
