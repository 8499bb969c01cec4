import type { FastifyInstance } from 'fastify';
import type { DatasetSchema } from '../../odsql';
import type { DatasetUsage, SharedCatalog, SharedUsageCounts } from '../backend/catalog';
import type { ServerContext } from '../context';

/*
 * Dataset usage as the interface shows it: the `explore` metadata (download_count, api_call_count,
 * popularity_score) and catalog fields of the same names, so that the catalog sorts and filters on them
 * (`sort=explore.download_count` on v1, ``order_by=`explore.popularity_score` desc`` on v2).
 *
 * popularity_score = 5 × download_count + api_call_count: a download is a deliberate use of the whole
 * dataset and weighs five API calls. (The real service also counts reuses; this server has none.)
 */

export const USAGE_FIELDS = ['explore.download_count', 'explore.api_call_count', 'explore.popularity_score'];

export interface ExploreMetas {
  readonly download_count: number;
  readonly api_call_count: number;
  readonly popularity_score: number;
}

export function popularity(u: DatasetUsage): number {
  return 5 * u.downloads + u.api_calls;
}

/** The catalog with the usage fields, as one request reads it. */
export interface CatalogView {
  readonly table: string;
  readonly schema: DatasetSchema;
  /**
   * The `explore` metadata as the view's table holds it: a list sorted or filtered on a usage field shows
   * the counts it was sorted by (the live ones may have moved since the last rewrite).
   */
  readonly explore: (datasetId: string) => ExploreMetas;
}

function exploreOf(u: DatasetUsage): ExploreMetas {
  return { download_count: u.downloads, api_call_count: u.api_calls, popularity_score: popularity(u) };
}

const NO_USAGE: DatasetUsage = { downloads: 0, api_calls: 0 };
const FIELDS = [USAGE_FIELDS[0]!, USAGE_FIELDS[1]!, USAGE_FIELDS[2]!] as const;

/**
 * The usage counts of the catalog's backend (backend/catalog.ts): the request engine's own, or a
 * cluster's that every server on it adds to.
 */
export class Usage {
  readonly counts: SharedUsageCounts;
  private readonly catalog: SharedCatalog;
  /** Creation of each catalog view with the usage fields. */
  private readonly views = new Map<string, Promise<void>>();

  constructor(private readonly ctx: ServerContext) {
    this.catalog = ctx.sharedCatalog;
    this.counts = this.catalog.usage;
  }

  /** The live counts of a dataset. */
  explore(datasetId: string): ExploreMetas {
    return exploreOf(this.counts.get(datasetId));
  }

  /** Counts one download or API call. */
  add(datasetId: string, kind: keyof DatasetUsage): void {
    this.counts.add(datasetId, kind);
  }

  /**
   * The catalog table (as the caller sees it) with the usage fields added, and its schema. A catalog
   * request waits only for its own view's creation (and, on the engine's own catalog, the counts'
   * table's first write), never for a rewrite of the counts (several a second under load): the list
   * shows the counts the view read, as of their last write.
   */
  async catalogView(table: string): Promise<CatalogView> {
    const view = `${table}__explore`;
    let creating = this.views.get(view);
    if (!creating) {
      creating = this.catalog.usageView(view, table, FIELDS);
      this.views.set(view, creating);
      // A failed creation is tried again by the next request.
      creating.catch(() => this.views.delete(view));
    }
    await creating;
    const counts = await this.counts.written();
    return {
      table: view,
      schema: this.catalogSchema(),
      explore: (datasetId) => exploreOf(counts.get(datasetId) ?? NO_USAGE),
    };
  }

  catalogSchema(): DatasetSchema {
    const base = this.ctx.catalog.catalogSchema;
    return {
      ...base,
      fields: [
        ...base.fields,
        { name: USAGE_FIELDS[0]!, type: 'int' },
        { name: USAGE_FIELDS[1]!, type: 'int' },
        { name: USAGE_FIELDS[2]!, type: 'double' },
      ],
    };
  }

  /** Writes the counts not written yet (the server closes). */
  async close(): Promise<void> {
    await this.counts.close();
  }
}

const usages = new WeakMap<ServerContext, Usage>();

/** The usage counts of a server (one per context, opened on first use). */
export function usageOf(ctx: ServerContext): Usage {
  let usage = usages.get(ctx);
  if (!usage) {
    usage = new Usage(ctx);
    usages.set(ctx, usage);
  }
  return usage;
}

/** Route patterns whose successful answers are downloads of the dataset they name. */
const DOWNLOADS = [/\/catalog\/datasets\/:dataset_id\/exports\/:format$/, /^\/api\/records\/1\.0\/download$/];
/** Route patterns whose successful answers are API calls on one dataset. */
const API_CALLS = [
  /\/catalog\/datasets\/:dataset_id(\/(records|facets|aggregates|attachments)(\/:[a-z_]+)?)?$/,
  /^\/api\/records\/1\.0\/[a-z]+$/,
  /^\/api\/datasets\/1\.0\/:dataset_id(\/records\/:record_id)?$/,
];

/** Counts every successful download and API call on a dataset. */
export function countUsage(app: FastifyInstance, ctx: ServerContext): void {
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode >= 400) return;
    const pattern = req.routeOptions.url;
    if (pattern === undefined) return;
    const kind: keyof DatasetUsage | undefined = DOWNLOADS.some((p) => p.test(pattern))
      ? 'downloads'
      : API_CALLS.some((p) => p.test(pattern))
        ? 'api_calls'
        : undefined;
    if (!kind) return;
    const params = req.params as { dataset_id?: unknown } | undefined;
    const query = req.query as { dataset?: unknown } | undefined;
    const body = req.body as { dataset?: unknown } | undefined;
    const named = params?.dataset_id ?? query?.dataset ?? body?.dataset;
    if (typeof named !== 'string') return;
    const ds = ctx.catalog.get(named.trim());
    if (ds) usageOf(ctx).add(ds.dataset_id, kind);
  });
  app.addHook('onClose', async () => {
    await usageOf(ctx).close();
  });
}

const USAGE_NAME = /^explore\.(download_count|api_call_count|popularity_score)\b/;

/**
 * ODSQL names cannot hold a dot, but clients write the usage fields as `explore.download_count`: outside
 * quotes, those three names are given back-quoted so that the parser reads them as fields.
 */
export function quoteUsageNames(text: string): string {
  let out = '';
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      out += c;
      if (c === quote) quote = undefined;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      quote = c;
      out += c;
      continue;
    }
    const before = i === 0 ? '' : text[i - 1]!;
    const m = /[\w.]/.test(before) ? null : USAGE_NAME.exec(text.slice(i));
    if (m) {
      out += `\`${m[0]}\``;
      i += m[0].length - 1;
      continue;
    }
    out += c;
  }
  return out;
}
