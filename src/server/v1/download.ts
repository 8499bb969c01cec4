import type { FastifyInstance } from 'fastify';
import type { V1Record } from '../../api/types-v10';
import type { DatasetSchema } from '../../odsql';
import { compileRecordsQuery, printName } from '../../odsql';
import { admissionOfRequest } from '../admission/request';
import type { ServerContext } from '../context';
import { invalidParameter } from '../errors';
import { csvLine, csvLines, V1_LINES } from '../exports/formats/csv-writer';
import { inLane } from '../exports/lane';
import type { CsvOptions } from '../exports/params';
import { afterFirstBatch } from '../exports/pipeline';
import { renderedRows } from '../exports/raw/rows';
import { sendFile } from '../exports/send-file';
import { datasetFacetFields } from '../facets/config';
import { integer, type QueryString, single } from '../http/params';
import { clientSignal } from '../http/signal';
import { compileOptions } from '../records/options';
import { objectJson } from '../records/run';
import { requestedDataset, v1Filters } from './dataset-query';
import { geoFieldOf, v1CompileError } from './filter';
import { callbackName, v1Format } from './output';
import { v1Fields, v1Sort } from './params';
import { DOWNLOAD_QUERY } from './query-schemas';
import { getAndPost, v1Params } from './request';
import { timestampFormatter, v1Record } from './shapes';

/*
 * `records/1.0/download`: every record matching a search (or the first `rows`), streamed from the
 * engine chunk by chunk as CSV (default; `csv_separator`, `;` by default), a JSON array of v1 records,
 * a GeoJSON FeatureCollection, or their JSONP forms. Downloads are admitted like v2 exports (admission/).
 */

const FORMATS = ['csv', 'json', 'jsonp', 'geojson', 'geojsonp'] as const;
type Format = (typeof FORMATS)[number];

/** The media type of each format when not padded (a JSONP callback makes any of them JavaScript). */
const MEDIA_TYPES: Readonly<Record<Format, string>> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  jsonp: 'application/json; charset=utf-8',
  geojson: 'application/geo+json; charset=utf-8',
  geojsonp: 'application/geo+json; charset=utf-8',
};
const JSONP_TYPE = 'application/javascript; charset=utf-8';

const SEPARATORS: readonly CsvOptions['delimiter'][] = [';', ',', '\t', '|'];

function separatorOf(query: QueryString): CsvOptions['delimiter'] {
  const raw = single(query, 'csv_separator');
  if (raw === undefined || raw === '') return ';';
  const separator = SEPARATORS.find((s) => s === raw);
  if (separator === undefined) throw invalidParameter('csv_separator', raw, 'one of ; , | or a tab');
  return separator;
}

