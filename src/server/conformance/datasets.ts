import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FixtureDataset } from '../testing/access-fixture';
import { CAPTURES_DIR, type Capture, capture } from './captures';

/*
 * Datasets recreating those the captures were taken on, built from the captures themselves: the fields
 * of the metadata captures (01, 02, 33: names, labels, descriptions, types, annotations in their order),
 * the records the answers show, and for public-trees every record (185,845: the five of the CSV export,
 * two at the corners of the captured bbox, the others holding only their genus, in the genus counts of
 * the whole body of capture 04), so that counts, facets and the bbox come out as captured.
 */

type Json = Record<string, unknown>;

interface FieldJson {
  name: string;
  type?: string;
  label?: string;
  description?: string | null;
  annotations?: Json;
  source?: string;
  format?: string;
}

const ndjson = (rows: readonly Json[]): string => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;

function body<T>(c: Capture): T {
  return c.response as T;
}

/** The v2.1 metadata of the default template a descriptor may set. */
function descriptorMetas(d: Json): Json {
  const keys = [
    'title',
    'description',
    'theme',
    'keyword',
    'license',
    'license_url',
    'language',
    'publisher',
  ];
  const metas: Json = {};
  for (const k of keys) if (d[k] !== null && d[k] !== undefined) metas[k] = d[k];
  if (typeof d.modified === 'string') metas.modified = d.modified;
  for (const k of ['territory', 'geographic_reference']) if (Array.isArray(d[k])) metas[k] = d[k];
  return metas;
}

interface MetadataField {
  name: string;
  type: string;
  label: string;
  description: string | null;
  annotations: Json;
}

/** Fields of a metadata capture as descriptor fields (v2.0 list annotations read as v2.1 scalars). */
function descriptorFields(fields: readonly MetadataField[]): FieldJson[] {
  return fields.map((f) => {
    const annotations: Json = {};
    for (const [key, value] of Object.entries(f.annotations)) {
      // v2.0 lists: `{"facet": []}` is set, `{"facetsort": ["-count"]}` holds its value.
      const scalar = Array.isArray(value) ? (value.length === 0 ? true : value[0]) : value;
      // Not kept by descriptors: timeserie_precision (v2.0, capture 33).
      if (key !== 'timeserie_precision') annotations[key] = scalar;
    }
    return { name: f.name, type: f.type, label: f.label, description: f.description, annotations };
  });
}

/** The corpus's CSV rows (`;`, quotes doubled), as objects keyed by the header. */
function csvRows(text: string): Json[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  const [header, ...data] = rows;
  return data.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] === '' ? null : r[i]])));
}

/** public-trees (captures 01, 03, 04, 05, 08, 10, 29): a GeoJSON file, `geom` from the geometry. */
function publicTrees(captures: readonly Capture[]): FixtureDataset {
  const meta = body<{ fields: MetadataField[]; metas: { default: Json } }>(capture(captures, '01'));
  const fields = descriptorFields(meta.fields).map((f) =>
    f.name === 'geom' ? { ...f, source: '@geometry' } : f,
  );
  const shown = csvRows(capture(captures, '08').response as string);
  const counts = (
    JSON.parse(readFileSync(join(CAPTURES_DIR, 'public-trees-genus-counts.json'), 'utf8')) as {
      counts: Record<string, number>;
    }
  ).counts;
  const left = new Map(Object.entries(counts).map(([g, n]) => [g === '' ? null : g, n]));
  const take = (genus: string | null): void => void left.set(genus, left.get(genus)! - 1);
  const features: Json[] = shown.map((r) => {
    take(r.genus_name as string);
    const { geom, ...properties } = r;
    return {
      type: 'Feature',
      geometry: JSON.parse(geom as string),
      properties: {
        ...properties,
        asset_id: Number(r.asset_id),
        height_m: Number(r.height_m),
        diameter_cm: Number(r.diameter_cm),
      },
    };
  });
  // The corners of the captured bbox (capture 01), so that the dataset's extent is the captured one.
  const ring = (meta.metas.default.bbox as { geometry: { coordinates: number[][][] } }).geometry
    .coordinates[0]!;
  for (const [lon, lat] of [ring[0]!, ring[2]!]) {
    take('ACER');
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lon, lat] },
      properties: { genus_name: 'ACER', geo_point_2d: `${lat},${lon}` },
    });
  }
  for (const [genus, n] of left) {
    for (let i = 0; i < n; i++)
      features.push({ type: 'Feature', geometry: null, properties: { genus_name: genus } });
  }
  return {
    descriptor: {
      dataset_id: 'public-trees',
      source: 'public-trees.geojson',
      metas: descriptorMetas(meta.metas.default),
      fields,
    },
    file: { name: 'public-trees.geojson', content: JSON.stringify({ type: 'FeatureCollection', features }) },
  };
}

