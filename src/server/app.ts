import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type ConnectionError,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { Admission, RETRY_AFTER_BUSY_S } from './admission/admission';
import { openAdmission } from './admission/request';
import { cacheSummary } from './admission/results';
import { withoutKey } from './auth/credentials';
import { installAccess } from './auth/hooks';
import { BasemapError, openBasemap } from './basemap/archive';
import { registerBasemapRoutes } from './basemap/routes';
import { ConfigError } from './config';
import type { ServerContext, ServerSetup } from './context';
import { EngineBusyError, isEngineUnavailable, QueryCancelledError } from './engine/errors';
import { ApiError, engineUnavailable, errorBody } from './errors';
import { sendExplorerPage } from './explorer/page';
import { ExportSpools, spoolFolder, spoolSummary } from './exports/spools';
import { installGate, rewriteTarget } from './http/gate';
import { checkRequestText } from './http/hostile';
import { servePictograms } from './http/pictograms';
import { replyInPythonJson } from './http/python-json';
import { sendErrorBody } from './http/reply';
import { PARAMETER_VALIDATION } from './http/schema-errors';
import { API_SCOPE, apiScope, assertApiRoutesScoped, registerApiRoutes } from './routes/index';
import { countUsage } from './usage/index';

/** The registered media type of a Mapbox Vector Tile. */
const VECTOR_TILE_TYPE = 'application/vnd.mapbox-vector-tile';

/**
 * Headers a browser page on another origin may read: the service's list, in its order (conformance
 * captures 01–10, 29, 30). The per-dataset quota names are listed though no per-dataset quota is kept.
 */
const EXPOSED_HEADERS = [
  'ODS-Explore-API-Deprecation',
  'Link',
  'X-RateLimit-Remaining',
  'X-RateLimit-Limit',
  'X-RateLimit-Reset',
  'X-RateLimit-dataset-Remaining',
  'X-RateLimit-dataset-Limit',
  'X-RateLimit-dataset-Reset',
];

/**
 * Longest request head (request line and headers). ODSQL clauses travel in the URL, so this is well above
 * Node's default of 16 KB; the parser still bounds what a clause can ask.
 */
const MAX_HEADER_BYTES = 128 * 1024;
/** Longest path segment (dataset and record ids). */
const MAX_PARAM_LENGTH = 1000;

/**
 * Requests refused by Node before any route sees them (URL and headers over the limit, malformed HTTP)
 * get the interface's error body instead of the framework's own.
 */
function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const message =
      status === 408
        ? 'The request was not received in time.'
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? `The request is too large: its URL and headers exceed ${MAX_HEADER_BYTES / 1024} KB.`
          : 'The request is not valid HTTP.';
    const body = errorBody('InvalidRESTParameterError', message);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Paths the router cannot read (a malformed percent-encoding, a segment over the length limit). */
function answerFrameworkError(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? `The request path has a segment longer than ${MAX_PARAM_LENGTH} characters.`
      : 'The request path is not a valid URL (malformed percent-encoding).';
  sendErrorBody(reply, 400, errorBody('InvalidRESTParameterError', message));
}

/** The publisher's street basemap, if set; an archive that cannot be served stops the start. */
async function openConfiguredBasemap(ctx: ServerContext) {
  const setting = ctx.config.basemap;
  if (!setting) return undefined;
  try {
    return await openBasemap(setting.pmtiles, setting.attribution);
  } catch (error) {
    if (error instanceof BasemapError)
      throw new ConfigError(`BASEMAP_PMTILES=${setting.pmtiles} ${error.message}`);
    throw error;
  }
}

/**
 * The HTTP application: the interface under every API prefix, and the explorer at `/`, over the
 * backend's engine, shared catalog and quotas (backend/factory.ts; tests' own servers open theirs too).
 */
