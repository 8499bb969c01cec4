import type { FieldAnnotations } from '../../catalog/types';
import type { DescriptorJson } from '../descriptor';

/** One dataset of the default catalog; descriptions, sources and licences come from datapackage.json. */
export interface VegaDataset {
  readonly id: string;
  readonly title: string;
  readonly theme: readonly string[];
  readonly keyword: readonly string[];
  readonly timezone?: string;
  /** The descriptor without id and metas (added from datapackage.json). */
  readonly descriptor: Omit<DescriptorJson, 'dataset_id' | 'metas' | 'attachments'>;
  /** Files published with the dataset, with their format. */
  readonly attachments: readonly (readonly [file: string, format: string])[];
}

/** The field annotations the default catalog's datasets share. */
export const facet: FieldAnnotations = { facet: true, facetsort: '-count' };
export const sortedFacet: FieldAnnotations = { ...facet, sortable: true };
export const dateFacet: FieldAnnotations = {
  facet: true,
  facetsort: 'alphanum',
  sortable: true,
  timerangeFilter: true,
};
export const sortable: FieldAnnotations = { sortable: true };
export const identifier: FieldAnnotations = { id: true, sortable: true };
