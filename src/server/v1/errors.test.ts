import { describe, expect, it } from 'vitest';
import { MAX_Q_LENGTH } from '../../odsql';
import { type Params, v1, v1Records } from './testing';

/*
 * Bad input on the v1.0 endpoints: every one gets a 400 (or 404) with the interface's JSON error body
 * and a message naming the parameter at fault, never a stack trace or an engine message.
 */

interface ErrorBody {
  error_code: string;
  message: string;
}

async function refused(path: string, params: Params, status = 400): Promise<ErrorBody> {
  const res = await v1<ErrorBody>(path, params);
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(res.body).sort()).toEqual(['error_code', 'message']);
  expect(res.body.message).not.toMatch(
    /duckdb|binder|parser error|\.ts:\d|at [A-Za-z]+ \(|TypeError|undefined/i,
  );
  return res.body;
}

const search = (params: Params, status?: number): Promise<ErrorBody> =>
  refused('records/1.0/search/', params, status);

describe('v1 records search refuses bad input', () => {
  it.each([
    [{ q: 'a AND' }, 'ODSQLError', 'Invalid q parameter: a search term is missing at the end of q'],
    [{ q: 'species:(x' }, 'ODSQLError', 'unexpected ( at position 8 of q'],
    [{ q: '"unclosed' }, 'ODSQLError', 'unterminated quoted text'],
    [{ q: 'nope:1' }, 'ODSQLError', 'Invalid q parameter: Unknown field: nope'],
    [{ q: 'body_mass_g:heavy' }, 'ODSQLError', 'Field body_mass_g is numeric: heavy is not a number'],
    [{ q: '#distance(nope, "1,2", 3)' }, 'ODSQLError', 'Unknown field: nope'],
    [{ q: '#wat(species)' }, 'ODSQLError', 'unknown function #wat'],
    [{ q: 'x'.repeat(MAX_Q_LENGTH + 1) }, 'ODSQLError', 'q is too long'],
    [{ q: `${'('.repeat(100)}adelie${')'.repeat(100)}` }, 'ODSQLError', 'nests deeper'],
    [{ rows: 10_001 }, 'InvalidRESTParameterError', 'rows'],
    [{ rows: 'ten' }, 'InvalidRESTParameterError', 'rows'],
    [{ start: 9995, rows: 10 }, 'InvalidRESTParameterError', 'start + rows <= 10000'],
    [{ start: -1 }, 'InvalidRESTParameterError', 'start'],
    [{ timezone: 'Mars/Olympus_Mons' }, 'InvalidRESTParameterError', 'timezone'],
    [{ lang: 'tlh' }, 'InvalidRESTParameterError', 'lang'],
    [{ sort: 'nope' }, 'InvalidRESTParameterError', 'sort'],
    [{ fields: 'species,nope' }, 'InvalidRESTParameterError', 'fields'],
    [{ facet: 'nope' }, 'InvalidRESTParameterError', 'facet'],
    [{ 'refine.nope': 'x' }, 'InvalidRESTParameterError', 'refine.nope'],
    [{ 'exclude.nope': 'x' }, 'InvalidRESTParameterError', 'exclude.nope'],
    [
      { facet: 'species', 'disjunctive.species': 'maybe' },
      'InvalidRESTParameterError',
      'disjunctive.species',
    ],
    [
      { 'refine.body_mass_g': 'heavy' },
      'InvalidRESTParameterError',
      'refine.body_mass_g API parameter: heavy',
    ],
    [{ 'geofilter.distance': '48.85,2.35,1000' }, 'InvalidRESTParameterError', 'has no geo field'],
    [{ format: 'csv' }, 'InvalidRESTParameterError', 'format'],
  ])('penguins %j → %s', async (params, code, message) => {
    const body = await search({ dataset: 'penguins', ...params } as Params);
    expect(body.error_code).toBe(code);
    expect(body.message).toContain(message);
  });

  it.each([
    [{ 'geofilter.distance': '48.85' }, 'expected latitude,longitude,metres'],
    [{ 'geofilter.distance': '95,2.35,10' }, 'latitude 95 is outside -90..90'],
    [{ 'geofilter.polygon': '(1,2),(3,4)' }, 'a polygon needs at least 3 points'],
    [{ 'geofilter.polygon': '1,2,3,4,5,6' }, 'expected (latitude,longitude)'],
    [{ sort: 'coordinates' }, 'cannot be sorted'],
    [{ facet: 'coordinates' }, 'cannot be a facet'],
  ])('airports %j → %s', async (params, message) => {
    const body = await search({ dataset: 'airports', ...params } as Params);
    expect(body.error_code).toBe('InvalidRESTParameterError');
    expect(body.message).toContain(message);
  });

  it('names the facet parameter of a value that is no period', async () => {
    const body = await search({ dataset: 'seattle-weather', 'exclude.date': '2014/13' });
    expect(body.message).toBe(
      'Invalid value for exclude.date API parameter: 2014/13 was found but a period: YYYY, YYYY/MM or YYYY/MM/DD is expected.',
    );
  });

  it('needs one known dataset', async () => {
    expect((await search({})).message).toContain('The dataset API parameter is missing');
    expect((await search({ dataset: ['penguins', 'movies'] })).message).toContain('a single value');
    expect((await search({ dataset: 'no-such-dataset' }, 404)).error_code).toBe('NotFoundResource');
  });

  it('keeps quotes and SQL in values as data', async () => {
    const hostile = await v1Records({ dataset: 'movies', q: `title:"x'); DROP TABLE movies; --"`, rows: 0 });
    expect(hostile.nhits).toBe(0);
    const exact = await v1Records({ dataset: 'movies', q: `#exact(title, "Bob's \\"big\\" day")`, rows: 0 });
    expect(exact.nhits).toBe(0);
    expect((await v1Records({ dataset: 'movies', rows: 0 })).nhits).toBe(3201);
  });

  it('reports what the compiler finds in terms of q', async () => {
    const body = await search({ dataset: 'movies', q: 'release_date>=#now(years=-100000)' });
    expect(body.error_code).toBe('ODSQLError');
    expect(body.message).toMatch(/^Invalid q parameter: /);
  });
});

describe('v1 datasets search refuses bad input', () => {
  it.each([
    [{ q: 'records_count>many' }, 'Field records_count is numeric'],
    [{ q: 'metas:x' }, 'Field metas cannot be queried'],
    [{ sort: 'issued' }, 'sort'],
    [{ facet: 'dataset_id' }, 'facet'],
    [{ rows: -2 }, 'rows'],
  ])('%j → %s', async (params, message) => {
    expect((await refused('datasets/1.0/search/', params as Params)).message).toContain(message);
  });
});
