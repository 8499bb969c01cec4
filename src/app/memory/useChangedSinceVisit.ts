import { useEffect, useRef, useState } from 'react';
import type { Dataset } from '../../api';
import { changesBetween, type DatasetMark, lastVisit, markOf, recordVisit } from './visits';

/**
 * The dataset as the reader last saw it, when it changed since: read once its metadata is here, and
 * this visit remembered in its place (the next visit compares with this one). Metadata asked again
 * while the page is open (the portal re-processed the dataset meanwhile) is compared the same way.
 */
export function useChangedSinceVisit(
  portal: string,
  datasetId: string,
  dataset: Dataset | undefined,
): DatasetMark | undefined {
  const [before, setBefore] = useState<{ readonly key: string; readonly mark: DatasetMark }>();
  const seen = useRef<{ readonly key: string; readonly data: Dataset }>(undefined);
  const key = `${portal}|${datasetId}`;
  useEffect(() => {
    // Once per answer (React runs effects twice in development).
    if (!dataset || (seen.current?.key === key && seen.current.data === dataset)) return;
    seen.current = { key, data: dataset };
    const now = markOf(dataset);
    const previous = lastVisit(portal, datasetId);
    if (previous && changesBetween(previous, now).length > 0) setBefore({ key, mark: previous });
    recordVisit(portal, datasetId, now);
  }, [portal, datasetId, key, dataset]);
  return before?.key === key ? before.mark : undefined;
}
