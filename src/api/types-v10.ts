import type { Geometry } from 'geojson';
import type { FacetValue } from './types';

/*
 * Wire types of the legacy v1.0 interface (odsql.md §10), in the shapes ods-widgets reads: records with
 * `fields` and `geometry`, facet groups with `path`, dataset objects with flat `metas`, and the map and
 * analyze answers. Geometries are GeoJSON geometries; values of a record or a series follow the data.
 */

type Values = Readonly<Record<string, unknown>>;

/** A record: fields without their nulls, points as `[lat, lon]`, shapes as GeoJSON geometries. */
export interface V1Record {
  readonly datasetid: string;
  readonly recordid: string;
  readonly fields: Values;
  /** The GeoJSON geometry of the dataset's geo field, when the record has one. */
  readonly geometry?: Geometry;
  readonly record_timestamp: string;
}

/** A facet value: `path` is what a refine names; excluded values carry no count. */
export interface V1FacetValue {
  readonly name: string;
  readonly path: string;
  readonly count?: number;
  readonly state: FacetValue['state'];
  readonly facets?: readonly V1FacetValue[];
}

export interface V1FacetGroup {
  readonly name: string;
  readonly facets: readonly V1FacetValue[];
}

/** The v1 dataset object (`datasetid`, flat `metas`, fields with annotation lists). */
export type V1Dataset = Values;

/** `datasets/1.0/search`. */
export interface V1DatasetsSearch {
  readonly nhits: number;
  /** The parameters the search understood, echoed. */
  readonly parameters: Values;
  readonly datasets: readonly V1Dataset[];
  readonly facet_groups?: readonly V1FacetGroup[];
}

/** `records/1.0/search`. */
export interface V1RecordsSearch {
  readonly nhits: number;
  readonly parameters: Values;
  readonly records: readonly V1Record[];
  readonly facet_groups?: readonly V1FacetGroup[];
}

/** `records/1.0/search?format=geojson`: one Feature per record, its id the record id. */
export interface V1FeatureCollection {
  readonly type: 'FeatureCollection';
  readonly features: readonly {
    readonly type: 'Feature';
    readonly geometry: Geometry | null;
    readonly properties: Values;
    readonly id: string;
  }[];
}

/** `records/1.0/analyze`: one point per group, `x` its key (a value or `{part: value}`), one member per serie. */
export type V1AnalyzePoints = readonly Values[];

export interface V1Range {
  readonly min: number;
  readonly max: number;
}

/** `records/1.0/boundingbox`: `bbox` is `[minlon, minlat, maxlon, maxlat]`, absent with no geometry. */
export interface V1BoundingBox {
  readonly count: number;
  /** Records per GeoJSON geometry type. */
  readonly geometries: Readonly<Record<string, number>>;
  readonly bbox?: readonly [number, number, number, number];
}

/** `records/1.0/geocluster`. */
export interface V1GeoClusters {
  readonly clusters: readonly {
    readonly cluster_center: readonly [number, number];
    readonly count: number;
    /** The cluster's hull (with `return_polygons`) or its centre, as a GeoJSON geometry. */
    readonly cluster: Geometry;
    readonly series?: Readonly<Record<string, number | null>>;
  }[];
  readonly count: V1Range;
  readonly series?: Readonly<Record<string, V1Range>>;
  /** The precision the clusters were made at (`clusterprecision`), echoed last as the service does. */
  readonly clusterprecision: number;
}

/** `records/1.0/geopreview`: shapes, each named by a digest. */
export type V1GeoPreview = readonly { readonly geometry: Geometry; readonly geo_digest: string }[];

/** `records/1.0/geopolygon`: records grouped by their shape. */
export interface V1GeoPolygons {
  readonly clusters: readonly {
    readonly cluster: Geometry;
    readonly geo_digest: string;
    readonly count: number;
    readonly series?: Readonly<Record<string, number | null>>;
  }[];
  readonly count: V1Range;
  readonly series?: Readonly<Record<string, V1Range>>;
}

/** Each v1 JSON reply by kind (the keys of the schemas in schemas-v10.ts). */
export interface V1Replies {
  readonly datasetsSearch: V1DatasetsSearch;
  readonly dataset: V1Dataset;
  readonly recordsSearch: V1RecordsSearch;
  readonly record: V1Record;
  readonly featureCollection: V1FeatureCollection;
  readonly analyzePoints: V1AnalyzePoints;
  readonly boundingBox: V1BoundingBox;
  readonly geoClusters: V1GeoClusters;
  readonly geoPreview: V1GeoPreview;
  readonly geoPolygons: V1GeoPolygons;
}
