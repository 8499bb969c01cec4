import type { FeatureCollection } from 'geojson';
import { useId, useMemo, useRef } from 'react';
import type { Dataset, DatasetField, DatasetRecord } from '../../api';
import { RecordsTable } from '../components/RecordsTable';
import type { CellFormat } from '../format/cells';
import { t } from '../i18n/setup';
import { type ColumnLayout, visibleColumns } from '../table/columns';
import type { GeometryField } from './map-data';
import { featureRecord } from './record-features';

const NO_FIELDS: readonly DatasetField[] = [];

interface MapRecordsListProps {
  readonly dataset: Dataset;
  /** The records drawn on the map, with their geo fields as the table shows them. */
  readonly features: FeatureCollection | undefined;
  readonly geometry: GeometryField;
  /** The columns the reader chose (the address's `columns`). */
  readonly chosenColumns: ColumnLayout;
  readonly format: CellFormat;
  /** The previous selection's records, shown while the new ones load. */
  readonly busy: boolean;
  /** The row of the record chosen on the map. */
  readonly selected: number | undefined;
  /** Changes when the selection does: the list goes back to its top. */
  readonly resetKey: string;
  readonly onOpen: (index: number, record: DatasetRecord) => void;
  readonly onHover: (index: number | undefined) => void;
}

/** The records drawn, listed under the map: a row hovered rings its record there, one chosen opens it. */
export function MapRecordsList(props: MapRecordsListProps) {
  const { dataset, features, geometry } = props;
  const fields = dataset.fields ?? NO_FIELDS;
  const titleId = useId();
  const scroll = useRef<HTMLElement>(null);
  const listed = useMemo(
    () => (features?.features ?? []).map((f) => featureRecord(f, geometry)),
    [features, geometry],
  );
  const columns = useMemo(() => visibleColumns(fields, props.chosenColumns), [fields, props.chosenColumns]);
  if (listed.length === 0) return null;
  return (
    <section className="map-records" aria-labelledby={`${titleId}-list`}>
      <h2 id={`${titleId}-list`} className="map-records-title">
        {t('map.list')}
      </h2>
      <RecordsTable
        fields={fields}
        columns={columns}
        rowCount={listed.length}
        rowAt={(index) => listed[index]}
        total={listed.length}
        sort={undefined}
        format={props.format}
        busy={props.busy}
        caption={t('map.listCaption', { title: dataset.metas?.default?.title ?? dataset.dataset_id })}
        selected={props.selected}
        onOpen={(index) => props.onOpen(index, listed[index]!)}
        onHover={props.onHover}
        resetKey={props.resetKey}
        scrollRef={scroll}
      />
    </section>
  );
}
