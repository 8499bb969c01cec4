import { useCallback, useMemo } from 'react';
import type { DatasetField } from '../../api';
import { useNavigate } from '../hooks/useNavigate';
import { useLocation } from '../router/useLocation';
import { useViewPath } from '../routes/view-path';
import { type ChartState, parseChart, writeChart } from './chart-state';

/**
 * The chart read from the address, and the way to change it (each change a step of history; `amend`,
 * with `replace`, for a chart the visitor did not change: not a step of undo either).
 */
export function useChart(datasetId: string, fields: readonly DatasetField[]) {
  const { search } = useLocation();
  const { navigate } = useNavigate();
  const viewPath = useViewPath();
  const chart = useMemo(() => parseChart(search, fields), [search, fields]);
  const setChart = useCallback(
    (next: ChartState, replace = false, amend = false) =>
      navigate(viewPath(datasetId, 'analyze', writeChart(search, next)), { replace, amend }),
    [navigate, viewPath, datasetId, search],
  );
  return { chart, setChart };
}
