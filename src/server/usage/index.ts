import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DatasetSchema } from '../../odsql';
import type { ServerContext } from '../context';
import { errorSummary } from '../ingest/ingest';
import { writeUsageTable, writeUsageView } from '../storage/usage-table';
import { type DatasetUsage, UsageCounts } from './counts';

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

/** How stale the table the catalog sorts on may be. */
const TABLE_REFRESH_MS = 1000;

export class Usage {
  readonly counts: UsageCounts;
  private tableVersion = -1;
  private tableWritten = 0;
  /** The rewrite of the counts' table in progress. */
  private writing: Promise<void> | undefined;
  /** Creation of each catalog view with the usage fields. */
  private readonly views = new Map<string, Promise<void>>();

  constructor(private readonly ctx: ServerContext) {
    this.counts = new UsageCounts(join(ctx.config.dataDir, 'usage'));
  }

  explore(datasetId: string): ExploreMetas {
    const u = this.counts.get(datasetId);
    return { download_count: u.downloads, api_call_count: u.api_calls, popularity_score: popularity(u) };
  }

  /**
   * The catalog table (as the caller sees it) with the usage fields added, and its schema: a view
   * joining the counts. The counts' table is rewritten when they moved, in the background: a catalog
   * request waits only for the first write (the view needs the table) and for its own view's creation,
   * never for a rewrite (under load, one a second), and reads the counts as of the last one.
   */
  async catalogView(table: string): Promise<{ table: string; schema: DatasetSchema }> {
    const view = `${table}__explore`;
    const now = Date.now();
    if (
      !this.writing &&
      this.tableVersion !== this.counts.version &&
      now - this.tableWritten >= TABLE_REFRESH_MS
    ) {
      this.tableWritten = now;
      this.writing = this.writeTable()
        .catch((error: unknown) => {
          // Tried again by the next catalog request.
          this.tableWritten = 0;
          this.ctx.log.warn(`usage counts table not written: ${errorSummary(error)}`);
        })
        .finally(() => {
          this.writing = undefined;
        });
    }
    // The view joins the counts' table: it must exist once.
    if (this.tableVersion === -1) await this.writing;
    let creating = this.views.get(view);
    if (!creating) {
      creating = writeUsageView(this.ctx.engine, view, table, [
        USAGE_FIELDS[0]!,
        USAGE_FIELDS[1]!,
        USAGE_FIELDS[2]!,
      ]);
      this.views.set(view, creating);
      // A failed creation is tried again by the next request.
      creating.catch(() => this.views.delete(view));
    }
    await creating;
    return { table: view, schema: this.catalogSchema() };
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

  private async writeTable(): Promise<void> {
    const version = this.counts.version;
    const all = [...this.counts.all()];
    await writeUsageTable(
      this.ctx.engine,
      all.map(([datasetId, u]) => ({ datasetId, downloads: u.downloads, apiCalls: u.api_calls })),
    );
    this.tableVersion = version;
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
    if (ds) usageOf(ctx).counts.add(ds.dataset_id, kind);
  });
  app.addHook('onClose', async () => {
    usageOf(ctx).counts.close();
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
