import type { FieldAnnotations } from '../../catalog/types';
import type { DescriptorJson } from '../descriptor';

/** One dataset of the default catalog; descriptions, sources and licences come from datapackage.json. */
export interface VegaDataset {
  readonly id: string;
  readonly title: string;
  readonly theme: readonly string[];
  readonly keyword: readonly string[];
  readonly timezone?: string;
  /** The descriptor without id and metas (added from datapackage.json). */
  readonly descriptor: Omit<DescriptorJson, 'dataset_id' | 'metas' | 'attachments'>;
  /** Files published with the dataset, with their format. */
  readonly attachments: readonly (readonly [file: string, format: string])[];
}

const facet: FieldAnnotations = { facet: true, facetsort: '-count' };
const sortedFacet: FieldAnnotations = { ...facet, sortable: true };
const dateFacet: FieldAnnotations = {
  facet: true,
  facetsort: 'alphanum',
  sortable: true,
  timerangeFilter: true,
};
const sortable: FieldAnnotations = { sortable: true };
const identifier: FieldAnnotations = { id: true, sortable: true };

export const VEGA_DATASETS: readonly VegaDataset[] = [
  {
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
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
    id: 'seattle-weather',
    title: 'Seattle daily weather 2012–2015',
    theme: ['Environment'],
    keyword: ['weather', 'climate', 'Seattle', 'NOAA'],
    timezone: 'America/Los_Angeles',
    descriptor: {
      source: 'seattle-weather.csv',
      fields: [
        { name: 'date', type: 'date', label: 'Date', annotations: dateFacet },
        {
          name: 'precipitation',
          type: 'double',
          label: 'Precipitation (mm)',
          annotations: { sortable: true, unit: 'mm' },
        },
        {
          name: 'temp_max',
          type: 'double',
          label: 'Maximum temperature (°C)',
          annotations: { sortable: true, unit: '°C' },
        },
        {
          name: 'temp_min',
          type: 'double',
          label: 'Minimum temperature (°C)',
          annotations: { sortable: true, unit: '°C' },
        },
        {
          name: 'wind',
          type: 'double',
          label: 'Wind speed (km/h)',
          annotations: { sortable: true, unit: 'km/h' },
        },
        { name: 'weather', type: 'text', label: 'Weather', annotations: facet },
      ],
    },
    attachments: [['seattle-weather.csv', 'csv']],
  },
  {
    id: 'movies',
    title: 'Movies: box office and ratings',
    theme: ['Culture'],
    keyword: ['movies', 'box office', 'ratings', 'IMDB', 'Rotten Tomatoes'],
    descriptor: {
      source: 'movies.json',
      fields: [
        { name: 'title', source: 'Title', type: 'text', label: 'Title', annotations: sortable },
        {
          name: 'us_gross',
          source: 'US Gross',
          type: 'int',
          label: 'US gross ($)',
          annotations: { sortable: true, unit: '$' },
        },
        {
          name: 'worldwide_gross',
          source: 'Worldwide Gross',
          type: 'int',
          label: 'Worldwide gross ($)',
          annotations: { sortable: true, unit: '$' },
        },
        {
          name: 'us_dvd_sales',
          source: 'US DVD Sales',
          type: 'int',
          label: 'US DVD sales ($)',
          annotations: { sortable: true, unit: '$' },
        },
        {
          name: 'production_budget',
          source: 'Production Budget',
          type: 'int',
          label: 'Production budget ($)',
          annotations: { sortable: true, unit: '$' },
        },
        {
          name: 'release_date',
          source: 'Release Date',
          type: 'date',
          format: '%b %d %Y',
          label: 'Release date',
          annotations: dateFacet,
        },
        {
          name: 'mpaa_rating',
          source: 'MPAA Rating',
          type: 'text',
          label: 'MPAA rating',
          annotations: facet,
        },
        {
          name: 'running_time_min',
          source: 'Running Time min',
          type: 'int',
          label: 'Running time (min)',
          annotations: { sortable: true, unit: 'min' },
        },
        {
          name: 'distributor',
          source: 'Distributor',
          type: 'text',
          label: 'Distributor',
          annotations: sortedFacet,
        },
        { name: 'source', source: 'Source', type: 'text', label: 'Source', annotations: facet },
        {
          name: 'major_genre',
          source: 'Major Genre',
          type: 'text',
          label: 'Major genre',
          annotations: facet,
        },
        {
          name: 'creative_type',
          source: 'Creative Type',
          type: 'text',
          label: 'Creative type',
          annotations: facet,
        },
        { name: 'director', source: 'Director', type: 'text', label: 'Director', annotations: sortable },
        {
          name: 'rotten_tomatoes_rating',
          source: 'Rotten Tomatoes Rating',
          type: 'int',
          label: 'Rotten Tomatoes rating (%)',
          annotations: sortable,
        },
        {
          name: 'imdb_rating',
          source: 'IMDB Rating',
          type: 'double',
          label: 'IMDB rating',
          annotations: sortable,
        },
        { name: 'imdb_votes', source: 'IMDB Votes', type: 'int', label: 'IMDB votes', annotations: sortable },
      ],
    },
    attachments: [['movies.json', 'json']],
  },
  {
    id: 'penguins',
    title: 'Palmer Archipelago penguins',
    theme: ['Science'],
    keyword: ['penguins', 'Antarctica', 'biology', 'Palmer Station'],
    descriptor: {
      source: 'penguins.json',
      null_values: ['NA', '.'],
      fields: [
        { name: 'species', source: 'Species', type: 'text', label: 'Species', annotations: facet },
        { name: 'island', source: 'Island', type: 'text', label: 'Island', annotations: facet },
        {
          name: 'beak_length_mm',
          source: 'Beak Length (mm)',
          type: 'double',
          label: 'Beak length (mm)',
          annotations: { sortable: true, unit: 'mm' },
        },
        {
          name: 'beak_depth_mm',
          source: 'Beak Depth (mm)',
          type: 'double',
          label: 'Beak depth (mm)',
          annotations: { sortable: true, unit: 'mm' },
        },
        {
          name: 'flipper_length_mm',
          source: 'Flipper Length (mm)',
          type: 'int',
          label: 'Flipper length (mm)',
          annotations: { sortable: true, unit: 'mm' },
        },
        {
          name: 'body_mass_g',
          source: 'Body Mass (g)',
          type: 'int',
          label: 'Body mass (g)',
          annotations: { sortable: true, unit: 'g' },
        },
        { name: 'sex', source: 'Sex', type: 'text', label: 'Sex', annotations: facet },
      ],
    },
    attachments: [['penguins.json', 'json']],
  },
  {
    id: 'flights',
    title: 'US flight delays (3 million flights, 2001)',
    theme: ['Transport'],
    keyword: ['flights', 'delays', 'aviation', 'United States'],
    descriptor: {
      source: 'flights-3m.parquet',
      fields: [
        { name: 'date', type: 'datetime', label: 'Departure', annotations: dateFacet },
        { name: 'delay', type: 'int', label: 'Delay (min)', annotations: { sortable: true, unit: 'min' } },
        {
          name: 'distance',
          type: 'int',
          label: 'Distance (mi)',
          annotations: { sortable: true, unit: 'mi' },
        },
        { name: 'origin', type: 'text', label: 'Origin airport', annotations: sortedFacet },
        { name: 'destination', type: 'text', label: 'Destination airport', annotations: sortedFacet },
        {
          name: 'origin_coordinates',
          type: 'geo_point_2d',
          label: 'Origin airport location',
          description: 'Location of the origin airport, joined from airports.csv by IATA code.',
        },
      ],
      // The flights file has no geometry: the origin airport's location makes the flights mappable.
      join: { source: 'airports.csv', key: 'iata', on: 'origin' },
      geo_point: { lat: 'latitude', lon: 'longitude', field: 'origin_coordinates' },
    },
    attachments: [
      ['flights-3m.parquet', 'parquet'],
      ['airports.csv', 'csv'],
    ],
  },
  {
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
  },
  {
    id: 'disasters',
    title: 'Deaths from natural disasters',
    theme: ['Environment'],
    keyword: ['natural disasters', 'deaths', 'EM-DAT', 'Our World in Data'],
    descriptor: {
      source: 'disasters.csv',
      fields: [
        { name: 'entity', source: 'Entity', type: 'text', label: 'Disaster type', annotations: sortedFacet },
        {
          name: 'year',
          source: 'Year',
          type: 'int',
          label: 'Year',
          annotations: { facet: true, facetsort: 'num', sortable: true },
        },
        { name: 'deaths', source: 'Deaths', type: 'int', label: 'Deaths', annotations: sortable },
      ],
    },
    attachments: [['disasters.csv', 'csv']],
  },
];
