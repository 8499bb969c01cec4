import { offsetAt, wallClock } from '../../odsql';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * An instant as the service writes datetimes: `2026-06-22T13:50:25+00:00`, in the given time zone,
 * with milliseconds only when there are some (`…:06.995000+00:00`).
 */
export function formatInstant(iso: string, tz: string): string {
  const epoch = Date.parse(iso);
  if (Number.isNaN(epoch)) return iso;
  const w = wallClock(epoch, tz);
  const offsetMinutes = Math.round(offsetAt(epoch, tz) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const fraction = w.millisecond === 0 ? '' : `.${pad(w.millisecond, 3)}000`;
  return (
    `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${fraction}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}
