import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '../testing/access-fixture';
import { type SmallServer, startSmallServer } from '../testing/small-server';
import { type Capture, capture, loadCaptures, truncations } from './captures';
import { at, dumps, shapeDifferences, withAt } from './compare';
import { conformanceDatasets } from './datasets';

/*
 * Every capture of the conformance corpus (captures/README.md) replayed against a server holding the
 * datasets it was taken on (datasets.ts), on the clock of the Vancouver recordings (their quota headers
 * say the day ends 2026-08-18 00:00 UTC) and under the portal's address (links are built on it).
 *
 * - Raw captures (classes A and B) are held byte for byte against the service's JSON text (compare.ts),
 *   CSV exactly, with their headers; where a value is one of the live portal's (an id, a processing
 *   time, a count of records the fixture does not hold), it is named in `live` and only its kind is
 *   compared; truncated arrays are cut the same way and their full length checked.
 * - Printed output (class C), documentation examples (class D) and raw captures of a portal whose
 *   values the fixtures do not recreate are held by shape: keys, their order and the kinds of values.
 * Each entry that is not compared whole says why, here and in docs/conformance.md.
 */

const PORTAL = 'https://opendata.vancouver.ca';
/** When the Vancouver recordings were made (capture 01's Date header). */
const RECORDED_AT = Date.UTC(2026, 7, 17, 2, 40, 33);
const ORIGIN_HEADER = { origin: 'https://widgets.example.org' };

const captures = loadCaptures();
let server: SmallServer;
/** A server whose quotas run out at once, for the 429 bodies (44, 45). */
let quotaServer: SmallServer;

beforeAll(async () => {
  server = await startSmallServer(
    { PUBLIC_URL: PORTAL, QUOTA_ANONYMOUS_CALLS: '15000', QUOTA_CALLS: '15000', QUOTA_PERIOD: 'day' },
    () => RECORDED_AT,
    conformanceDatasets(captures),
    new Set(['UTC', 'Europe/Paris']),
  );
  quotaServer = await startSmallServer(
    { QUOTA_ANONYMOUS_CALLS: '1', QUOTA_CALLS: '1', QUOTA_PERIOD: 'day' },
    () => RECORDED_AT,
  );
}, 600_000);

afterAll(async () => {
  await server?.close();
  await quotaServer?.close();
});

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: Buffer;
  readonly text: string;
}

async function call(
  url: string,
  init: { origin?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const target = url.replace('{base_url}', init.origin ?? server.origin);
  const response = await fetch(new URL(target), { headers: { ...ORIGIN_HEADER, ...init.headers } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

/** Headers the capture kept, compared as they are (the quota's counts by form only). */
function expectHeaders(c: Capture, answer: Answer): void {
  for (const [name, value] of Object.entries(c.response_headers ?? {})) {
    // Compression depends on the client and the body's size (the server compresses from 1 KB).
    if (name === 'content-encoding') continue;
    const actual = answer.headers.get(name);
    if (name === 'x-ratelimit-remaining') expect(actual, name).toMatch(/^\d+$/);
    else expect(actual, name).toBe(value);
  }
}

/** Removes the elisions of documentation examples (`"/* ... *\/"`) and of browser viewers. */
function withoutElisions(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== '/* ... */').map(withoutElisions);
  if (value === '__ELIDED_BY_BROWSER__') return null;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutElisions(v)]));
  }
  return value;
}

interface Case {
  /** How the answer is held against the capture. */
  readonly mode: 'bytes' | 'export-array' | 'text' | 'error' | 'shape';
  /** The request when the capture's cannot be replayed as it is (and why, in `because`). */
  readonly url?: () => Promise<string>;
  /** Paths whose values are the live portal's: only their kind is compared. */
  readonly live?: readonly string[];
  /** Paths of the capture the server does not write, and paths of the answer the capture lacks. */
  readonly notInAnswer?: readonly string[];
  readonly notInCapture?: readonly string[];
  readonly unordered?: boolean;
  /** Paths whose objects are a portal's values (compared as values, not by their keys). */
  readonly opaque?: RegExp;
  readonly server?: 'quota';
  readonly key?: string;
  /** Why the capture is not compared whole (listed in docs/conformance.md too). */
  readonly because?: string;
}

