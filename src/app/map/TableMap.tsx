import { useMemo, useSyncExternalStore } from 'react';
import type { DatasetField, DatasetRecord } from '../../api';
import type { GeoFilter } from '../filters/geo-filter';
import { t } from '../i18n/setup';
import type { RowHover } from '../table/row-hover';
import { geoFilterOutline } from './draw';
import { featureFit, withMinimumSize } from './fit';
import { MapCanvas } from './MapCanvas';
import { geometryField } from './map-data';
import type { Basemap } from './map-view';
import type { Pick } from './pick';
import { nextPickedRow, rowFeatures } from './record-features';
import './map.css';

const noop = () => {};

export interface TableMapProps {
  readonly fields: readonly DatasetField[];
  /** The rows the table has loaded, in its order. */
  readonly records: readonly DatasetRecord[];
  /** Rows of a previous query still shown while the new ones load. */
  readonly busy: boolean;
  /** Changes with the query: the map fits the new rows once they are in. */
  readonly fitKey: string;
  readonly basemap: Basemap;
  readonly area: GeoFilter | undefined;
  readonly hover: RowHover;
  /** The row brought forward by a click on the map, and the row whose record is open. */
  readonly picked: number | undefined;
  readonly selected: number | undefined;
  readonly onPick: (row: number) => void;
}

/**
 * The map beside the table: the table's loaded rows, drawn from the rows themselves (no second request),
 * each point numbered by its row. The row under the pointer is ringed; a point clicked brings its row
 * forward in the table. Loaded only when it is shown (MapLibre is large).
 */
export default function TableMap(props: TableMapProps) {
  const { fields, records, busy, fitKey, hover, picked, selected, onPick } = props;
  const geometry = useMemo(() => geometryField(fields), [fields]);
  const hovered = useSyncExternalStore(hover.subscribe, hover.get);
  const features = useMemo(
    () => (geometry ? rowFeatures(records, geometry) : { type: 'FeatureCollection' as const, features: [] }),
    [records, geometry],
  );
  const fit = useMemo(() => {
    if (busy) return undefined;
    const bounds = featureFit(features);
    return bounds && withMinimumSize(bounds);
  }, [busy, features]);
  const outline = useMemo(() => geoFilterOutline(props.area), [props.area]);
  // A row's name: its first text field that is not an identifier code.
  const title = useMemo(
    () =>
      fields.find((f) => f.type === 'text' && !f.annotations?.id) ?? fields.find((f) => f.type === 'text'),
    [fields],
  );

  const describe = (pick: Pick): string => {
    if (pick.kind !== 'records') return '';
    const rows = [...pick.indexes].sort((a, b) => a - b);
    const first = rows[0] ?? 0;
    const value = title ? records[first]?.[title.name] : undefined;
    const name = typeof value === 'string' && value !== '' ? value : undefined;
    const row = name ? t('tableMap.rowNamed', { n: first + 1, name }) : t('tableMap.row', { n: first + 1 });
    return rows.length > 1 ? t('tableMap.andRows', { row, count: rows.length - 1 }) : row;
  };

  const pick = (target: Pick): undefined => {
    if (target.kind !== 'records') return undefined;
    const row = nextPickedRow(target.indexes, picked);
    if (row !== undefined) onPick(row);
    return undefined;
  };

  return (
    <MapCanvas
      basemap={props.basemap}
      location={undefined}
      fit={fit}
      fitKey={fitKey}
      records={features}
      clusters={undefined}
      filterOutline={outline}
      drawMode={undefined}
      highlight={hovered ?? picked ?? selected}
      busy={busy}
      describe={describe}
      onViewport={noop}
      onLocation={noop}
      onPick={pick}
      onDrawn={noop}
      onDrawCancel={noop}
    />
  );
}