/** A value in a CSV cell: points as `lat, lon`, shapes as GeoJSON, lists joined by commas. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) {
    return value.length === 2 && value.every((v) => typeof v === 'number')
      ? `${value[0]}, ${value[1]}`
      : value.join(',');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function downloadRoutes(app: FastifyInstance, ctx: ServerContext): void {
  getAndPost(app, '/records/1.0/download', { querystring: DOWNLOAD_QUERY }, async (req, reply) => {
    const query = v1Params(req);
    const format: Format = v1Format(query, FORMATS);
    const callback = callbackName(query);
    const padded =
      format === 'jsonp' || format === 'geojsonp' || (format !== 'csv' && callback !== undefined);
    if (padded && callback === undefined) {
      throw invalidParameter('callback', '', 'the name of the function a JSONP format calls');
    }
    const ds = requestedDataset(ctx, req, query);
    const schema = ctx.catalog.schema(ds.dataset_id)!;
    const fields = v1Fields(query, schema);
    const geo = geoFieldOf(schema);
    const selected = fields && geo && !fields.includes(geo) ? [...fields, geo] : fields;
    const sort = v1Sort(query, schema);
    const { where, filters } = v1Filters(query, schema, datasetFacetFields(ds), 'dataset');
    const rows = integer(query, 'rows', -1);
    const limit = rows === -1 ? undefined : rows;
    const options = { ...compileOptions(ctx, query, '2.0'), version: '2.0' as const };
    const compiled = compileRecordsQuery(
      {
        table: ds.table,
        ...(selected ? { select: selected.map(printName).join(', ') } : {}),
        where,
        ...(sort.orderBy !== undefined ? { orderBy: sort.orderBy } : {}),
        ...(limit !== undefined ? { limit } : {}),
        filters,
      },
      schema,
      options,
    );
    if (!compiled.ok) throw v1CompileError(compiled.diagnostics);
    const query_ = compiled.query;
    const signal = clientSignal(reply);
    // Small downloads run as cheap queries; large ones in the export lane, a few per client (429 beyond).
    const admission = admissionOfRequest(req);
    const engine = inLane(ctx.engine, {
      lane: admission?.exportLane(query_.page, limit ?? -1) ?? 'export',
      ...(admission
        ? { client: admission.client, waitMs: admission.waitMs, order: admission.orderFor(query_.page) }
        : {}),
    });
    const shown = fields ? new Set(fields) : undefined;
    const timestamp = timestampFormatter(options.timezone);
    const n = query_.columns.length;
    async function* records(): AsyncIterable<V1Record[]> {
      for await (const rows of renderedRows(engine, query_, signal)) {
        yield rows.map((row) =>
          v1Record(
            { fields: objectJson(query_.columns, row), id: String(row[n]), timestamp: String(row[n + 1]) },
            ds.dataset_id,
            schema,
            timestamp,
            shown,
            geo,
          ),
        );
      }
    }
    const columns = csvColumns(schema, fields);
    const separator = format === 'csv' ? separatorOf(query) : ';';
    async function* write(batches: AsyncIterable<V1Record[]>): AsyncIterable<string> {
      if (format === 'csv') {
        const line = csvLine({ delimiter: separator, quoteAll: false }, V1_LINES);
        yield line(columns);
        for await (const batch of batches) {
          yield csvLines(
            line,
            batch.map((r) => columns.map((c) => csvCell(r.fields[c]))),
          );
        }
        return;
      }
      const geojson = format === 'geojson' || format === 'geojsonp';
      yield `${padded ? `/**/ ${callback}(` : ''}${geojson ? '{"type":"FeatureCollection","features":[' : '['}`;
      let first = true;
      for await (const batch of batches) {
        const parts = batch.map((r) =>
          JSON.stringify(
            geojson
              ? { type: 'Feature', geometry: r.geometry ?? null, properties: r.fields, id: r.recordid }
              : r,
          ),
        );
        if (parts.length === 0) continue;
        yield `${first ? '' : ','}${parts.join(',')}`;
        first = false;
      }
      yield `${geojson ? ']}' : ']'}${padded ? ');' : ''}`;
    }
    // Spooled and sent as v2 exports are (routes.ts, send-file.ts): the query ends with itself, not
    // with the client; an engine failure before the first rows is the interface's error, one after cuts
    // the response and is logged.
    const bytes = ctx.exportSpools.open(reply.raw).spooled(afterFirstBatch(records(), write));
    if (padded) reply.header('X-Content-Type-Options', 'nosniff');
    return sendFile(
      reply,
      bytes,
      {
        dataset: ds.dataset_id,
        format: `v1.0 ${format}`,
        mediaType: padded ? JSONP_TYPE : MEDIA_TYPES[format],
        ...(format === 'csv' ? { filename: `${ds.dataset_id}.csv` } : {}),
        compressed: false,
      },
      { idleMs: ctx.config.exportIdleMs, signal, log: ctx.log },
    );
  });
}

/** CSV columns: the fields asked (or all), in schema order. */
function csvColumns(schema: DatasetSchema, fields: readonly string[] | undefined): string[] {
  return fields ? [...fields] : schema.fields.map((f) => f.name);
}
