import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RESPONSE_SCHEMAS, replySchemas } from '../../api/schemas';
import type { Link } from '../../api/types';
import type { ApiVersion } from '../../api/version';
import { admissionOfRequest } from '../admission/request';
import type { ServerContext } from '../context';
import { engineFailure, invalidParameter } from '../errors';
import { apiRoot } from '../http/links';
import type { QueryString } from '../http/params';
import { attachmentDisposition } from '../http/reply';
import { clientSignal } from '../http/signal';
import { findDataset } from '../routes/catalog';
import { checkRecordBound } from './bounds';
import { availableFormats, recordExportFormat } from './formats/index';
import { cutWhenIdle } from './idle';
import { inLane } from './lane';
import { exportParams } from './params';
import { exportBytes } from './pipeline';
import { projection } from './projection';
import { exportQuery } from './query';
import type { ExportColumn, ExportContext } from './types';

function checkGpxFields(columns: readonly ExportColumn[], names: readonly string[], parameter: string): void {
  for (const name of names) {
    if (!columns.some((c) => c.name === name)) {
      throw invalidParameter(
        parameter,
        name,
        `a field of the export (${columns.map((c) => c.name).join(', ')})`,
      );
    }
  }
}

/**
 * Sends the file once its first bytes exist: an error found before (a bad query, a failed start) is
 * answered with the interface's JSON error body; after, the stream is cut.
 */
async function sendFile(
  reply: FastifyReply,
  bytes: AsyncIterable<string | Uint8Array>,
  mediaType: string,
  filename: string,
  compressed: boolean,
  idleMs: number,
): Promise<FastifyReply> {
  const iterator = bytes[Symbol.asyncIterator]();
  let first: IteratorResult<string | Uint8Array>;
  try {
    first = await iterator.next();
  } catch (error) {
    throw engineFailure(error);
  }
  // From the first bytes on, a client that reads nothing for the idle time is cut: its query stops and
  // its connection frees (the time before is the query's own, bounded by nothing the client does).
  cutWhenIdle(reply, idleMs);
  async function* rest() {
    if (first.done) return;
    yield typeof first.value === 'string' ? Buffer.from(first.value) : first.value;
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      }
    } finally {
      // Destroyed early (the client left): the writer and its query stop here.
      await iterator.return?.();
    }
  }
  const body = Readable.from(rest(), { objectMode: false });
  reply.header('Content-Disposition', attachmentDisposition(compressed ? `${filename}.gz` : filename));
  if (!compressed) return reply.type(mediaType).send(body);
  const gzip = createGzip();
  body.on('error', (error) => gzip.destroy(error));
  gzip.on('close', () => {
    if (!body.destroyed) body.destroy();
  });
  return reply.type('application/gzip').send(body.pipe(gzip));
}

/** Endpoints 6, 7, 8: a dataset's records as a file; and the list of formats. */
export function exportRoutes(ctx: ServerContext, prefix: string, version: ApiVersion) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get<{ Params: { dataset_id: string } }>(
      '/catalog/datasets/:dataset_id/exports',
      { schema: { response: replySchemas(RESPONSE_SCHEMAS[version].links) } },
      async (req) => {
        const ds = findDataset(ctx, req, req.params.dataset_id);
        const base = `${apiRoot(req, prefix)}/catalog/datasets/${encodeURIComponent(ds.dataset_id)}/exports`;
        const links: Link[] = [
          { rel: 'self', href: base },
          ...availableFormats(version).map((format) => ({ rel: format, href: `${base}/${format}` })),
        ];
        return { links };
      },
    );

    app.get<{ Params: { dataset_id: string; format: string } }>(
      '/catalog/datasets/:dataset_id/exports/:format',
      async (req, reply) => {
        const ds = findDataset(ctx, req, req.params.dataset_id);
        const writer = recordExportFormat(req.params.format, version);
        if (!writer) {
          throw invalidParameter(
            'format',
            req.params.format,
            `one of ${availableFormats(version).join(', ')}`,
          );
        }
        const query = req.query as QueryString;
        const params = exportParams(query, version);
        const project = projection(params.epsg);
        const { compiled, columns } = exportQuery(ctx, ds, query, version, params.limit);
        if (writer.format === 'gpx') {
          if (params.gpx.nameField !== undefined)
            checkGpxFields(columns, [params.gpx.nameField], 'name_field');
          checkGpxFields(columns, params.gpx.descriptionFields ?? [], 'description_field_list');
        }
        const signal = clientSignal(reply);
        // Small exports run as cheap queries; large ones in the export lane, a few per client (429 beyond).
        const admission = admissionOfRequest(req);
        const lane = admission?.exportLane(compiled.page, params.limit) ?? 'export';
        const engine = inLane(ctx.engine, {
          lane,
          ...(admission
            ? { client: admission.client, waitMs: admission.waitMs, order: admission.orderFor(compiled.page) }
            : {}),
        });
        const datasetUrl = `${apiRoot(req, prefix)}/catalog/datasets/${encodeURIComponent(ds.dataset_id)}`;
        const base: Omit<ExportContext, 'records'> = {
          version,
          dataset: {
            dataset_id: ds.dataset_id,
            title: ds.metas.default.title,
            ...(ds.metas.default.description ? { description: ds.metas.default.description } : {}),
          },
          columns,
          useLabels: params.useLabels,
          epsg: params.epsg,
          project,
          datasetUrl,
          gpx: params.gpx,
          csv: params.csv,
          signal,
        };
        await checkRecordBound(writer, { engine, compiled }, params.limit, signal);
        const bytes = exportBytes(writer, {
          context: base,
          engine,
          compiled,
          parquetCompression: params.parquetCompression,
        });
        return sendFile(
          reply,
          bytes,
          writer.mediaType,
          `${ds.dataset_id}.${writer.extension}`,
          params.compressed,
          ctx.config.exportIdleMs,
        );
      },
    );
  };
}
