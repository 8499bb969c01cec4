import type { FastifyInstance } from 'fastify';
import type { CalendarChoice, CalendarFieldLike } from '../../api/calendar';
import { RESPONSE_SCHEMAS, replySchemas } from '../../api/schemas';
import type { Link } from '../../api/types';
import type { ApiVersion } from '../../api/version';
import { admissionOfRequest } from '../admission/request';
import { datasetIn } from '../catalog/localize';
import type { ServerContext } from '../context';
import { invalidParameter } from '../errors';
import { apiRoot } from '../http/links';
import { metadataLang, type QueryString } from '../http/params';
import { clientSignal } from '../http/signal';
import { findDataset } from '../routes/catalog';
import { checkRecordBound } from './bounds';
import { calendarColumns } from './calendar';
import { datasetFormats, formatFitsDataset, recordExportFormat } from './formats/index';
import { inLane } from './lane';
import { exportParams } from './params';
import { exportBytes } from './pipeline';
import { projection } from './projection';
import { exportQuery } from './query';
import { DATASET_EXPORT_QUERY, EXPORT_PATH, EXPORTS_PATH } from './query-schemas';
import { sendFile } from './send-file';
import type { CalendarColumns, ExportColumn, ExportContext } from './types';

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

/** The iCalendar export's columns; refused when the export leaves no date and text field (`select`, `group_by`). */
function icalColumns(
  fields: readonly CalendarFieldLike[],
  columns: readonly ExportColumn[],
  choice: CalendarChoice,
): CalendarColumns {
  const calendar = calendarColumns(fields, columns, choice);
  if (!calendar) {
    throw invalidParameter(
      'select',
      columns.map((c) => c.name).join(', '),
      'records with a date or datetime field and a text field (an iCalendar event is a record)',
    );
  }
  return calendar;
}

/** Endpoints 6, 7, 8: a dataset's records as a file; and the list of formats. */
export function exportRoutes(ctx: ServerContext, prefix: string, version: ApiVersion) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get<{ Params: { dataset_id: string } }>(
      '/catalog/datasets/:dataset_id/exports',
      { schema: { params: EXPORTS_PATH, response: replySchemas(RESPONSE_SCHEMAS[version].links) } },
      async (req) => {
        const ds = findDataset(ctx, req, req.params.dataset_id);
        const base = `${apiRoot(req, prefix)}/catalog/datasets/${encodeURIComponent(ds.dataset_id)}/exports`;
        const links: Link[] = [
          { rel: 'self', href: base },
          ...datasetFormats(version, ds.fields).map((format) => ({ rel: format, href: `${base}/${format}` })),
        ];
        return { links };
      },
    );

    app.get<{ Params: { dataset_id: string; format: string } }>(
      '/catalog/datasets/:dataset_id/exports/:format',
      { schema: { params: EXPORT_PATH, querystring: DATASET_EXPORT_QUERY } },
      async (req, reply) => {
        // Labels (use_labels) and the title written in the file are those of the language asked.
        const ds = datasetIn(
          findDataset(ctx, req, req.params.dataset_id),
          metadataLang(req.query as QueryString),
        );
        const writer = recordExportFormat(req.params.format, version);
        if (!writer || !formatFitsDataset(writer.format, ds.fields)) {
          throw invalidParameter(
            'format',
            req.params.format,
            `one of ${datasetFormats(version, ds.fields).join(', ')}`,
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
        const calendar =
          writer.format === 'ical' ? icalColumns(ds.fields, columns, params.calendar) : undefined;
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
          ...(calendar ? { calendar } : {}),
          csv: params.csv,
          signal,
        };
        // Written to a spool as fast as the query goes and read back at the client's pace: the query and
        // its connection end with the query, whatever the client's speed. Opened first, so that a full
        // spools' disk is a 503 at once, not after waiting for the export lane the bound check needs.
        const spool = ctx.exportSpools.open(reply.raw);
        await checkRecordBound(writer, { engine, compiled }, params.limit, signal);
        const bytes = spool.spooled(
          exportBytes(writer, {
            context: base,
            engine,
            compiled,
            parquetCompression: params.parquetCompression,
          }),
        );
        return sendFile(
          reply,
          bytes,
          {
            dataset: ds.dataset_id,
            format: writer.format,
            mediaType: writer.mediaType,
            filename: `${ds.dataset_id}.${writer.extension}`,
            compressed: params.compressed,
          },
          { idleMs: ctx.config.exportIdleMs, signal, log: ctx.log },
        );
      },
    );
  };
}
