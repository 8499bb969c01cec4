/** Where ingestion and the catalog report progress and problems. A pino or Fastify logger fits. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** A logger that drops everything (tests, tools). */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** A logger writing one line per message to the console. */
export const consoleLogger: Logger = {
  info: (message) => console.info(message),
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};