export async function buildApp(setup: ServerSetup): Promise<FastifyInstance> {
  const ctx: ServerContext = {
    ...setup,
    exportSpools: new ExportSpools(spoolFolder(setup.config.dataDir), setup.config.exportSpoolBytes),
  };
  const app = Fastify({
    logger: false,
    // Node would answer a request without Host with a bare 400 before any hook: the gate answers it
    // with the interface's body, or serves it under PUBLIC_URL.
    http: { maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false },
    clientErrorHandler: answerClientError,
    rewriteUrl: rewriteTarget,
    // Behind the proxies TRUST_PROXY names, the client address, scheme and host are the forwarded ones.
    ...(ctx.config.trustProxy === undefined ? {} : { trustProxy: ctx.config.trustProxy }),
    frameworkErrors: answerFrameworkError,
    // Routes declare their query strings and path segments (http/query-schema.ts); a request that does
    // not fit gets the interface's 400, worded from the value Ajv refused (verbose keeps it).
    ...PARAMETER_VALIDATION,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    bodyLimit: 1024 * 1024,
  });
  // gzip or brotli when the client asks; answers already compressed (zip, gzip, Parquet, FlatGeobuf)
  // are left alone, and streamed exports are compressed as they stream.
  await app.register(compress, { global: true, encodings: ['br', 'gzip', 'deflate'], threshold: 1024 });
  await app.register(cors, {
    origin: true,
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    exposedHeaders: EXPOSED_HEADERS,
  });
  // Every request: a target that is a path, and a host for its links (or PUBLIC_URL).
  installGate(app, ctx.config.publicUrl);

  // Stopping must not wait for clients: when the server closes, connections with no request being
  // answered are closed at once (Node leaves those that never sent a request open), and answers still in
  // flight close their connection once sent instead of keeping it alive.
  let closing = false;
  const sockets = new Set<Socket>();
  const busy = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('onRequest', async (req) => {
    busy.add(req.raw.socket);
  });
  app.addHook('onResponse', async (req) => {
    busy.delete(req.raw.socket);
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of sockets) if (!busy.has(socket)) socket.destroy();
  });

  app.setErrorHandler((thrown: FastifyError | Error, req, reply) => {
    // Whichever route met it (records, facets, v1.0, exports, the catalog): an engine that cannot reach
    // a node is not a failure of ours to log per request; the engine logs the outage once.
    const error = isEngineUnavailable(thrown) ? engineUnavailable() : thrown;
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return sendErrorBody(reply, error.status, errorBody(error.code, error.message));
    }
    if (error instanceof EngineBusyError) {
      // Not the client's fault nor a failure: the lane's queue did not move in time.
      reply.header('Retry-After', String(RETRY_AFTER_BUSY_S));
      return sendErrorBody(
        reply,
        503,
        errorBody(
          'ServiceUnavailable',
          'The server is busy with other queries of this kind: try again in a few seconds.',
        ),
      );
    }
    if (error instanceof QueryCancelledError && req.raw.destroyed) {
      // The client went away and its queries were cancelled on purpose: nobody is left to answer.
      return reply.status(499).send();
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.statusCode !== undefined && fastifyError.statusCode < 500) {
      // Malformed requests caught by the framework (bad URL encoding, oversized parameters).
      return sendErrorBody(
        reply,
        400,
        errorBody('InvalidRESTParameterError', `The request is malformed: ${fastifyError.message}`),
      );
    }
    ctx.log.error(`${req.method} ${withoutKey(req.url)} failed: ${error.stack ?? error.message}`);
    return sendErrorBody(
      reply,
      500,
      errorBody('InternalServerError', 'An unexpected error occurred. It has been logged on the server.'),
    );
  });

  assertApiRoutesScoped(app);
  await app.register(
    apiScope(
      async (api) => {
        // Control characters in parameters and path segments are refused before anything reads them.
        api.addHook('onRequest', async (req) => checkRequestText(req));
        // Keys, quotas and restricted datasets, before any API route runs.
        await installAccess(api, ctx);
        // Lanes and per-client limits of the request's queries, once the caller is known.
        const admission = new Admission(ctx.config.admission, ctx.catalog);
        api.addHook('onRequest', async (req, reply) => openAdmission(req, reply, admission));
        api.addHook('onClose', async () => {
          ctx.log.info(`result cache: ${cacheSummary(admission.results.stats())}`);
          await ctx.exportSpools.close();
          ctx.log.info(`export spool: ${spoolSummary(ctx.exportSpools.stats())}`);
        });
        // Downloads and API calls per dataset (the `explore` metadata).
        countUsage(api, ctx);
        // JSON answers spaced and escaped as the real service writes them.
        replyInPythonJson(api);
      },
      (api) => registerApiRoutes(api, ctx),
    ),
    { prefix: API_SCOPE },
  );

  // Pictograms the Opendatasoft widgets ask the portal for, with or without the explorer built.
  servePictograms(app);
  const basemap = await openConfiguredBasemap(ctx);
  if (basemap) {
    registerBasemapRoutes(app, basemap, Date.now());
    app.addHook('onClose', () => basemap.close());
  }

  const index = join(ctx.config.staticDir, 'index.html');
  const hasExplorer = existsSync(index);
  if (hasExplorer) {
    // Built assets are looked up per request, so a rebuilt explorer (new file names) is served without
    // a restart. The few files at the root are listed once; other paths stay with the API's router.
    // Assets are sent as the build compressed them (`.br`, `.gz` beside each), not compressed per request;
    // their names change with their content, so a browser keeps them.
    await app.register(async (assets) => {
      // The offline basemap's tiles (Mapbox Vector Tiles): a type the static files' table does not
      // know, and which it sets again on a precompressed copy after any header of ours.
      assets.addHook('onSend', async (request, reply, payload) => {
        const tile = reply.statusCode < 400 && request.url.split('?')[0]?.endsWith('.pbf');
        if (tile) reply.header('content-type', VECTOR_TILE_TYPE);
        return payload;
      });
      await assets.register(fastifyStatic, {
        root: join(ctx.config.staticDir, 'assets'),
        prefix: '/assets/',
        preCompressed: true,
        immutable: true,
        maxAge: '365d',
      });
    });
    await app.register(fastifyStatic, {
      root: ctx.config.staticDir,
      wildcard: false,
      index: false,
      decorateReply: false,
      globIgnore: ['assets/**', 'index.html'],
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // A missing file (`/assets/x.js`) is a 404; only page paths get the explorer (the API's scope answers
    // its own 404s).
    const isFile = /\.[A-Za-z0-9]+$/.test(path);
    if (!hasExplorer || req.method !== 'GET' || isFile) {
      return sendErrorBody(
        reply,
        404,
        errorBody('NotFoundResource', `The requested resource ${path} does not exist.`),
      );
    }
    // Explorer routes are client-side: every other page path gets the single page.
    return sendExplorerPage(app, ctx.config.staticDir, req, reply, basemap?.info);
  });
  return app;
}
