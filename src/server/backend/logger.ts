/** Where ingestion and the catalog report progress and problems. A pino or Fastify logger fits. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