/** property-tax-report (captures 02, 07): the exported CSV itself is the source. */
function propertyTaxReport(captures: readonly Capture[]): FixtureDataset {
  const meta = body<{ fields: MetadataField[]; metas: { default: Json } }>(capture(captures, '02'));
  return {
    descriptor: {
      dataset_id: 'property-tax-report',
      source: 'property-tax-report.csv',
      delimiter: ';',
      metas: descriptorMetas(meta.metas.default),
      fields: descriptorFields(meta.fields),
    },
    file: { name: 'property-tax-report.csv', content: capture(captures, '07').response as string },
  };
}

/** The query point of capture 20: stations of captures 20 and 21 are placed around it. */
const AUTEUIL = { lon: 2.267888940737877, lat: 48.84197963193564 };

/**
 * velib-disponibilite-en-temps-reel (captures 11–26, 31): the ten full records of capture 11, every
 * station the other answers name (their shown values over capture 11's first record), and a grid of
 * stations far enough apart to fall in more clusters than the default limit of 10 (capture 26).
 */
function velib(captures: readonly Capture[]): FixtureDataset {
  const page = body<{ results: Json[] }>(capture(captures, '11')).results;
  const template = page[0]!;
  const stations = new Map<string, Json>(page.map((r) => [r.stationcode as string, r]));
  for (const n of ['12', '13', '14', '15', '16', '17', '18', '19', '20', '21']) {
    for (const r of body<{ results: Json[] }>(capture(captures, n)).results) {
      const { distance: _, ...shown } = r;
      const near = n === '20' || n === '21';
      stations.set(shown.stationcode as string, {
        ...template,
        ...stations.get(shown.stationcode as string),
        ...shown,
        ...(near ? { coordonnees_geo: { lon: AUTEUIL.lon + 0.001, lat: AUTEUIL.lat + 0.001 } } : {}),
      });
    }
  }
  for (const r of body<{ results: Json[] }>(capture(captures, '22')).results) {
    const commune = r.nom_arrondissement_communes as string;
    stations.set(`g-${commune}`, {
      ...template,
      stationcode: `g-${commune}`,
      nom_arrondissement_communes: commune,
    });
  }
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      const code = `grid-${i}-${j}`;
      stations.set(code, {
        ...template,
        stationcode: code,
        coordonnees_geo: { lat: 48.2 + i, lon: 1.5 + j },
      });
    }
  }
  const fields: FieldJson[] = [
    { name: 'stationcode', type: 'text' },
    { name: 'name', type: 'text' },
    { name: 'is_installed', type: 'text' },
    { name: 'capacity', type: 'int' },
    { name: 'numdocksavailable', type: 'int' },
    { name: 'numbikesavailable', type: 'int' },
    { name: 'mechanical', type: 'int' },
    { name: 'ebike', type: 'int' },
    { name: 'is_renting', type: 'text' },
    { name: 'is_returning', type: 'text' },
    { name: 'duedate', type: 'datetime' },
    { name: 'coordonnees_geo', type: 'geo_point_2d' },
    { name: 'nom_arrondissement_communes', type: 'text' },
    { name: 'code_insee_commune', type: 'text' },
  ];
  return {
    descriptor: { dataset_id: 'velib-disponibilite-en-temps-reel', source: 'velib.ndjson', fields },
    file: { name: 'velib.ndjson', content: ndjson([...stations.values()]) },
  };
}

