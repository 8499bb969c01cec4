import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../errors';
import { publicBase } from '../http/gate';
import { type BasemapArchive, type BasemapInfo, inflateTile } from './archive';

/*
 * The publisher's street basemap (BASEMAP_PMTILES), outside the API: `/basemap/tiles.json` describes it
 * as TileJSON, `/basemap/tiles/{z}/{x}/{y}.mvt` answers each tile as the archive stores it (gzip, sent as
 * such to a browser that accepts it). Tiles of an archive do not change while the server runs, so a
 * browser keeps them for a day and asks again with the ETag after that.
 */

export const BASEMAP_PREFIX = '/basemap';
export const TILE_PATH = `${BASEMAP_PREFIX}/tiles`;
/** The registered media type of a Mapbox Vector Tile. */
const VECTOR_TILE_TYPE = 'application/vnd.mapbox-vector-tile';
const TILE_MAX_AGE_S = 24 * 3600;

/** TileJSON 3.0 of the archive, its tiles' address built on the request's (or PUBLIC_URL's) base. */
export function tileJson(info: BasemapInfo, base: string): Record<string, unknown> {
  return {
    tilejson: '3.0.0',
    tiles: [`${base}${TILE_PATH}/{z}/{x}/{y}.mvt`],
    minzoom: info.minzoom,
    maxzoom: info.maxzoom,
    bounds: info.bounds,
    center: info.center,
    attribution: info.attribution,
    vector_layers: info.vectorLayers,
  };
}

const COORDINATE = /^\d{1,8}$/;

function badTile(reply: FastifyReply, path: string): FastifyReply {
  return reply
    .status(400)
    .type('application/json')
    .send(
      errorBody(
        'InvalidRESTParameterError',
        `The tile address ${path} is not valid: expected /basemap/tiles/{z}/{x}/{y}.mvt with 0 ≤ x, y < 2^z and z ≤ 30.`,
      ),
    );
}

export function registerBasemapRoutes(
  app: FastifyInstance,
  archive: BasemapArchive,
  startedAt: number,
): void {
  app.get(`${BASEMAP_PREFIX}/tiles.json`, async (req, reply) =>
    reply.header('Cache-Control', 'no-cache').send(tileJson(archive.info, publicBase(req))),
  );

  app.get<{ Params: { z: string; x: string; y: string } }>(
    `${TILE_PATH}/:z/:x/:y`,
    async (req: FastifyRequest<{ Params: { z: string; x: string; y: string } }>, reply) => {
      const { z: zText, x: xText } = req.params;
      const yText = req.params.y.replace(/\.mvt$/, '');
      const path = req.url.split('?')[0] ?? '';
      if (!req.params.y.endsWith('.mvt') || ![zText, xText, yText].every((v) => COORDINATE.test(v)))
        return badTile(reply, path);
      const [z, x, y] = [Number(zText), Number(xText), Number(yText)];
      if (z > 30 || x >= 2 ** z || y >= 2 ** z) return badTile(reply, path);
      // The archive is read once at start: its tiles are what they were then.
      const etag = `"${startedAt.toString(36)}-${z}-${x}-${y}"`;
      reply
        .header('Cache-Control', `public, max-age=${TILE_MAX_AGE_S}`)
        .header('ETag', etag)
        .header('Vary', 'Accept-Encoding');
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      const tile = await archive.tile(z, x, y);
      // A tile the archive lacks (open sea, or outside its area) is an empty tile, not a 404: MapLibre
      // reports every 404 as an error, and a map of a region has many such tiles around it.
      if (!tile) return reply.type(VECTOR_TILE_TYPE).send(Buffer.alloc(0));
      const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      if (tile.gzipped && acceptsGzip) {
        return reply.type(VECTOR_TILE_TYPE).header('Content-Encoding', 'gzip').send(Buffer.from(tile.bytes));
      }
      return reply.type(VECTOR_TILE_TYPE).send(Buffer.from(await inflateTile(tile)));
    },
  );
}
