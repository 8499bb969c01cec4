import type { Geometry } from '../../../odsql';
import { getJson } from '../../testing/http';
import type { ExportColumn, ExportContext, ExportRecord, GpxOptions, RecordExportFormat } from '../types';

/*
 * Test support for the writers: an export context over real records of the test server. Values come
 * from the v2.1 records endpoint (the shapes writers receive), record ids from the v2.0 one, same query.
 */

interface FieldJson {
  name: string;
  label: string;
  type: ExportColumn['type'];
  annotations: { multivalued?: string };
}

export interface Fixture {
  readonly context: ExportContext;
  readonly records: readonly ExportRecord[];
}

export interface FixtureOptions {
  readonly limit?: number;
  readonly where?: string;
  readonly epsg?: number;
  readonly project?: (g: Geometry) => Geometry;
  readonly useLabels?: boolean;
  readonly gpx?: Partial<GpxOptions>;
  /** Extra records appended after the fetched ones (edge cases). */
  readonly extra?: readonly ExportRecord[];
}

export async function fixture(datasetId: string, options: FixtureOptions = {}): Promise<Fixture> {
  const path = `/catalog/datasets/${datasetId}`;
  const dataset = await getJson<{ fields: FieldJson[]; metas: { default: { title: string } } }>(path);
  const params = {
    limit: options.limit ?? 20,
    ...(options.where ? { where: options.where } : {}),
  };
  const v21 = await getJson<{ results: Record<string, unknown>[] }>(`${path}/records`, params);
  const v20 = await getJson<{ records: { record: { id: string; timestamp: string } }[] }>(
    `${path}/records`,
    params,
    '2.0',
  );
  if (v21.status !== 200 || v20.status !== 200) throw new Error(`records of ${datasetId}: ${v21.text}`);
  const fetched = v21.body.results.map((fields, i) => {
    const { id, timestamp } = v20.body.records[i]!.record;
    return { id, timestamp, fields };
  });
  const records = [...fetched, ...(options.extra ?? [])];
  const columns: ExportColumn[] = dataset.body.fields.map((f) => ({
    name: f.name,
    label: f.label,
    type: f.type,
    ...(f.annotations.multivalued ? { multivalued: true } : {}),
  }));
  const context: ExportContext = {
    version: '2.1',
    dataset: { dataset_id: datasetId, title: dataset.body.metas.default.title },
    columns,
    useLabels: options.useLabels ?? false,
    epsg: options.epsg ?? 4326,
    project: options.project ?? ((g) => g),
    datasetUrl: `http://example.test/api/explore/v2.1/catalog/datasets/${datasetId}`,
    gpx: { useExtension: true, ...options.gpx },
    records: batches(records, 7),
    signal: new AbortController().signal,
  };
  return { context, records };
}

async function* batches<T>(items: readonly T[], size: number): AsyncIterable<readonly T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** The whole output of a writer as text. */
export async function writeText(format: RecordExportFormat, context: ExportContext): Promise<string> {
  let text = '';
  for await (const chunk of format.write(context)) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  }
  return text;
}

/** The whole output of a writer as bytes. */
export async function writeBytes(format: RecordExportFormat, context: ExportContext): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of format.write(context)) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}
