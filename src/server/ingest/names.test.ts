import { describe, expect, it } from 'vitest';
import { deduplicateNames, humanize, toSnakeCase } from '../../layout/field-names';
import { attachmentId, datasetUid, recordsTableName } from './names';

describe('names', () => {
  it('turns source column names into lower snake case', () => {
    expect(toSnakeCase('Beak Length (mm)')).toBe('beak_length_mm');
    expect(toSnakeCase('US Gross')).toBe('us_gross');
    expect(toSnakeCase('magType')).toBe('mag_type');
    expect(toSnakeCase('IMDBRating')).toBe('imdb_rating');
    expect(toSnakeCase('Année de création')).toBe('annee_de_creation');
    expect(toSnakeCase('2nd value')).toBe('f_2nd_value');
    expect(toSnakeCase('***')).toBe('field');
  });

  it('deduplicates names in order', () => {
    expect(deduplicateNames(['a', 'b', 'a', 'a', 'a_2'])).toEqual(['a', 'b', 'a_2', 'a_3', 'a_2_2']);
  });

  it('builds labels, attachment ids, uids and table names', () => {
    expect(humanize('temp_max')).toBe('Temp max');
    expect(attachmentId('airports.csv')).toBe('airports_csv');
    expect(attachmentId('flights-3m.parquet')).toBe('flights_3m_parquet');
    expect(datasetUid('airports')).toMatch(/^da_[0-9a-z]{6}$/);
    expect(datasetUid('airports')).toBe(datasetUid('airports'));
    expect(datasetUid('airports')).not.toBe(datasetUid('flights'));
    expect(recordsTableName('us-zip-codes')).toBe('ds_us_zip_codes');
  });
});
