import { describe, expect, it } from 'vitest';
import { buildQuery } from '../../api';
import { DEFAULT_EXPORT_OPTIONS, epsgError, exportParams } from './export-options';
import { findFormat } from './formats';

const csv = findFormat('csv')!;
const shp = findFormat('shp')!;
const gpx = findFormat('gpx')!;
const selection = {
  where: 'delay > 10',
  refine: ['origin:SFO'],
  exclude: ['destination:LAX'],
  order_by: 'delay DESC',
  limit: 100,
  offset: 200,
};

describe('exportParams', () => {
  it('repeats the selection without its page, and leaves defaults out', () => {
    expect(buildQuery(exportParams(csv, DEFAULT_EXPORT_OPTIONS, selection))).toBe(
      'where=delay%20%3E%2010&order_by=delay%20DESC&refine=origin:SFO&exclude=destination:LAX',
    );
  });

  it('exports the whole dataset without the selection', () => {
    expect(exportParams(csv, { ...DEFAULT_EXPORT_OPTIONS, scope: 'dataset' }, selection)).toEqual({});
  });

  it('sends CSV options only to CSV, and only when they differ from the defaults', () => {
    const options = {
      ...DEFAULT_EXPORT_OPTIONS,
      scope: 'dataset' as const,
      delimiter: '\t' as const,
      listSeparator: '|',
      quoteAll: true,
      withBom: false,
      useLabels: true,
    };
    expect(buildQuery(exportParams(csv, options, selection))).toBe(
      'use_labels=true&delimiter=%09&list_separator=%7C&quote_all=true&with_bom=false',
    );
    expect(buildQuery(exportParams(shp, options, selection))).toBe('use_labels=true');
  });

  it('sends a projection only to formats that project, and only a valid one', () => {
    const base = { ...DEFAULT_EXPORT_OPTIONS, scope: 'dataset' as const };
    expect(exportParams(shp, { ...base, epsg: '2154' }, selection)).toEqual({ epsg: 2154 });
    expect(exportParams(shp, { ...base, epsg: '4326' }, selection)).toEqual({});
    expect(exportParams(shp, { ...base, epsg: '21x' }, selection)).toEqual({});
    expect(exportParams(csv, { ...base, epsg: '2154' }, selection)).toEqual({});
  });

  it('passes the GPX options', () => {
    const options = {
      ...DEFAULT_EXPORT_OPTIONS,
      scope: 'dataset' as const,
      nameField: 'name',
      descriptionFields: ['city', 'state'],
      useExtension: false,
    };
    expect(exportParams(gpx, options, selection)).toEqual({
      name_field: 'name',
      description_field_list: 'city,state',
      use_extension: false,
    });
  });
});

describe('epsgError', () => {
  it('accepts codes and explains what is wrong otherwise', () => {
    expect(epsgError('2154')).toBeUndefined();
    expect(epsgError(' 3857 ')).toBeUndefined();
    expect(epsgError('')).toMatch(/EPSG code/);
    expect(epsgError('EPSG:4326')).toMatch(/EPSG code/);
    expect(epsgError('12')).toMatch(/EPSG code/);
  });
});
