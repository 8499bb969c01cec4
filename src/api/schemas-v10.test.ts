import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  type V1_RESPONSE_SCHEMAS,
  V1_SERIALISER_SCHEMAS,
  type V1BoundingBoxFromSchema,
  type V1FacetValueLeafFromSchema,
  type V1FeatureCollectionFromSchema,
  type V1GeoClustersFromSchema,
  type V1GeoPolygonsFromSchema,
  type V1GeoPreviewFromSchema,
  type V1RecordFromSchema,
  type V1ReplyKind,
} from './schemas-v10';
import type {
  V1BoundingBox,
  V1FacetValue,
  V1FeatureCollection,
  V1GeoClusters,
  V1GeoPolygons,
  V1GeoPreview,
  V1Record,
  V1Replies,
} from './types-v10';

/*
 * The v1 reply schemas, checked as schemas.test.ts checks v2's: against the types at compile time, and
 * through Fastify's serialiser (in-process `inject`, no socket) on bodies shaped like the captured v1
 * answers (conformance 40-43), which must come back key for key, in order.
 */

type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;

/** Fails to compile as soon as a schema and its type disagree on their keys. */
const agreements: [
  SameKeys<V1RecordFromSchema, V1Record>,
  SameKeys<V1FacetValueLeafFromSchema, Omit<V1FacetValue, 'facets'>>,
  SameKeys<V1FeatureCollectionFromSchema, V1FeatureCollection>,
  SameKeys<V1FeatureCollectionFromSchema['features'][number], V1FeatureCollection['features'][number]>,
  SameKeys<V1BoundingBoxFromSchema, V1BoundingBox>,
  SameKeys<V1GeoClustersFromSchema, V1GeoClusters>,
  SameKeys<V1GeoClustersFromSchema['clusters'][number], V1GeoClusters['clusters'][number]>,
  SameKeys<V1GeoPreviewFromSchema[number], V1GeoPreview[number]>,
  SameKeys<V1GeoPolygonsFromSchema['clusters'][number], V1GeoPolygons['clusters'][number]>,
  SameKeys<typeof V1_RESPONSE_SCHEMAS, V1Replies>,
] = [true, true, true, true, true, true, true, true, true, true];

/** The text `sendV1` writes for `body` of a kind: Fastify's serialiser compiled from the kind's schema. */
async function serialised<K extends V1ReplyKind>(kind: K, body: V1Replies[K]): Promise<string> {
  const app = Fastify();
  app.get('/', async (_req, reply) =>
    reply
      .type('application/json')
      .send(reply.serializeInput(body as Record<string, unknown>, V1_SERIALISER_SCHEMAS[kind])),
  );
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res.body;
}

const record: V1Record = {
  datasetid: 'velib-emplacement-des-stations',
  recordid: 'bd7ee57ccb5c9c732fd32c6bf4544ad04a13b477',
  fields: { capacity: 43, name: 'Cambrai - Benjamin Constant', xy: [48.8959473685, 2.38113380225], z: 0.5 },
  geometry: { type: 'Point', coordinates: [2.38113380225, 48.8959473685] },
  record_timestamp: '2019-11-26T22:59:06.527000+00:00',
};

describe('v1 reply schemas', () => {
  it('agree with the types (compile time)', () => {
    expect(agreements.every(Boolean)).toBe(true);
  });

  it('write records searches with nested facet groups as captured (captures 40-42)', async () => {
    const body: V1Replies['recordsSearch'] = {
      nhits: 1393,
      parameters: { dataset: ['velib'], timezone: 'UTC', rows: 10, sort: ['-name'], format: 'json' },
      records: [record, { ...record, recordid: 'x', fields: { 'with space': 'é\u2028"', n: null } }],
      facet_groups: [
        { name: 'name', facets: [] },
        {
          name: 'date',
          facets: [
            {
              name: '1984',
              path: '1984',
              count: 54,
              state: 'displayed',
              facets: [{ name: '12', path: '1984/12', count: 54, state: 'refined' }],
            },
            { name: '1985', path: '1985', state: 'excluded' },
          ],
        },
      ],
    };
    expect(await serialised('recordsSearch', body)).toBe(JSON.stringify(body));
    const bare: V1Replies['recordsSearch'] = { nhits: 0, parameters: {}, records: [] };
    expect(await serialised('recordsSearch', bare)).toBe(JSON.stringify(bare));
  });

  it('keep dataset objects and analyze points open', async () => {
    const datasets: V1Replies['datasetsSearch'] = {
      nhits: 1,
      parameters: { timezone: 'UTC', rows: 10, format: 'json' },
      datasets: [{ datasetid: 'd', metas: { title: 'T', keyword: ['a'] }, has_records: true, fields: [] }],
      facet_groups: [
        { name: 'theme', facets: [{ name: 'Transport', path: 'Transport', count: 1, state: 'displayed' }] },
      ],
    };
    expect(await serialised('datasetsSearch', datasets)).toBe(JSON.stringify(datasets));
    const points: V1Replies['analyzePoints'] = [
      { x: { year: 2020, month: 1 }, serie1: 2.5 },
      { x: 'b', serie1: null },
    ];
    expect(await serialised('analyzePoints', points)).toBe(JSON.stringify(points));
  });

  it('write the map answers: bounding box, clusters, previews, polygons, GeoJSON', async () => {
    const box: V1BoundingBox = {
      count: 3,
      geometries: { Point: 2, Polygon: 1 },
      bbox: [-1.5, 40, 2.25, 49.5],
    };
    expect(await serialised('boundingBox', box)).toBe(JSON.stringify(box));
    expect(await serialised('boundingBox', { count: 0, geometries: {} })).toBe('{"count":0,"geometries":{}}');
    const clusters: V1GeoClusters = {
      clusters: [
        {
          cluster_center: [48.8, 2.3],
          count: 12,
          cluster: { type: 'Point', coordinates: [2.3, 48.8] },
          series: { avg: 1.5, none: null },
        },
      ],
      count: { min: 12, max: 12 },
      series: { avg: { min: 1.5, max: 1.5 } },
      clusterprecision: 6,
    };
    expect(await serialised('geoClusters', clusters)).toBe(JSON.stringify(clusters));
    const square = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    };
    const preview: V1GeoPreview = [{ geometry: square, geo_digest: '0123456789abcdef' }];
    expect(await serialised('geoPreview', preview)).toBe(JSON.stringify(preview));
    const polygons: V1GeoPolygons = {
      clusters: [{ cluster: square, geo_digest: '0123456789abcdef', count: 2 }],
      count: { min: 2, max: 2 },
    };
    expect(await serialised('geoPolygons', polygons)).toBe(JSON.stringify(polygons));
    const features: V1FeatureCollection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: record.geometry!, properties: record.fields, id: record.recordid },
        { type: 'Feature', geometry: null, properties: {}, id: 'y' },
      ],
    };
    expect(await serialised('featureCollection', features)).toBe(JSON.stringify(features));
  });

  it('drops what a fixed shape does not list: a record never leaks an engine column', async () => {
    const leaky = { ...record, __id: 42 } as V1Record;
    expect(JSON.parse(await serialised('record', leaky))).toEqual(record);
  });
});
