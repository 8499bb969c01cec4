import type { ApiVersion } from '../../api/version';
import type { CompileOptions } from '../../odsql';
import type { ServerContext } from '../context';
import { lang, type QueryString, timezone } from '../http/params';

/** The compile options of a request: its version, time zone and language, the current time, the engine's dialect. */
export function compileOptions(ctx: ServerContext, query: QueryString, version: ApiVersion): CompileOptions {
  return {
    version,
    timezone: timezone(query, ctx.timezones),
    lang: lang(query),
    now: Date.now(),
    dialect: ctx.engine.dialect,
  };
}
