import { createContext, use } from 'react';
import { type DatasetTab, datasetPath } from './paths';

/*
 * Where a view writes its state: the explorer's dataset pages by default; an embedded view keeps its
 * own address (`/embed/…` with its options), so that a sort, a map move or a chart change stays there.
 */

export type ViewPath = (datasetId: string, tab: DatasetTab, search: URLSearchParams) => string;

export const ViewPathContext = createContext<ViewPath>(datasetPath);

export function useViewPath(): ViewPath {
  return use(ViewPathContext);
}
