import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import type { Dataset, DatasetField } from '../../api';
import { t } from '../i18n/setup';
import { useExploreClient } from '../queries/client-context';
import { datasetsQuery } from '../queries/options';
import { AGGREGATES, type Aggregate, DEFAULT_DISPLAY, type MapDisplay, type MapMode } from './map-display';
import { shapeJoins } from './shape-joins';

/*
 * The display mode's choices above the map: how the records are shown, and by which field and
 * aggregate. The shapes datasets for "areas" are looked for in the catalog only once that mode is asked.
 */

const isNumber = (f: DatasetField) => f.type === 'int' || f.type === 'double';
const isText = (f: DatasetField) => f.type === 'text';

interface MapDisplayToolsProps {
  readonly dataset: Dataset;
  readonly display: MapDisplay;
  readonly onDisplay: (display: MapDisplay) => void;
}

export function MapDisplayTools({ dataset, display, onDisplay }: MapDisplayToolsProps) {
  const id = useId();
  const client = useExploreClient();
  const fields = dataset.fields ?? [];
  const numbers = fields.filter(isNumber);
  const facets = fields.filter((f) => isText(f) && f.annotations?.facet);
  const texts = facets.length > 0 ? facets : fields.filter(isText);
  const hasPoints = fields.some((f) => f.type === 'geo_point_2d');
  const hasShapes = fields.some((f) => f.type === 'geo_shape');
  const [wantsAreas, setWantsAreas] = useState(false);
  // Kept once the catalog has answered: the note must outlive the request that found no shapes to join.
  const [noAreas, setNoAreas] = useState(false);
  const catalog = useQuery({
    ...datasetsQuery(client, { limit: 100 }),
    enabled: wantsAreas || display.mode === 'areas',
  });
  const joins = useMemo(() => shapeJoins(dataset, catalog.data?.results ?? []), [dataset, catalog.data]);

  // "Areas" asked: the first shapes dataset found is drawn (another can be chosen next to it).
  useEffect(() => {
    if (!wantsAreas || !catalog.data) return;
    setWantsAreas(false);
    const join = joins[0];
    setNoAreas(join === undefined);
    if (join)
      onDisplay({
        mode: 'areas',
        aggregate: 'count',
        shapes: join.datasetId,
        join: { field: join.field, on: join.on },
      });
  }, [wantsAreas, catalog.data, joins, onDisplay]);

  const modes: MapMode[] = [
    'clusters',
    ...(hasPoints ? (['heatmap'] as const) : []),
    ...(texts.length > 0 ? (['categories'] as const) : []),
    ...(hasShapes && numbers.length > 0 ? (['choropleth'] as const) : []),
    'areas',
  ];

  const chooseMode = (mode: MapMode) => {
    setNoAreas(false);
    if (mode === 'clusters' || mode === 'heatmap') onDisplay({ ...DEFAULT_DISPLAY, mode });
    else if (mode === 'categories') onDisplay({ mode, aggregate: 'count', field: texts[0]?.name });
    else if (mode === 'choropleth') onDisplay({ mode, aggregate: 'count', field: numbers[0]?.name });
    else setWantsAreas(true);
  };

  const chooseAggregate = (aggregate: Aggregate) =>
    onDisplay(
      aggregate === 'count'
        ? { ...display, aggregate, field: undefined }
        : { ...display, aggregate, field: display.field ?? numbers[0]?.name },
    );

  const fieldSelect = (choices: readonly DatasetField[], label: string) => (
    <label className="map-display-choice" htmlFor={`${id}-field`}>
      <span>{label}</span>
      <select
        id={`${id}-field`}
        value={display.field ?? ''}
        onChange={(event) => onDisplay({ ...display, field: event.target.value })}
      >
        {choices.map((f) => (
          <option key={f.name} value={f.name}>
            {f.label}
          </option>
        ))}
      </select>
    </label>
  );

  const aggregated = display.mode === 'clusters' || display.mode === 'areas';
  return (
    <fieldset className="map-display" aria-label={t('mapDisplay.label')}>
      <label className="map-display-choice" htmlFor={`${id}-mode`}>
        <span>{t('mapDisplay.showAs')}</span>
        <select
          id={`${id}-mode`}
          value={wantsAreas ? 'areas' : display.mode}
          onChange={(event) => chooseMode(modes.find((m) => m === event.target.value) ?? 'clusters')}
        >
          {modes.map((m) => (
            <option key={m} value={m} disabled={m === 'areas' && noAreas}>
              {t(`mapDisplay.modes.${m}`)}
            </option>
          ))}
        </select>
      </label>
      {display.mode === 'areas' && joins.length > 0 && (
        <label className="map-display-choice" htmlFor={`${id}-shapes`}>
          <span>{t('mapDisplay.areasOf')}</span>
          <select
            id={`${id}-shapes`}
            value={display.shapes ?? ''}
            onChange={(event) => {
              const join = joins.find((j) => j.datasetId === event.target.value);
              if (join)
                onDisplay({ ...display, shapes: join.datasetId, join: { field: join.field, on: join.on } });
            }}
          >
            {joins.map((j) => (
              <option key={j.datasetId} value={j.datasetId}>
                {t('mapDisplay.joinedOn', { title: j.title, field: j.field })}
              </option>
            ))}
          </select>
        </label>
      )}
      {aggregated && numbers.length > 0 && (
        <label className="map-display-choice" htmlFor={`${id}-aggregate`}>
          <span>{t('mapDisplay.value')}</span>
          <select
            id={`${id}-aggregate`}
            value={display.aggregate}
            onChange={(event) => chooseAggregate(AGGREGATES.find((a) => a === event.target.value) ?? 'count')}
          >
            {AGGREGATES.map((a) => (
              <option key={a} value={a}>
                {t(`mapDisplay.aggregateNames.${a}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {aggregated && display.aggregate !== 'count' && fieldSelect(numbers, t('mapDisplay.ofField'))}
      {display.mode === 'categories' && fieldSelect(texts, t('mapDisplay.colourBy'))}
      {display.mode === 'choropleth' && fieldSelect(numbers, t('mapDisplay.colourBy'))}
      {noAreas && (
        <span className="muted" role="status">
          {t('mapDisplay.noAreas')}
        </span>
      )}
    </fieldset>
  );
}
