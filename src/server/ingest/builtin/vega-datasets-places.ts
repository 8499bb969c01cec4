import { dateFacet, facet, identifier, sortable, sortedFacet, type VegaDataset } from './vega-dataset';

/* Datasets of the default catalog whose records are places or areas: each is drawn on a map. */

export const AIRPORTS: VegaDataset = {
  id: 'airports',
  title: 'US airports',
  theme: ['Transport'],
  keyword: ['airports', 'aviation', 'IATA', 'United States'],
  descriptor: {
    source: 'airports.csv',
    fields: [
      { name: 'iata', type: 'text', label: 'IATA code', annotations: identifier },
      { name: 'name', type: 'text', label: 'Name', annotations: sortable },
      { name: 'city', type: 'text', label: 'City', annotations: sortable },
      { name: 'state', type: 'text', label: 'State', annotations: sortedFacet },
      { name: 'country', type: 'text', label: 'Country', annotations: facet },
      { name: 'coordinates', type: 'geo_point_2d', label: 'Coordinates' },
    ],
    geo_point: { lat: 'latitude', lon: 'longitude', field: 'coordinates' },
  },
  attachments: [['airports.csv', 'csv']],
};

export const US_ZIP_CODES: VegaDataset = {
  id: 'us-zip-codes',
  title: 'US ZIP codes',
  theme: ['Administration'],
  keyword: ['ZIP codes', 'postal codes', 'GeoNames', 'United States'],
  descriptor: {
    source: 'zipcodes.csv',
    fields: [
      { name: 'zip_code', type: 'text', label: 'ZIP code', annotations: identifier },
      { name: 'city', type: 'text', label: 'City', annotations: sortable },
      { name: 'state', type: 'text', label: 'State', annotations: sortedFacet },
      { name: 'county', type: 'text', label: 'County', annotations: sortable },
      { name: 'coordinates', type: 'geo_point_2d', label: 'Coordinates' },
    ],
    geo_point: { lat: 'latitude', lon: 'longitude', field: 'coordinates' },
  },
  attachments: [['zipcodes.csv', 'csv']],
};

export const EARTHQUAKES: VegaDataset = {
  id: 'earthquakes',
  title: 'Earthquakes of one week (USGS feed)',
  theme: ['Environment'],
  keyword: ['earthquakes', 'seismology', 'USGS'],
  descriptor: {
    source: 'earthquakes.json',
    format: 'geojson',
    fields: [
      { name: 'id', source: '@id', type: 'text', label: 'Event ID', annotations: identifier },
      { name: 'mag', type: 'double', label: 'Magnitude', annotations: { sortable: true, decimals: 2 } },
      { name: 'mag_type', source: 'magType', type: 'text', label: 'Magnitude type', annotations: facet },
      { name: 'place', type: 'text', label: 'Place' },
      { name: 'time', type: 'datetime', format: 'epoch_ms', label: 'Time', annotations: dateFacet },
      { name: 'updated', type: 'datetime', format: 'epoch_ms', label: 'Updated', annotations: sortable },
      { name: 'status', type: 'text', label: 'Review status', annotations: facet },
      { name: 'tsunami', type: 'int', label: 'Tsunami flag' },
      { name: 'sig', type: 'int', label: 'Significance', annotations: sortable },
      { name: 'net', type: 'text', label: 'Network', annotations: facet },
      {
        name: 'types',
        type: 'text',
        label: 'Product types',
        annotations: { facet: true, facetsort: '-count', disjunctive: true, multivalued: ',' },
      },
      {
        name: 'depth',
        source: '@elevation',
        type: 'double',
        label: 'Depth (km)',
        annotations: { sortable: true, unit: 'km' },
      },
      { name: 'url', type: 'text', label: 'Event page' },
      { name: 'coordinates', source: '@geometry', type: 'geo_point_2d', label: 'Coordinates' },
    ],
  },
  attachments: [['earthquakes.json', 'geojson']],
};

export const LONDON_BOROUGHS: VegaDataset = {
  id: 'london-boroughs',
  title: 'London boroughs',
  theme: ['Administration'],
  keyword: ['London', 'boroughs', 'boundaries', 'United Kingdom'],
  descriptor: {
    source: 'londonBoroughs.json',
    format: 'topojson',
    topojson_object: 'boroughs',
    join: { source: 'londonCentroids.json', key: 'name', on: '@id' },
    fields: [
      { name: 'name', source: '@id', type: 'text', label: 'Borough', annotations: identifier },
      { name: 'shape', source: '@geometry', type: 'geo_shape', label: 'Boundary' },
      {
        name: 'centroid',
        type: 'geo_point_2d',
        label: 'Centroid',
        description: 'Calculated from the boundary with d3.geoCentroid.',
      },
    ],
    geo_point: { lat: 'cy', lon: 'cx', field: 'centroid' },
  },
  attachments: [
    ['londonBoroughs.json', 'topojson'],
    ['londonCentroids.json', 'json'],
  ],
};

export const US_STATES: VegaDataset = {
  id: 'us-states',
  title: 'US states',
  theme: ['Administration'],
  keyword: ['states', 'boundaries', 'obesity', 'United States'],
  descriptor: {
    source: 'us-10m.json',
    format: 'topojson',
    topojson_object: 'states',
    // The shapes carry only their FIPS code: the obesity table gives each state its postal code (the
    // key other datasets name states by, airports and ZIP codes among them) and a rate to map.
    join: { source: 'obesity.json', key: 'id', on: '@id' },
    fields: [
      { name: 'fips', source: '@id', type: 'int', label: 'FIPS code', annotations: identifier },
      { name: 'state', type: 'text', label: 'State', annotations: sortedFacet },
      {
        name: 'obesity_rate',
        source: 'rate',
        type: 'double',
        label: 'Adult obesity rate (2008)',
        annotations: { sortable: true, decimals: 3 },
      },
      { name: 'shape', source: '@geometry', type: 'geo_shape', label: 'Boundary' },
    ],
  },
  attachments: [
    ['us-10m.json', 'topojson'],
    ['obesity.json', 'json'],
  ],
};

export const LA_RIOTS: VegaDataset = {
  id: 'la-riots',
  title: 'Deaths during the 1992 Los Angeles riots',
  theme: ['Society'],
  keyword: ['Los Angeles', '1992 riots', 'fatalities'],
  timezone: 'America/Los_Angeles',
  descriptor: {
    source: 'la-riots.csv',
    fields: [
      { name: 'first_name', type: 'text', label: 'First name' },
      { name: 'last_name', type: 'text', label: 'Last name', annotations: sortable },
      { name: 'age', type: 'int', label: 'Age', annotations: sortable },
      { name: 'gender', type: 'text', label: 'Gender', annotations: facet },
      { name: 'race', type: 'text', label: 'Race', annotations: facet },
      { name: 'death_date', type: 'date', label: 'Date of death', annotations: dateFacet },
      { name: 'address', type: 'text', label: 'Address' },
      { name: 'neighborhood', type: 'text', label: 'Neighborhood', annotations: sortedFacet },
      { name: 'type', type: 'text', label: 'Type of death', annotations: facet },
      { name: 'coordinates', type: 'geo_point_2d', label: 'Coordinates' },
    ],
    geo_point: { lat: 'latitude', lon: 'longitude', field: 'coordinates' },
  },
  attachments: [['la-riots.csv', 'csv']],
};
