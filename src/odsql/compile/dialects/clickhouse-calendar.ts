import { bound, floorDiv, padded } from './clickhouse-sql';

/*
 * Civil dates of the ClickHouse dialect, from day numbers (Int64) and back, as in H. Hinnant's
 * algorithms: exact for any year, where 18.16's Date stops at 1970 and 2105 (see clickhouse-dates.ts).
 */

export const MS_PER_DAY = 86_400_000;

/** The instants for which 18.16's zone tables give the right offset. */
export const ZONE_TABLE_WINDOW = { fromMs: MS_PER_DAY, untilMs: Date.UTC(2106, 0, 1) } as const;

/** The day number of a wall clock or instant in milliseconds. */
export const daysOf = (ms: string): string => floorDiv(ms, MS_PER_DAY);

/** `body(y, m, d)` over the civil date of a day number (Int64, not null). */
export function civil(days: string, body: (y: string, m: string, d: string) => string): string {
  return bound(
    `${days} + 719468`,
    '__cz',
    bound(
      floorDiv('__cz', 146097),
      '__cera',
      bound(
        '__cz - __cera * 146097',
        '__cdoe',
        bound(
          'intDiv(__cdoe - intDiv(__cdoe, 1460) + intDiv(__cdoe, 36524) - intDiv(__cdoe, 146096), 365)',
          '__cyoe',
          bound(
            '__cdoe - (365 * __cyoe + intDiv(__cyoe, 4) - intDiv(__cyoe, 100))',
            '__cdoy',
            bound(
              'intDiv(5 * __cdoy + 2, 153)',
              '__cmp',
              bound(
                'if(__cmp < 10, __cmp + 3, __cmp - 9)',
                '__cm',
                body(
                  '(__cyoe + __cera * 400 + if(__cm <= 2, 1, 0))',
                  '__cm',
                  '(__cdoy - intDiv(153 * __cmp + 2, 5) + 1)',
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/** The day number of a civil date (Int64 SQL of year and month; the day is 1). */
export function daysFromCivil(year: string, month: string): string {
  return bound(
    `${year} - if(${month} <= 2, 1, 0)`,
    '__dy',
    bound(
      floorDiv('__dy', 400),
      '__dera',
      bound(
        '__dy - __dera * 400',
        '__dyoe',
        `__dera * 146097 + __dyoe * 365 + intDiv(__dyoe, 4) - intDiv(__dyoe, 100) + intDiv(153 * (${month} + if(${month} > 2, -3, 9)) + 2, 5) - 719468`,
      ),
    ),
  );
}

/** `YYYY-MM-DD` of a day number (Int64, not null). */
export function civilDate(days: string): string {
  return civil(days, (y, m, d) => `concat(${padded(y, 4)}, '-', ${padded(m, 2)}, '-', ${padded(d, 2)})`);
}
