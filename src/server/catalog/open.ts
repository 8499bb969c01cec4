/** The data folder and its backend, opened together (backend/open.ts). */
export { type ExploreData, type ExploreDataOptions, openExploreData } from '../backend/open';
