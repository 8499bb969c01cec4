import type { VegaDataset } from './vega-dataset';
import {
  AIRPORTS,
  EARTHQUAKES,
  LA_RIOTS,
  LONDON_BOROUGHS,
  US_STATES,
  US_ZIP_CODES,
} from './vega-datasets-places';
import { DISASTERS, FLIGHTS, MOVIES, PENGUINS, SEATTLE_WEATHER } from './vega-datasets-records';

export type { VegaDataset } from './vega-dataset';

/** The default catalog, in the order it is listed and ingested. */
export const VEGA_DATASETS: readonly VegaDataset[] = [
  AIRPORTS,
  US_ZIP_CODES,
  EARTHQUAKES,
  LONDON_BOROUGHS,
  US_STATES,
  SEATTLE_WEATHER,
  MOVIES,
  PENGUINS,
  FLIGHTS,
  LA_RIOTS,
  DISASTERS,
];
