import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { schemaRefusal } from '../testing/query-schema';
import { exportParams } from './params';
import { CATALOG_EXPORT_QUERY, DATASET_EXPORT_QUERY } from './query-schemas';

describe('exportParams', () => {
  it('defaults differ by version: BOM and GPX extensions on v2.1 only', () => {
    const v20 = exportParams({}, '2.0');
    const v21 = exportParams({}, '2.1');
    expect(v20.csv).toEqual({ delimiter: ';', listSeparator: ',', quoteAll: false, withBom: false });
    expect(v21.csv.withBom).toBe(true);
    expect(v20.gpx.useExtension).toBe(false);
    expect(v21.gpx.useExtension).toBe(true);
    expect(v21.limit).toBeUndefined();
    expect(v21.epsg).toBe(4326);
    expect(v21.parquetCompression).toBe('snappy');
  });

  it('reads delimiters by character or name, field lists, limits', () => {
    expect(exportParams({ delimiter: 'tab' }, '2.1').csv.delimiter).toBe('\t');
    expect(exportParams({ delimiter: '\t' }, '2.1').csv.delimiter).toBe('\t');
    expect(exportParams({ delimiter: 'PIPE' }, '2.1').csv.delimiter).toBe('|');
    expect(exportParams({ delimiter: ',' }, '2.1').csv.delimiter).toBe(',');
    expect(exportParams({ limit: '25' }, '2.1').limit).toBe(25);
    expect(exportParams({ limit: '-1' }, '2.1').limit).toBeUndefined();
    const gpx = exportParams({ name_field: ' name ', description_field_list: 'city, state,,' }, '2.1').gpx;
    expect(gpx).toEqual({ nameField: 'name', descriptionFields: ['city', 'state'], useExtension: true });
    expect(exportParams({ with_bom: 'false' }, '2.1').csv.withBom).toBe(false);
  });

  it('refuses what it cannot honour with InvalidRESTParameterError naming the parameter', () => {
    const bad: Record<string, string>[] = [
      { delimiter: ';;' },
      { list_separator: 'a\nb' },
      { list_separator: 'x'.repeat(11) },
      { parquet_compression: 'gzip' },
    ];
    for (const query of bad) {
      const name = Object.keys(query)[0]!;
      let error: unknown;
      try {
        exportParams(query, '2.1');
      } catch (e) {
        error = e;
      }
      expect(error, name).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('InvalidRESTParameterError');
      expect((error as ApiError).message).toContain(`${name} API parameter`);
    }
  });
});

describe('the export query strings', () => {
  it('refuse integers and flags of the wrong form before the export is read, naming the parameter', async () => {
    const bad: Record<string, string>[] = [
      { limit: '-5' },
      { limit: '1.5' },
      { quote_all: 'yes' },
      { epsg: '0' },
      { epsg: 'wgs84' },
      { use_labels: '2' },
      { offset: '-1' },
    ];
    for (const query of bad) {
      const name = Object.keys(query)[0]!;
      if (name !== 'offset') {
        expect(await schemaRefusal(DATASET_EXPORT_QUERY, query), name).toMatch(
          new RegExp(`^InvalidRESTParameterError: Invalid value for ${name} API parameter`),
        );
      }
      expect(await schemaRefusal(CATALOG_EXPORT_QUERY, query), name).toMatch(
        new RegExp(`^InvalidRESTParameterError: Invalid value for ${name} API parameter`),
      );
    }
    expect(await schemaRefusal(DATASET_EXPORT_QUERY, { limit: '-1', epsg: '2154', quote_all: 'TRUE' })).toBe(
      undefined,
    );
  });
});
