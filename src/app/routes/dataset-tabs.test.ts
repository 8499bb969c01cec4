import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import { analyzeAxis, datasetTabs } from './dataset-tabs';

const key = (name: string): DatasetField => ({ name, label: name, type: 'text', annotations: { id: true } });
const text = (name: string, facet = false): DatasetField => ({
  name,
  label: name,
  type: 'text',
  annotations: facet ? { facet: true } : {},
});
const typed = (name: string, type: DatasetField['type']): DatasetField => ({ name, label: name, type });

// The fields of the default catalog's datasets that had no Analyze tab.
const airports = [
  key('iata'),
  text('name'),
  text('city'),
  text('state', true),
  text('country', true),
  typed('coordinates', 'geo_point_2d'),
];
const londonBoroughs = [key('name'), typed('shape', 'geo_shape'), typed('centroid', 'geo_point_2d')];

describe('the tabs of a dataset', () => {
  it('offers Analyze for a dataset of facets, even when the portal lists no analyze feature', () => {
    expect(datasetTabs({ fields: airports })).toEqual([
      'information',
      'table',
      'map',
      'analyze',
      'export',
      'api',
    ]);
  });

  it('offers Analyze for a date or a number, and a map for a geometry only', () => {
    expect(datasetTabs({ fields: [typed('day', 'date')] })).toEqual([
      'information',
      'table',
      'analyze',
      'export',
      'api',
    ]);
    expect(datasetTabs({ fields: [typed('mass', 'double')] })).toContain('analyze');
  });

  it('offers Calendar where a date and a title exist, as the portal does', () => {
    expect(datasetTabs({ fields: [text('name'), typed('day', 'date')] })).toEqual([
      'information',
      'table',
      'analyze',
      'calendar',
      'export',
      'api',
    ]);
  });

  it('offers no Analyze where there is only a key and free text to count by', () => {
    expect(datasetTabs({ fields: londonBoroughs })).toEqual(['information', 'table', 'map', 'export', 'api']);
    expect(datasetTabs({ fields: [text('comment')] })).toEqual(['information', 'table', 'export', 'api']);
    expect(datasetTabs({})).toEqual(['information', 'table', 'export', 'api']);
  });
});

describe('the first axis of the Analyze tab', () => {
  it('is the first facet that is not a key, before any other text', () => {
    expect(analyzeAxis(airports)).toMatchObject({ field: { name: 'state' }, kind: 'facet' });
  });

  it('is a date first, then a facet, then a number; never a key', () => {
    const fields = [key('code'), typed('mass', 'int'), text('island', true), typed('seen', 'datetime')];
    expect(analyzeAxis(fields)).toMatchObject({ field: { name: 'seen' }, kind: 'date' });
    expect(analyzeAxis(fields.slice(0, 3))).toMatchObject({ field: { name: 'island' }, kind: 'facet' });
    expect(analyzeAxis(fields.slice(0, 2))).toMatchObject({ field: { name: 'mass' }, kind: 'number' });
    const numericKey: DatasetField = { name: 'n', label: 'n', type: 'int', annotations: { id: true } };
    expect(analyzeAxis([numericKey, text('free')])).toBeUndefined();
  });
});
