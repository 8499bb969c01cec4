import { dateFacet, facet, sortable, sortedFacet, type VegaDataset } from './vega-dataset';

/* Datasets of the default catalog read as tables and charts: measurements, films, animals, flights, disasters. */

export const SEATTLE_WEATHER: VegaDataset = {
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
};

export const MOVIES: VegaDataset = {
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
};

export const PENGUINS: VegaDataset = {
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
};

export const FLIGHTS: VegaDataset = {
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
};

export const DISASTERS: VegaDataset = {
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
};