/** Field types read from the values of a record (text where every value is null). */
function inferredFields(
  records: readonly Json[],
  formats: Readonly<Record<string, string>> = {},
): FieldJson[] {
  const names = [...new Set(records.flatMap((r) => Object.keys(r)))];
  return names.map((name) => {
    const value = records.map((r) => r[name]).find((v) => v !== null && v !== undefined);
    let type = 'text';
    if (typeof value === 'number')
      type = records.every((r) => Number.isInteger(r[name] ?? 0)) ? 'int' : 'double';
    else if (Array.isArray(value) || (typeof value === 'object' && value !== null)) type = 'geo_point_2d';
    else if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) type = 'datetime';
    else if (typeof value === 'string' && (/^\d{4}-\d\d-\d\d$/.test(value) || formats[name])) type = 'date';
    return { name, type, ...(formats[name] ? { format: formats[name] } : {}) };
  });
}

/** A v1 `[lat, lon]` point as an ingestible `{lat, lon}`. */
function ingestible(record: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(record)) {
    out[k] = Array.isArray(v) && v.length === 2 ? { lat: v[0], lon: v[1] } : v;
  }
  return out;
}

function fromRecords(
  id: string,
  records: readonly Json[],
  extra: { formats?: Record<string, string>; annotate?: Record<string, Json>; attachment?: boolean } = {},
): FixtureDataset {
  const rows = records.map(ingestible);
  const fields = inferredFields(rows, extra.formats).map((f) => ({
    ...f,
    ...(extra.annotate?.[f.name] ? { annotations: extra.annotate[f.name] } : {}),
  }));
  const file = `${id}.ndjson`;
  return {
    descriptor: {
      dataset_id: id,
      source: file,
      fields,
      ...(extra.attachment ? { attachments: [{ path: file, title: `${id}.ndjson` }] } : {}),
    },
    file: { name: file, content: ndjson(rows) },
  };
}

/** weather-stations (captures 33–35): the fields of 33, the records of 34. */
function weatherStations(captures: readonly Capture[]): FixtureDataset {
  const { dataset } = body<{ dataset: { fields: MetadataField[]; metas: { default: Json } } }>(
    capture(captures, '33'),
  );
  const records = body<{ records: { record: { fields: Json } }[] }>(capture(captures, '34')).records;
  // Every declared field is a column of the source, null where the captured records do not show it.
  const empty = Object.fromEntries(dataset.fields.map((f) => [f.name, null]));
  return {
    descriptor: {
      dataset_id: 'weather-stations',
      source: 'weather-stations.ndjson',
      metas: descriptorMetas(dataset.metas.default),
      fields: descriptorFields(dataset.fields),
    },
    file: {
      name: 'weather-stations.ndjson',
      content: ndjson(records.map((r) => ({ ...empty, ...r.record.fields }))),
    },
  };
}

function v1Records(c: Capture): Json[] {
  return body<{ records: { fields: Json }[] }>(c).records.map((r) => r.fields);
}

/** Every dataset the captures were taken on, recreated. */
export function conformanceDatasets(captures: readonly Capture[]): FixtureDataset[] {
  const synop = body<{ results: Json[] }>(capture(captures, '27')).results;
  const geonames = body<{ record: { fields: Json } }>(capture(captures, '36')).record.fields;
  return [
    publicTrees(captures),
    propertyTaxReport(captures),
    velib(captures),
    fromRecords('donnees-synop-essentielles-omm', synop),
    weatherStations(captures),
    fromRecords('resultats-ligue-1', v1Records(capture(captures, '40')), {
      annotate: { home_team: { facet: true }, away_team: { facet: true } },
    }),
    // `commodity-prices@public` (41) is a federated id, which dataset ids here cannot hold.
    fromRecords('commodity-prices', v1Records(capture(captures, '41')), { formats: { date: '%Y-%m' } }),
    fromRecords('velib-emplacement-des-stations', v1Records(capture(captures, '42'))),
    fromRecords('vlille-realtime', v1Records(capture(captures, '43')), {
      // libelle is an int field whose facet has values in capture 43: annotated as a facet there.
      annotate: { libelle: { facet: true } },
    }),
    fromRecords('doc-geonames-cities-5000', [geonames, { ...geonames, name: 'Lyon', population: 513275 }]),
    fromRecords('geonames-all-cities-with-a-population-1000', [geonames], { attachment: true }),
  ];
}
