import type { SqlQuery } from '../../odsql';
import type { Engine, QueryOptions } from '../engine/types';

type LaneOptions = Pick<QueryOptions, 'lane' | 'client' | 'waitMs' | 'order'>;

/**
 * The engine as an export's writers see it: every query they run goes to the export's lane, for its
 * client, so that format writers need not know about admission.
 */
export function inLane(engine: Engine, lane: LaneOptions): Engine {
  const withLane = (options: QueryOptions | undefined): QueryOptions => ({ ...options, ...lane });
  const copy = engine.copy?.bind(engine);
  return {
    dialect: engine.dialect,
    rows: (query: SqlQuery, options?: QueryOptions) => engine.rows(query, withLane(options)),
    stream: (query: SqlQuery, options?: QueryOptions) => engine.stream(query, withLane(options)),
    // An engine without its own file writer stays without one: exports then write files themselves.
    ...(copy
      ? {
          copy: (query: SqlQuery, target: string, copyOptions: string, options?: QueryOptions) =>
            copy(query, target, copyOptions, withLane(options)),
        }
      : {}),
    execute: (sql, params) => engine.execute(sql, params),
    close: () => engine.close(),
  };
}
