/*
 * Embedded DuckDB, the default engine: the request engine (engine.ts), its values (values.ts), the
 * memory it holds (memory.ts, memory-report.ts), and files it writes from rows another engine streamed
 * (file.ts). Outside this folder only the backend factory (backend/factory.ts) names it.
 */
export * from './engine';
