import { useCallback, useMemo } from 'react';
import type { DatasetField } from '../../api';
import { useNavigate } from '../hooks/useNavigate';
import { useLocation } from '../router/useLocation';
import { datasetPath } from '../routes/paths';
import { type ChartState, parseChart, writeChart } from './chart-state';

/** The chart read from the address, and the way to change it (each change a step of history). */
export function useChart(datasetId: string, fields: readonly DatasetField[]) {
  const { search } = useLocation();
  const { navigate } = useNavigate();
  const chart = useMemo(() => parseChart(search, fields), [search, fields]);
  const setChart = useCallback(
    (next: ChartState, replace = false) =>
      navigate(datasetPath(datasetId, 'analyze', writeChart(search, next)), { replace }),
    [navigate, datasetId, search],
  );
  return { chart, setChart };
}
