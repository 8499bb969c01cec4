import type { Logger } from '../backend/logger';

export type { Logger } from '../backend/logger';

/** A logger that drops everything (tests, tools). */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** A logger writing one line per message to the console. */
export const consoleLogger: Logger = {
  info: (message) => console.info(message),
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};