const LIVE_PROCESSING = [
  '$.dataset_uid',
  '$.metas.default.data_processed',
  '$.metas.default.metadata_processed',
];
const CUSTOM_TEMPLATE =
  'the `custom` metadata template is the portal’s own configuration (no descriptor key sets it)';

/** What each capture is, and how it is compared (by file number). */
const CASES: Readonly<Record<string, Case>> = {
  '01': {
    mode: 'bytes',
    live: [...LIVE_PROCESSING, '$.metas.default.modified_updates_on_data_change'],
    notInAnswer: ['$.metas.custom'],
    because: `uid and processing times are the portal's; ${CUSTOM_TEMPLATE}`,
  },
  '02': {
    mode: 'bytes',
    live: [
      ...LIVE_PROCESSING,
      '$.metas.default.modified_updates_on_data_change',
      '$.metas.default.records_count',
      '$.metas.default.geographic_reference_auto',
    ],
    notInAnswer: ['$.metas.custom'],
    because: `the fixture holds 5 of its 1,553,146 records; ${CUSTOM_TEMPLATE}`,
  },
  '03': { mode: 'bytes' },
  '04': { mode: 'export-array' },
  '05': { mode: 'bytes' },
  '06': {
    mode: 'shape',
    because: 'the facets of a live catalog of 150 datasets, with the portal’s own custom.* facets',
  },
  '07': { mode: 'text' },
  '08': { mode: 'text' },
  '09': {
    mode: 'text',
    because: 'a live catalog: its header is compared, without the portal’s custom.* template',
  },
  '10': { mode: 'text', because: 'the body is not stored (binary): headers and the FlatGeobuf magic number' },
  '28': {
    mode: 'shape',
    notInAnswer: ['$._links'],
    notInCapture: ['$.links', '$.attachments[0].metas.url', '$.attachments[0].metas.id'],
    because:
      'documentation example: it writes `_links` where every real capture writes `links`; attachments also carry their url and id (the client’s types)',
  },
  '29': { mode: 'error' },
  '30': { mode: 'error' },
  '31': { mode: 'error' },
  '32': {
    mode: 'shape',
    opaque: /\.annotations$/,
    because: 'the live catalog of another portal (campbelltown): its datasets and their field annotations',
  },
  '33': {
    mode: 'shape',
    notInAnswer: ['$.dataset.metas.custom', '$.dataset.fields[2].annotations.timeserie_precision'],
    because:
      'the `custom` template was added by hand to this test file (its notes); `timeserie_precision` is not a descriptor annotation',
  },
  '34': {
    mode: 'shape',
    unordered: true,
    because:
      'a portal’s live records (timestamps, ids); v2.0 writes a record’s fields in an order of its own, neither the select’s nor the dataset’s (35’s notes): this server follows the select',
  },
  '35': {
    mode: 'shape',
    unordered: true,
    because:
      'a portal’s live records; the order of a group’s keys is neither the select’s nor the dataset’s (its notes)',
  },
  '36': {
    mode: 'shape',
    url: async () => {
      const list = await call('{base_url}/api/v2/catalog/datasets/doc-geonames-cities-5000/records?limit=1');
      const id = (JSON.parse(list.text) as { records: { record: { id: string } }[] }).records[0]!.record.id;
      return `{base_url}/api/v2/catalog/datasets/doc-geonames-cities-5000/records/${id}`;
    },
    notInCapture: ['$.links'],
    because:
      'documentation example: record ids are hashes of the fixture’s records; the docs leave out the `links` the real API returns (its notes)',
  },
  '37': { mode: 'shape', because: 'the live catalog of another portal' },
  '38': {
    mode: 'shape',
    url: async () => '{base_url}/api/v2/catalog/facets?refine=modified:2020&facet=modified',
    because:
      'documentation example eliding the other facet groups: the replay asks for the modified facet only',
  },
  '39': {
    mode: 'shape',
    unordered: true,
    because:
      'documentation example with elisions; it orders a group’s keys timezone, count(*), country_code where the server follows the select',
  },
  '40': {
    mode: 'shape',
    notInCapture: ['$.records[*].record_timestamp', '$.parameters.dataset'],
    notInAnswer: ['$.parameters.dataset'],
    because:
      'a saved v1 answer: its values are the portal’s, record_timestamp trimmed by its author (its notes); this 2019 answer echoes dataset as a list, newer ones as a string (42, 43)',
  },
  '41': {
    mode: 'shape',
    url: async () =>
      '{base_url}/api/records/1.0/search/?dataset=commodity-prices&q=&refine.date=1984%2F12&start=0',
    unordered: true,
    notInCapture: [
      '$.records[*].record_timestamp',
      '$.parameters.dataset',
      '$.facet_groups[0].facets[0].facets[0].facets',
    ],
    notInAnswer: ['$.parameters.dataset'],
    because:
      'the federated id `commodity-prices@public` cannot be a dataset id here (and this 2017 answer echoes it as a list); its dates are months, so the refined month lists no days; `start` is echoed only when sent (40, 42), so the replay sends it; v1 captures disagree on the key order of facet values (40, 41, 43); record_timestamp trimmed by its author',
  },
  '42': {
    mode: 'shape',
    because: 'a saved v1 answer (pretty-printed by its author): its values are the portal’s',
  },
  '43': {
    mode: 'shape',
    url: async () =>
      '{base_url}/api/records/1.0/search/?dataset=vlille-realtime&q=&facet=libelle&facet=nom&facet=commune&facet=etat&facet=type&facet=etatconnexion&timezone=Europe%2FParis&start=0',
    unordered: true,
    because:
      'copied from a browser viewer, which reorders keys and elides long lists; the API console that made it sends start=0, which the answer echoes',
  },
  '44': { mode: 'shape', server: 'quota', key: KEYS.all.key, because: 'documentation example (no live 429)' },
  '45': { mode: 'shape', server: 'quota', because: 'documentation example (no live 429)' },
};

