import type { ValueRange } from '../dialect';
import { civilDate, daysOf, MS_PER_DAY, ZONE_TABLE_WINDOW } from './clickhouse-calendar';
import { bound, mod, padded } from './clickhouse-sql';

/*
 * The ClickHouse dialect's texts of instants, the only place they are written for this engine: ISO
 * UTC with milliseconds (records' timestamps, group labels) and the service's ISO text in a zone.
 */

/**
 * `YYYY-MM-DDTHH:MM:SS` of milliseconds (Int64, not null) followed by `fraction` of the milliseconds
 * into the second.
 */
function civilText(ms: string, fraction: (millis: string) => string): string {
  return bound(
    ms,
    '__tms',
    bound(
      daysOf('__tms'),
      '__tday',
      bound(
        `__tms - __tday * ${MS_PER_DAY}`,
        '__tt',
        `concat(${civilDate('__tday')}, 'T', ${padded('intDiv(__tt, 3600000)', 2)}, ':', ${padded(`intDiv(${mod('__tt', 3600000)}, 60000)`, 2)}, ':', ${padded(`intDiv(${mod('__tt', 60000)}, 1000)`, 2)}, ${fraction(mod('__tt', 1000))})`,
      ),
    ),
  );
}

/** `2020-01-01T00:00:00.000Z` of an instant in milliseconds (may be null). */
export function isoUtcMillis(ms: string): string {
  return `if(isNull(${ms}), NULL, ${civilText(`toInt64(assumeNotNull(${ms}))`, (millis) => `'.', ${padded(millis, 3)}, 'Z'`)})`;
}

/**
 * Whether the wall clocks of instants in `instants` (within a day of them) lie where a DateTime holds
 * them, so that 18.16's DateTime functions read them right.
 */
export function inDateTimeRange(instants: ValueRange | undefined): boolean {
  const { fromMs, untilMs } = ZONE_TABLE_WINDOW;
  return instants !== undefined && instants.min - MS_PER_DAY >= fromMs && instants.max + MS_PER_DAY < untilMs;
}

/**
 * `YYYY-MM-DDTHH:MM:SS` of milliseconds (Int64) known to lie in a DateTime's range, by 18.16's own text of
 * a DateTime: the civil-date arithmetic (civilText), nested lambdas, costs 18.16 a long analysis of the
 * query (a records page rendering two instants took 200 ms on a quiet node, its rows taking 10).
 */
const dateTimeText = (ms: string): string =>
  `replaceOne(toString(toDateTime(intDiv(${ms}, 1000), 'UTC')), ' ', 'T')`;

/** isoUtcMillis of an instant (may be null) known to lie in a DateTime's range (the records' timestamps). */
export function isoUtcMillisInRange(ms: string): string {
  return `if(isNull(${ms}), NULL, ${bound(`toInt64(assumeNotNull(${ms}))`, '__ums', `concat(${dateTimeText('__ums')}, '.', ${padded(mod('__ums', 1000), 3)}, 'Z')`)})`;
}

/** isoDatetime of an instant whose range lies in a DateTime's (inDateTimeRange). */
export function isoDatetimeInRange(ms: string, offset: (instant: string) => string): string {
  const text = bound(
    `toInt64(assumeNotNull(${ms}))`,
    '__iso',
    bound(
      offset('__iso'),
      '__isoff',
      bound(
        '__iso + __isoff * 1000',
        '__isw',
        `concat(${dateTimeText('__isw')}, if(${mod('__isw', 1000)} = 0, '', concat('.', ${padded(mod('__isw', 1000), 3)}, '000')), ${offsetText('__isoff')})`,
      ),
    ),
  );
  return `if(isNull(${ms}), NULL, ${text})`;
}

/** `+HH:MM` of an offset in seconds. */
const offsetText = (seconds: string): string =>
  `concat(if(${seconds} < 0, '-', '+'), ${padded(`intDiv(abs(${seconds}), 3600)`, 2)}, ':', ${padded(`intDiv(abs(${seconds}) % 3600, 60)`, 2)})`;

/**
 * The service's ISO text of an instant (ms, may be null) in a zone: its wall clock, microseconds only
 * when not zero, then the offset. `offset` gives the offset in seconds (SQL) of an instant.
 */
export function isoDatetime(ms: string, offset: (instant: string) => string): string {
  const text = bound(
    `toInt64(assumeNotNull(${ms}))`,
    '__iso',
    bound(
      offset('__iso'),
      '__isoff',
      civilText(
        '__iso + __isoff * 1000',
        (millis) =>
          `if(${millis} = 0, '', concat('.', ${padded(millis, 3)}, '000')), ${offsetText('__isoff')}`,
      ),
    ),
  );
  return `if(isNull(${ms}), NULL, ${text})`;
}
