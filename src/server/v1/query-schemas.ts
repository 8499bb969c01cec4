import { flag, integer, LOCALE, pathParams, querystring, text, texts } from '../http/query-schema';
import { V1_WINDOW } from './params';

/*
 * What the v1 routes read from their parameters (the query string and, on POST, the form body, merged
 * before Fastify checks them: request.ts), declared for Fastify to check before their handlers run.
 * Parameters named after a facet or a series (`refine.<facet>`, `y.<serie>.func`) are declared by pattern;
 * bounds over all of them together (every refine of every facet) are the handlers'.
 */

type Properties = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** Any v1 answer: its format, the JSONP callback, indentation. */
const OUTPUT = { format: text, callback: text, pretty_print: flag };

/** The filters of a records or datasets search: `q`, geofilters, facets. */
const FILTERS = {
  q: text,
  'geofilter.distance': text,
  'geofilter.polygon': text,
  'geofilter.bbox': text,
  facet: texts('facet'),
};

/** `q.<name>` beside `q`, refines and excludes per facet, a facet's disjunction. */
const FILTER_PATTERNS: Properties = {
  '^q\\.': text,
  '^(refine|exclude)\\.': { type: 'array', items: { type: 'string' } },
  '^disjunctive\\.': text,
};

/** The series of an analysis or a map (`y.<serie>.func`, `.expr`, `.cumulative`). */
const SERIE_PATTERNS: Properties = {
  '^y\\.[^.]+\\.(func|expr|subsets)$': text,
  '^y\\.[^.]+\\.cumulative$': flag,
};

function v1Query(properties: Properties, patterns: Properties = {}) {
  return querystring(
    { ...OUTPUT, ...LOCALE, ...properties },
    { patternProperties: { ...FILTER_PATTERNS, ...patterns } },
  );
}

/** The records of one dataset, as the search, analysis and map endpoints filter them. */
const RECORDS = { dataset: text, ...FILTERS };

/** A page of the search endpoints: `rows` (-1: to the end of the window) from `start`. */
const PAGE = { rows: integer(-1, V1_WINDOW), start: integer(0, V1_WINDOW), sort: texts('sort') };

export const DATASET_PATH = pathParams('dataset_id');
export const RECORD_PATH = pathParams('dataset_id', 'record_id');

/** `/api/datasets/1.0/search`. */
export const DATASETS_SEARCH_QUERY = v1Query({ ...FILTERS, ...PAGE, extrametas: flag });
/** `/api/datasets/1.0/{dataset_id}`. */
export const DATASET_QUERY = v1Query({ extrametas: flag });
/** `/api/datasets/1.0/{dataset_id}/records/{record_id}`. */
export const RECORD_QUERY = v1Query({});
/** `/api/records/1.0/search`. */
export const RECORDS_SEARCH_QUERY = v1Query({ ...RECORDS, ...PAGE, fields: texts('fields') });
/** `/api/records/1.0/download`: every record unless `rows` says fewer (-1: all). */
export const DOWNLOAD_QUERY = v1Query({
  ...RECORDS,
  rows: integer(-1, Number.MAX_SAFE_INTEGER),
  sort: texts('sort'),
  fields: texts('fields'),
  csv_separator: text,
});
/** `/api/records/1.0/analyze`. */
export const ANALYZE_QUERY = v1Query(
  {
    ...RECORDS,
    x: texts('x'),
    precision: text,
    periodic: text,
    sort: text,
    maxpoints: integer(0, 20_000),
  },
  SERIE_PATTERNS,
);
/** `/api/records/1.0/boundingbox`. */
export const BOUNDINGBOX_QUERY = v1Query({ ...RECORDS, geo_field: text });
/** `/api/records/1.0/geocluster`. */
export const GEOCLUSTER_QUERY = v1Query(
  {
    ...RECORDS,
    geo_field: text,
    clusterprecision: integer(0, 25),
    clusterdistance: integer(1, 1000),
    return_polygons: flag,
    shapeprecision: integer(0, 30),
  },
  SERIE_PATTERNS,
);
/** `/api/records/1.0/geopreview`. */
export const GEOPREVIEW_QUERY = v1Query({
  ...RECORDS,
  geo_field: text,
  rows: integer(0, 10_000),
  clusterprecision: integer(0, 25),
});
/** `/api/records/1.0/geopolygon`. */
export const GEOPOLYGON_QUERY = v1Query({ ...RECORDS, geo_field: text }, SERIE_PATTERNS);
