import { useEffect, useState } from 'react';

/**
 * `value`, once the browser has painted the frame in which it changed: what depends on it renders
 * after that frame, not before it. (A deferred value may still render before the paint, and make the
 * visitor wait for work they cannot see yet.)
 */
export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown(() => value), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [value, shown]);
  return shown;
}
