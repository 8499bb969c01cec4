import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip, type Gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BasemapInfo } from '../basemap/archive';
import { tileJson } from '../basemap/routes';
import { publicBase } from '../http/gate';
import { firstDataUrls, pageLanguage } from './first-data';
import { firstMapUrl } from './first-map-data';
import { framingHeaders } from './framing';
import { assetLinks, attribute, type Manifest, pageAssets } from './page-assets';
import { pageRoute } from './page-route';

/*
 * The explorer's single page, written for the address it is asked at. Its head names the code the
 * page needs (page-assets.ts), and is sent at once so the browser fetches it while the server answers
 * the page's first API requests (first-data.ts, and the map's extent: first-map-data.ts), which follow
 * inside the page as JSON for the explorer to read instead of asking: the page's scripts run once it
 * is complete, with their data in hand.
 */

/** Past this, a first request is left for the explorer to make: the page is not held longer. */
const FIRST_DATA_WAIT_MS = 1000;
/**
 * The map's extent, which follows the first answers, holds the page's end (and so the explorer's first
 * render) for at most this long after the page was asked for: about when the explorer's code has
 * arrived on a first visit. Past it the explorer asks, and shares the query still running.
 */
const FOLLOW_UP_WAIT_MS = 300;

interface Template {
  readonly mtimeMs: number;
  readonly head: string;
  readonly body: string;
  readonly end: string;
  readonly manifest: Manifest;
}

/** Per folder: one process may serve several (tests do). */
const cached = new Map<string, Template>();

/** index.html cut where the page's own parts go, read again when a build rewrites it. */
async function template(staticDir: string): Promise<Template> {
  const index = join(staticDir, 'index.html');
  const { mtimeMs } = await stat(index);
  const known = cached.get(staticDir);
  if (known?.mtimeMs === mtimeMs) return known;
  const html = await readFile(index, 'utf8');
  const manifest = await readFile(join(staticDir, '.vite', 'manifest.json'), 'utf8')
    .then((text) => JSON.parse(text) as Manifest)
    .catch(() => ({}));
  const headEnd = html.indexOf('</head>');
  const bodyEnd = html.lastIndexOf('</body>');
  const page: Template =
    headEnd < 0 || bodyEnd < headEnd
      ? { mtimeMs, head: html, body: '', end: '', manifest }
      : {
          mtimeMs,
          head: html.slice(0, headEnd),
          body: html.slice(headEnd, bodyEnd),
          end: html.slice(bodyEnd),
          manifest,
        };
  cached.set(staticDir, page);
  return page;
}

/** JSON inside a script element: `<` escaped, so no `</script>` or `<!--` can end or bend it. */
const scriptJson = (json: string): string => json.replace(/</g, '\\u003c');

function forwarded(req: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['host', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** One answer's body as the page carries it; only successes, so the explorer shows its own errors. */
async function firstData(
  app: FastifyInstance,
  req: FastifyRequest,
  url: string,
): Promise<string | undefined> {
  const response = await app.inject({
    method: 'GET',
    url,
    // The reader's address, so quotas and fair shares count the request as theirs.
    remoteAddress: req.ip,
    // Its host too: the answers' links name the address the reader uses.
    headers: { ...forwarded(req), accept: 'application/json', 'accept-encoding': 'identity' },
  });
  if (response.statusCode !== 200 || !/json/.test(String(response.headers['content-type']))) return undefined;
  return response.body;
}

const answerScript = (url: string, body: string | undefined): string =>
  body === undefined
    ? ''
    : `<script type="application/json" data-explorer-url="${attribute(url)}">${scriptJson(body)}</script>\n`;

/** The work's answer, or none once `until` (performance.now()) has passed. */
const withinWait = (work: Promise<string | undefined>, until: number): Promise<string | undefined> =>
  Promise.race([
    work.catch(() => undefined),
    new Promise<undefined>((resolve) =>
      setTimeout(resolve, Math.max(0, until - performance.now()), undefined).unref(),
    ),
  ]);

/** Compressed here rather than by @fastify/compress, so the head can be flushed before the data. */
function encoder(req: FastifyRequest, reply: FastifyReply): Transform {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    reply.header('Content-Encoding', 'br');
    // Brotli's default quality (11) takes tens of milliseconds on a page of records; 5 takes one.
    return createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('Content-Encoding', 'gzip');
    return createGzip();
  }
  return new PassThrough();
}

export async function sendExplorerPage(
  app: FastifyInstance,
  staticDir: string,
  req: FastifyRequest,
  reply: FastifyReply,
  basemap?: BasemapInfo,
): Promise<FastifyReply> {
  const asked = performance.now();
  const until = asked + FIRST_DATA_WAIT_MS;
  const url = new URL(req.url, 'http://page');
  const route = pageRoute(url.pathname);
  const page = await template(staticDir);
  const links = assetLinks(pageAssets(page.manifest, route), page.head);
  const lang = pageLanguage(url.searchParams, req.headers);
  const urls = firstDataUrls(route, url.searchParams, lang);
  const answers = urls.map((u) => withinWait(firstData(app, req, u), until));
  // The map's extent follows its dataset's and count's answers.
  const followUp = Promise.all(answers).then((bodies) => {
    const answered = new Map(urls.map((u, i) => [u, bodies[i]]));
    const next = firstMapUrl(route, lang, (u) => answered.get(u));
    const followUntil = asked + FOLLOW_UP_WAIT_MS;
    if (next === undefined || performance.now() >= followUntil) return '';
    return withinWait(firstData(app, req, next), followUntil).then((body) => answerScript(next, body));
  });
  const requests = [...urls.map((u, i) => answers[i]!.then((body) => answerScript(u, body))), followUp];
  const out = encoder(req, reply);
  // The page names the current assets and carries data in the reader's language: never kept as is.
  reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
    .headers(framingHeaders(route))
    .send(out);
  // The page's language from its first byte (the explorer sets the same once it runs).
  const head = page.head.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`);
  // The street basemap, when the publisher set one: the map's first style names its tiles without asking.
  const basemapScript = basemap
    ? `<script type="application/json" id="explorer-basemap">${scriptJson(JSON.stringify(tileJson(basemap, publicBase(req))))}</script>\n  `
    : '';
  out.write(`${head}${links === '' ? '' : `  ${links}\n  `}${basemapScript}${page.body}`);
  // A compressor holds what it has until it has more; the head is wanted now.
  (out as Partial<Pick<Gzip, 'flush'>>).flush?.();
  void Promise.all(requests).then((parts) => {
    // The reader went away: nothing to end.
    if (out.destroyed) return;
    for (const part of parts) out.write(part);
    out.end(page.end);
  });
  // The reply itself: Fastify then leaves the stream to end the response (answered `undefined`, it
  // would send an empty body in place of a stream not flowing yet).
  return reply;
}
