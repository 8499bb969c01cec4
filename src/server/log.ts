import type { Logger } from './ingest/logger';

/** Human-readable log lines on the console: time, level, message. */
export function consoleLog(minimum: 'info' | 'warn' | 'error' = 'info'): Logger {
  const levels = ['info', 'warn', 'error'] as const;
  const enabled = (level: (typeof levels)[number]): boolean =>
    levels.indexOf(level) >= levels.indexOf(minimum);
  const line = (level: string, message: string): string =>
    `${new Date().toISOString()} ${level.padEnd(5)} ${message}`;
  return {
    info: (m) => {
      if (enabled('info')) console.log(line('info', m));
    },
    warn: (m) => {
      if (enabled('warn')) console.warn(line('warn', m));
    },
    error: (m) => {
      if (enabled('error')) console.error(line('error', m));
    },
  };
}