for (let n = 11; n <= 27; n++) {
  (CASES as Record<string, Case>)[String(n)] = {
    mode: 'shape',
    because: 'printed notebook output of a live portal (values are the portal’s)',
  };
}

function caseOf(c: Capture): Case {
  const found = CASES[c.name.slice(0, 2)];
  if (!found) throw new Error(`capture ${c.name} has no case`);
  return found;
}

async function replay(c: Capture, how: Case): Promise<Answer> {
  const url = how.url ? await how.url() : c.request.url;
  const origin = how.server === 'quota' ? quotaServer.origin : server.origin;
  const headers: Record<string, string> = how.key ? { authorization: `Apikey ${how.key}` } : {};
  if (how.server === 'quota') await call(url, { origin, headers });
  return call(url, { origin, headers });
}

/** The capture with the live portal's values replaced by the answer's (their kinds must agree). */
function expectedBody(c: Capture, how: Case, actual: unknown): unknown {
  let expected = c.response;
  for (const path of how.live ?? []) {
    const ours = at(actual, path);
    const theirs = at(expected, path);
    expect(ours === null || theirs === null || typeof ours === typeof theirs, `kind of ${path}`).toBe(true);
    expected = withAt(expected, path, ours);
  }
  for (const path of how.notInAnswer ?? []) expected = withAt(expected, path, undefined);
  return expected;
}

/** The answer cut where the capture was cut, after checking the full lengths. */
function truncated(c: Capture, actual: unknown): unknown {
  let cut = actual;
  for (const t of truncations(c.notes)) {
    const items = at(actual, t.path) as unknown[];
    expect(items, t.path).toHaveLength(t.of);
    cut = withAt(cut, t.path, items.slice(0, t.kept));
  }
  return cut;
}

