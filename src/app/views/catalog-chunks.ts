import { loader } from '../hooks/chunks';

/*
 * The dataset cards are a chunk of their own: their excerpts need the Markdown parser, whose grammar
 * takes 10-20 ms to build as it loads, and a dataset page, the first page of many visits, never shows
 * a card. Asked for as a catalog page starts (page-prefetch.ts), beside the app's code.
 */
export const DATASET_CARD = loader(() => import('../components/DatasetCard').then((m) => m.DatasetCard));
