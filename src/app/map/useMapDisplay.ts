import { useQuery } from '@tanstack/react-query';
import type { Feature, FeatureCollection } from 'geojson';
import { useMemo } from 'react';
import type { Dataset, DatasetField } from '../../api';
import { formatCount, formatFigure, formatNumber } from '../format/numbers';
import { t } from '../i18n/setup';
import { useExploreClient } from '../queries/client-context';
import { datasetQuery, recordsQuery } from '../queries/options';
import { type Bin, binLabel, categoryColours, quantileBins } from './colour-scales';
import {
  areasStyle,
  categoryStyle,
  choroplethStyle,
  clusterValueStyle,
  type DisplayStyle,
  HEATMAP_GRADIENT,
  heatmapStyle,
} from './display-layers';
import { areaGroupsParams, areaNameField, areaShapesUrl, categoryParams } from './display-queries';
import type { MapDisplay } from './map-display';
import { mapFeaturesQuery } from './map-queries';
import type { AreaPick } from './pick';
import type { useDatasetMap } from './useDatasetMap';

/*
 * What a display mode draws beyond the records (map-display.ts): the colours and layers it sets on the
 * map, its legend, and the data behind it (the aggregated values, as a table). Aggregates come from the
 * server (`group_by`); only the areas of another dataset are downloaded, as shapes.
 */

export interface LegendEntry {
  readonly colour: string;
  readonly label: string;
  /** A category's value: clicking it refines on it. */
  readonly value?: string;
}

export type Legend =
  | { readonly kind: 'bins' | 'categories'; readonly title: string; readonly entries: readonly LegendEntry[] }
  | {
      readonly kind: 'gradient';
      readonly title: string;
      readonly colours: readonly string[];
      readonly low: string;
      readonly high: string;
    };

