import type { ApiVersion } from '../../api/version';
import type { CompileOptions } from '../../odsql';
import type { ServerContext } from '../context';
import type { Engine } from '../engine/types';
import { lang, type QueryString, timezone } from '../http/params';

/**
 * The compile options of a request: its version, time zone and language, the current time, the dialect
 * of the engine that runs it (the records engine unless told).
 */
export function compileOptions(
  ctx: ServerContext,
  query: QueryString,
  version: ApiVersion,
  engine: Engine = ctx.engine,
): CompileOptions {
  return {
    version,
    timezone: timezone(query, ctx.timezones),
    lang: lang(query),
    now: Date.now(),
    dialect: engine.dialect,
  };
}
