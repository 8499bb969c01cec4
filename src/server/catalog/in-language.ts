import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../odsql';
import { catalogTableFor } from '../auth/access';
import type { ServerContext } from '../context';

/*
 * The catalog a request's queries run on: the caller's (auth/access.ts, restricted datasets it may not
 * read left out) in the language it asks in (engine/duckdb/language-views.ts). Each language view is created
 * on first use, over the caller's view, so a restricted dataset stays out of it in every language.
 */

const created = new WeakMap<ServerContext, Map<string, Promise<void>>>();

/** Name of the view of `table` in `lang` (`untranslated` without a language). */
export function languageViewName(table: string, lang: Lang | undefined): string {
  return `${table}__in_${lang ?? 'untranslated'}`;
}

/** The view of `table` in `lang`, created when first asked for. */
export async function languageView(
  ctx: ServerContext,
  table: string,
  lang: Lang | undefined,
): Promise<string> {
  const view = languageViewName(table, lang);
  let views = created.get(ctx);
  if (!views) {
    views = new Map();
    created.set(ctx, views);
  }
  let creating = views.get(view);
  if (!creating) {
    creating = ctx.sharedCatalog.languageView(view, table, lang);
    views.set(view, creating);
    // A failed creation is tried again by the next request.
    creating.catch(() => views.delete(view));
  }
  await creating;
  return view;
}

/** The catalog table as the caller of `request` sees it, in `lang` (see the top of this file). */
export function catalogTableIn(
  ctx: ServerContext,
  request: FastifyRequest,
  lang: Lang | undefined,
): Promise<string> {
  return languageView(ctx, catalogTableFor(request), lang);
}
