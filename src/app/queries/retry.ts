import { ApiError } from '../../api';

/*
 * When the explorer asks again after a failed request. A server busy with this visitor's own requests
 * (429 "too many at once", or 503 while its lanes are full) says in `Retry-After` when to come back:
 * the explorer waits that long, a little more at random so that a page's requests do not return all at
 * once, and the view keeps its loading state meanwhile instead of an error. A quota spent until
 * tomorrow (a 429 whose Retry-After is far off) and any other 4xx will not change by asking again.
 */

/** A wait longer than this is a quota, not a burst: the reader is told rather than kept waiting. */
export const LONGEST_POLITE_WAIT_S = 30;
const RETRIES_AFTER_BUSY = 3;
const RETRIES_AFTER_FAILURE = 2;

/** Whether the query asks again after its `failures`-th failure. */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const wait = error.retryAfterSeconds;
  if (error.status === 429)
    return wait !== undefined && wait <= LONGEST_POLITE_WAIT_S && failures < RETRIES_AFTER_BUSY;
  if (error.status >= 500) {
    return (wait === undefined || wait <= LONGEST_POLITE_WAIT_S) && failures < RETRIES_AFTER_FAILURE;
  }
  return false;
}

/** How long to wait before asking again: the server's Retry-After and up to a second more, else doubling from one second. */
export function retryDelay(failures: number, error: unknown, random: () => number = Math.random): number {
  const wait = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  if (wait !== undefined) return wait * 1000 + Math.round(random() * 1000);
  return Math.min(1000 * 2 ** failures, 30_000);
}