export interface DataBehind {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

export interface DisplayOutcome {
  readonly style?: DisplayStyle | undefined;
  readonly legend?: Legend | undefined;
  readonly data?: DataBehind | undefined;
  /** Why the mode cannot draw here (too many records for categories, a missing field…). */
  readonly note?: string | undefined;
  readonly busy: boolean;
  readonly error: Error | null;
  /** The tooltip of an area of another dataset: its name and the aggregate joined on it. */
  readonly describeArea?: ((area: AreaPick) => string) | undefined;
}

type DatasetMap = ReturnType<typeof useDatasetMap>;

/** Rows of the data behind a clusters' map: the largest clusters. */
const CLUSTER_ROWS = 100;

const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function aggregateTitle(display: MapDisplay, field: DatasetField | undefined): string {
  return display.aggregate === 'count' || !field
    ? t('mapDisplay.countTitle')
    : t(`mapDisplay.aggregates.${display.aggregate}`, { field: field.label });
}

/** A field's figures as the table shows them: its `decimals` when it has some (a rate: 0.187). */
function figures(field: DatasetField | undefined): (value: number) => string {
  const decimals = field?.annotations?.decimals;
  return decimals === undefined ? formatFigure : (value) => formatNumber(value, { decimals });
}

function binEntries(bins: readonly Bin[], format: (value: number) => string = formatFigure): LegendEntry[] {
  return bins.map((bin) => ({ colour: bin.colour, label: binLabel(bin, format) }));
}

interface AreasResult {
  readonly active: boolean;
  readonly busy: boolean;
  readonly error: Error | null;
  /** The shapes with the aggregate joined on them (`value`), once both have come. */
  readonly joined: FeatureCollection | undefined;
  /** The aggregate by the joined field's value. */
  readonly values: ReadonlyMap<string, number>;
  readonly field: DatasetField | undefined;
}

/** The other dataset's areas, with the aggregate of this one's records joined on them. */
function useAreas(dataset: Dataset, map: DatasetMap): AreasResult {
  const client = useExploreClient();
  const { display, filters } = map;
  const active = display.mode === 'areas' && display.shapes !== undefined && display.join !== undefined;
  const shapes = useQuery({ ...datasetQuery(client, display.shapes ?? ''), enabled: active });
  const on = display.join?.on ?? '';
  // The area's name for its tooltip, when a text other than the joined key names it.
  const nameField = areaNameField(shapes.data, on);
  const url = (active && areaShapesUrl(client, shapes.data, display)) || '';
  const areas = useQuery({ ...mapFeaturesQuery(client, display.shapes ?? '', url), enabled: url !== '' });
  const field = dataset.fields?.find((f) => f.name === display.field);
  const params = areaGroupsParams(filters, display, dataset.fields);
  const groups = useQuery({ ...recordsQuery(client, dataset.dataset_id, params), enabled: active });
  const busy = shapes.isFetching || areas.isFetching || groups.isFetching;
  const error = shapes.error ?? areas.error ?? groups.error;
  return useMemo(() => {
    const values = new Map<string, number>();
    for (const row of groups.data?.results ?? []) {
      const value = numberOf(row.value);
      if (row.key !== null && row.key !== undefined && value !== undefined)
        values.set(String(row.key), value);
    }
    const joined: FeatureCollection | undefined = areas.data && {
      type: 'FeatureCollection',
      features: areas.data.features.map((f): Feature => {
        const key = f.properties?.[on];
        const name = nameField ? f.properties?.[nameField.name] : undefined;
        const value = key === null || key === undefined ? undefined : values.get(String(key));
        return { ...f, properties: { key, name, ...(value === undefined ? {} : { value }) } };
      }),
    };
    return { active, busy, error, joined, values, field };
  }, [active, busy, error, groups.data, areas.data, on, field, nameField]);
}

export function useMapDisplay(dataset: Dataset, map: DatasetMap): DisplayOutcome {
  const client = useExploreClient();
  const { display, filters, mode, features, clusterList } = map;
  const fields = dataset.fields ?? [];
  const field = fields.find((f) => f.name === display.field);
  const categories = useQuery({
    ...recordsQuery(client, dataset.dataset_id, categoryParams(filters, display.field ?? '')),
    enabled: display.mode === 'categories' && field !== undefined,
  });
  const areas = useAreas(dataset, map);

  return useMemo((): DisplayOutcome => {
    const idle = { busy: false, error: null };
    const records = features.data?.features ?? [];
    const valuesOf = (name: string) =>
      records.map((f) => numberOf(f.properties?.[name])).filter((v) => v !== undefined);

    if (display.mode === 'clusters') {
      if (display.aggregate === 'count' || !field) return idle;
      const title = aggregateTitle(display, field);
      if (mode === 'features') {
        const bins = quantileBins(valuesOf(field.name));
        return {
          ...idle,
          style: clusterValueStyle(bins, field.name),
          legend: { kind: 'bins', title: field.label, entries: binEntries(bins) },
        };
      }
      const bins = quantileBins(
        clusterList.flatMap((c) => (numberOf(c.value) === undefined ? [] : [c.value as number])),
      );
      const largest = [...clusterList].sort((a, b) => b.count - a.count).slice(0, CLUSTER_ROWS);
      return {
        ...idle,
        style: clusterValueStyle(bins, field.name),
        legend: { kind: 'bins', title, entries: binEntries(bins) },
        data: {
          columns: [t('mapDisplay.place'), t('mapDisplay.records'), title],
          rows: largest.map((c) => [
            `${formatFigure(c.lat)}, ${formatFigure(c.lon)}`,
            formatCount(c.count),
            c.value === null || c.value === undefined ? '—' : formatFigure(c.value),
          ]),
        },
      };
    }

    if (display.mode === 'heatmap') {
      if (!map.pointField) return { ...idle, note: t('mapDisplay.needsPoints') };
      const largest = clusterList.reduce((m, c) => Math.max(m, c.count), 1);
      const top = [...clusterList].sort((a, b) => b.count - a.count).slice(0, CLUSTER_ROWS);
      return {
        ...idle,
        style: heatmapStyle(largest),
        legend: {
          kind: 'gradient',
          title: t('mapDisplay.density'),
          colours: HEATMAP_GRADIENT,
          low: t('mapDisplay.few'),
          high: t('mapDisplay.many', { count: largest }),
        },
        data: {
          columns: [t('mapDisplay.place'), t('mapDisplay.records')],
          rows: top.map((c) => [`${formatFigure(c.lat)}, ${formatFigure(c.lon)}`, formatCount(c.count)]),
        },
      };
    }

    if (display.mode === 'categories') {
      if (!field) return idle;
      const rows = categories.data?.results ?? [];
      const values = rows.map((r) => (r.value === null || r.value === undefined ? '' : String(r.value)));
      const colours = categoryColours(values.filter((v) => v !== ''));
      const counted = rows.reduce((n, r) => n + Number(r.count ?? 0), 0);
      const rest = Math.max(0, (map.total ?? counted) - counted);
      const note = mode === 'clusters' ? t('mapDisplay.categoriesGrouped') : undefined;
      return {
        busy: categories.isFetching,
        error: categories.error,
        note,
        style: categoryStyle(colours, field.name),
        legend: {
          kind: 'categories',
          title: field.label,
          entries: colours.map((c) => ({ colour: c.colour, label: c.value, value: c.value })),
        },
        data: {
          columns: [field.label, t('mapDisplay.records')],
          rows: [
            ...rows.map((r) => [r.value === null ? '—' : String(r.value), formatCount(Number(r.count))]),
            ...(rest > 0 ? [[t('mapDisplay.other'), formatCount(rest)]] : []),
          ],
        },
      };
    }

    if (display.mode === 'choropleth') {
      if (!field) return idle;
      const bins = quantileBins(valuesOf(field.name));
      const name = fields.find((f) => f.type === 'text');
      const sorted = [...records].sort(
        (a, b) =>
          (numberOf(b.properties?.[field.name]) ?? -Infinity) -
          (numberOf(a.properties?.[field.name]) ?? -Infinity),
      );
      return {
        ...idle,
        style: choroplethStyle(bins, field.name),
        legend: { kind: 'bins', title: field.label, entries: binEntries(bins, figures(field)) },
        data: {
          columns: [name?.label ?? t('mapDisplay.record'), field.label],
          rows: sorted.map((f, i) => [
            String(f.properties?.[name?.name ?? ''] ?? i + 1),
            numberOf(f.properties?.[field.name]) === undefined
              ? '—'
              : figures(field)(f.properties?.[field.name]),
          ]),
        },
      };
    }

    // Areas of another dataset.
    if (!areas.active) return idle;
    const { joined, values } = areas;
    const bins = quantileBins([...values.values()]);
    const title = aggregateTitle(display, areas.field);
    const keyField = fields.find((f) => f.name === display.join?.field);
    return {
      busy: areas.busy,
      error: areas.error,
      describeArea: (area) => {
        const name = area.name ?? area.key;
        return area.value === undefined
          ? t('mapDisplay.areaNoValue', { name })
          : t('mapDisplay.areaValue', { name, title, value: formatFigure(area.value) });
      },
      style: joined ? areasStyle(bins, joined) : undefined,
      legend: { kind: 'bins', title, entries: binEntries(bins) },
      data: {
        columns: [keyField?.label ?? display.join?.field ?? '', title],
        rows: [...values.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([key, value]) => [key, formatFigure(value)]),
      },
    };
  }, [
    display,
    field,
    fields,
    mode,
    features.data,
    clusterList,
    categories.data,
    categories.isFetching,
    categories.error,
    areas,
    map.pointField,
    map.total,
  ]);
}
