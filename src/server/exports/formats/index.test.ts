import { describe, expect, it } from 'vitest';
import { availableFormats, DATASET_FORMATS, recordExportFormat } from './index';

describe('export format registry', () => {
  it('has a writer for every format each version lists, and only there', () => {
    for (const version of ['2.0', '2.1'] as const) {
      expect(availableFormats(version)).toEqual(DATASET_FORMATS[version]);
      for (const format of DATASET_FORMATS[version]) {
        const writer = recordExportFormat(format, version);
        expect(writer?.format).toBe(format);
        expect(writer?.extension).toMatch(/^[a-z0-9.]+$/);
        expect(writer?.mediaType).not.toBe('');
      }
    }
    expect(recordExportFormat('xlsx', '2.0')).toBeUndefined();
    expect(recordExportFormat('parquet', '2.0')).toBeUndefined();
    expect(recordExportFormat('xls', '2.1')).toBeUndefined();
    expect(recordExportFormat('docx', '2.1')).toBeUndefined();
  });
});
