import { useEffect, useState } from 'react';
import { usePageDrawing } from '../hooks/page-drawing';

/**
 * Whether the range histograms beside the map may ask for their data. Their queries (a scan of the whole
 * selection) wait until the map has its data and has drawn it: they would compete with it for the
 * server, and their answers with its first picture for the page. Once asked for, they follow the filters
 * as usual.
 */
export function useDeferredRanges(mapBusy: boolean, mapError: Error | null): boolean {
  const drawing = usePageDrawing();
  const [active, setActive] = useState(false);
  useEffect(() => {
    if ((!mapBusy && !drawing) || mapError) setActive(true);
  }, [mapBusy, drawing, mapError]);
  return active;
}