describe('the conformance corpus', () => {
  it('has a case for every capture', () => {
    expect(captures).toHaveLength(45);
    for (const c of captures) expect(() => caseOf(c)).not.toThrow();
  });

  for (const c of captures) {
    const how = caseOf(c);
    it(`${c.name} (${how.mode}${how.because ? `: ${how.because}` : ''})`, async () => {
      const answer = await replay(c, how);
      expect(answer.status, answer.text.slice(0, 300)).toBe(c.status);
      expectHeaders(c, answer);
      switch (how.mode) {
        case 'bytes': {
          // The service's text: what the answer parses to, written by Python's json.dumps…
          const parsed: unknown = JSON.parse(answer.text);
          expect(answer.text).toBe(dumps(parsed));
          // …holding the captured values.
          expect(dumps(truncated(c, parsed))).toBe(dumps(expectedBody(c, how, parsed)));
          break;
        }
        case 'export-array': {
          // Records joined by a bare comma, each written by json.dumps (capture 04's raw body).
          const parsed = JSON.parse(answer.text) as unknown[];
          expect(answer.text).toBe(`[${parsed.map(dumps).join(',')}]`);
          expect(dumps(truncated(c, parsed))).toBe(dumps(c.response));
          break;
        }
        case 'error':
          // Pretty-printed with a 2-space indent, error_code first (captures 29, 30).
          expect(answer.text).toBe(JSON.stringify(c.response, null, 2));
          break;
        case 'text':
          if (c.name.startsWith('09')) {
            const header = (c.response as string).split('\n')[0]!.split(';');
            const theirs = header.filter((h) => !h.startsWith('custom.') && !h.includes('…'));
            const ours = answer.text.split('\r\n')[0]!.split(';');
            expect(ours.slice(0, theirs.length - 1)).toEqual(theirs.slice(0, -1));
            expect(ours.at(-1)).toBe('datasetid');
          } else if (c.name.startsWith('10')) {
            expect(answer.bytes.subarray(0, 7).toString('latin1')).toBe('fgb\x03fgb');
          } else {
            expect(answer.text).toBe(c.response);
          }
          break;
        case 'shape': {
          let actual: unknown = JSON.parse(answer.text);
          for (const path of how.notInCapture ?? []) actual = withAt(actual, path, undefined);
          const expected = withoutElisions(expectedBody(c, how, actual));
          const options = {
            unordered: how.unordered === true,
            ...(how.opaque ? { opaque: how.opaque } : {}),
          };
          expect(shapeDifferences(actual, expected, options)).toEqual([]);
          break;
        }
      }
    });
  }

  it('answers every geo_cluster group without a limit (capture 26: 14 groups, more than the default 10)', async () => {
    const c = capture(captures, '26');
    const all = JSON.parse((await call(c.request.url)).text) as { results: unknown[] };
    const limited = JSON.parse((await call(`${c.request.url}&limit=100`)).text) as { results: unknown[] };
    expect(all.results.length).toBeGreaterThan(10);
    expect(all.results).toEqual(limited.results);
  });

  it('answers a v1 facet on a number field that is no facet with no values (capture 40)', async () => {
    const answer = await call(capture(captures, '40').request.url);
    const groups = (JSON.parse(answer.text) as { facet_groups: { name: string; facets: unknown[] }[] })
      .facet_groups;
    expect(groups.map((g) => [g.name, g.facets.length > 0])).toEqual([
      ['name', false],
      ['end_date', true],
      ['start_date', true],
      ['home_team', true],
      ['away_team', true],
    ]);
  });

  it('leaves the year of a refined v1 month displayed, the month refined (capture 41)', async () => {
    const answer = await call(
      '{base_url}/api/records/1.0/search/?dataset=commodity-prices&refine.date=1984%2F12',
    );
    const [year] = (JSON.parse(answer.text) as { facet_groups: { facets: Record<string, unknown>[] }[] })
      .facet_groups[0]!.facets;
    const [month] = year!.facets as Record<string, unknown>[];
    expect([year!.path, year!.state, month!.path, month!.state]).toEqual([
      '1984',
      'displayed',
      '1984/12',
      'refined',
    ]);
  });

  it('escapes non-ASCII in v1 answers as the raw capture does (42: Pyr\\u00e9n\\u00e9es)', async () => {
    const answer = await call('{base_url}/api/records/1.0/search/?dataset=velib-emplacement-des-stations');
    expect(answer.text).toContain('"name": "Pyr\\u00e9n\\u00e9es - M\\u00e9nilmontant"');
    expect(answer.text).not.toMatch(/[^\x20-\x7e]/);
  });
});
