import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureDataset } from '../testing/access-fixture';
import { PUBLIC_DATASET, type SmallServer, startSmallServer } from '../testing/small-server';

/*
 * The explorer's page as the server writes it for an address: the code the page needs named in its
 * head, and the first API answers of a dataset page inside it, equal to what the API answers.
 */

const ID = PUBLIC_DATASET.descriptor.dataset_id;
const INDEX = `<!doctype html><html lang="en"><head><script type="module" src="/assets/index-a.js"></script></head><body><div id="root"></div></body></html>`;
const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_runtime.js'] },
  _runtime: { file: 'assets/runtime-r.js' },
  '_views.js': { file: 'assets/views-v.js', imports: ['index.html'], css: ['assets/views-v.css'] },
  'src/app/root.tsx': { file: 'assets/root-b.js', imports: ['_views.js', 'index.html'] },
  'src/app/views/TableTab.tsx': {
    file: 'assets/TableTab-c.js',
    imports: ['_views.js'],
    css: ['assets/t.css'],
  },
  'src/app/map/MapTab.tsx': { file: 'assets/MapTab-m.js', imports: ['_views.js'] },
  '_markdown.js': { file: 'assets/markdown-k.js' },
  'src/app/embed/root.tsx': { file: 'assets/root-e.js', imports: ['_views.js', 'index.html'] },
  'src/app/embed/EmbedMap.tsx': { file: 'assets/EmbedMap-e.js', imports: ['_views.js'] },
  'src/app/components/DatasetCard.tsx': {
    file: 'assets/DatasetCard-d.js',
    imports: ['_views.js', '_markdown.js', 'index.html'],
  },
};

/** More points than the map draws one by one: its Map tab fits on their clusters. */
const POINTS: FixtureDataset = {
  descriptor: {
    dataset_id: 'page-points',
    source: 'points.csv',
    metas: { title: 'Points' },
    fields: [
      { name: 'name', type: 'text', label: 'Name' },
      { name: 'place', type: 'geo_point_2d', label: 'Place' },
    ],
    geo_point: { lat: 'lat', lon: 'lon', field: 'place' },
  },
  file: {
    name: 'points.csv',
    content: `name,lat,lon\n${Array.from({ length: 6_000 }, (_, i) => `p${i},${45 + (i % 60) / 10},${2 + (i % 70) / 10}`).join('\n')}\n`,
  },
};

let server: SmallServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'explore-page-'));
  await mkdir(join(staticDir, '.vite'), { recursive: true });
  await writeFile(join(staticDir, 'index.html'), INDEX);
  await writeFile(join(staticDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  server = await startSmallServer({ STATIC_DIR: staticDir }, Date.now, [POINTS]);
});

afterAll(async () => {
  await server?.close();
  await rm(staticDir, { recursive: true, force: true });
});

/** The page's inline answers: address → body. */
function inlineAnswers(html: string): Map<string, unknown> {
  const answers = new Map<string, unknown>();
  for (const match of html.matchAll(
    /<script type="application\/json" data-explorer-url="([^"]+)">(.*?)<\/script>/gs,
  )) {
    answers.set(match[1]!.replace(/&amp;/g, '&'), JSON.parse(match[2]!));
  }
  return answers;
}

describe('the explorer page of a dataset', () => {
  it('carries the first answers of the table, equal to the API’s, in the language asked', async () => {
    const response = await fetch(`${server.origin}/datasets/${ID}/table`, {
      headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8', 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<html lang="fr">');
    const answers = inlineAnswers(html);
    const api = `/api/explore/v2.1/catalog/datasets/${ID}`;
    const records = `${api}/records?limit=100&offset=0&lang=fr&include_links=true`;
    expect([...answers.keys()]).toEqual([`${api}?lang=fr`, records]);
    const alone = await (await fetch(`${server.origin}${records}`)).json();
    expect(answers.get(records)).toEqual(alone);
    expect((answers.get(records) as { total_count: number }).total_count).toBe(2);
  });

  it('names the code of the app and of the tab in its head, once each', async () => {
    const html = await (await fetch(`${server.origin}/datasets/${ID}/table`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const preloads = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
    expect(preloads.map((m) => m[1])).toEqual([
      '/assets/views-v.js',
      '/assets/root-b.js',
      '/assets/TableTab-c.js',
    ]);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/t.css">');
    expect(head.match(/index-a\.js/g)).toHaveLength(1);
  });

  it('names the cards’ code, with the Markdown parser, on the catalog only', async () => {
    const preloads = async (path: string) => {
      const html = await (await fetch(`${server.origin}${path}`)).text();
      return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    };
    expect(await preloads('/')).toEqual([
      '/assets/views-v.js',
      '/assets/root-b.js',
      '/assets/markdown-k.js',
      '/assets/DatasetCard-d.js',
    ]);
    expect(await preloads(`/datasets/${ID}/table`)).not.toContain('/assets/markdown-k.js');
  });

  it('names the map’s code on the Map tab', async () => {
    const html = await (await fetch(`${server.origin}/datasets/${ID}/map`)).text();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/MapTab-m.js">');
  });

  it('carries where a dataset of many points is, for its map to fit on, equal to the API’s answer', async () => {
    const api = '/api/explore/v2.1/catalog/datasets/page-points';
    const extent = `${api}/records?select=count(*)%20as%20count&group_by=geo_cluster(place,%206,%2040)%20as%20cluster&limit=20000&lang=en`;
    const answers = inlineAnswers(await (await fetch(`${server.origin}/datasets/page-points/map`)).text());
    expect([...answers.keys()]).toEqual([`${api}?lang=en`, `${api}/records?limit=0&lang=en`, extent]);
    const alone = (await (await fetch(`${server.origin}${extent}`)).json()) as { results: unknown[] };
    expect(answers.get(extent)).toEqual(alone);
    expect(alone.results.length).toBeGreaterThan(1);
    // A dataset without points, and another tab: nothing follows the first answers.
    expect(inlineAnswers(await (await fetch(`${server.origin}/datasets/${ID}/map`)).text()).size).toBe(2);
    expect(
      inlineAnswers(await (await fetch(`${server.origin}/datasets/page-points/table`)).text()).size,
    ).toBe(2);
  });

  it('follows the language of the address, then the remembered one', async () => {
    const fromAddress = inlineAnswers(
      await (
        await fetch(`${server.origin}/datasets/${ID}/map?lang=en`, {
          headers: { cookie: 'explorer_lang=fr' },
        })
      ).text(),
    );
    expect([...fromAddress.keys()]).toContain(
      `/api/explore/v2.1/catalog/datasets/${ID}/records?limit=0&lang=en`,
    );
    const remembered = inlineAnswers(
      await (
        await fetch(`${server.origin}/datasets/${ID}/map`, { headers: { cookie: 'a=b; explorer_lang=fr' } })
      ).text(),
    );
    expect([...remembered.keys()]).toContain(`/api/explore/v2.1/catalog/datasets/${ID}?lang=fr`);
  });

  it('leaves out what the explorer asks for itself: filtered pages, unknown datasets', async () => {
    const filtered = await (await fetch(`${server.origin}/datasets/${ID}/table?q=Lyon`)).text();
    expect(inlineAnswers(filtered).size).toBe(0);
    expect(filtered).toContain('rel="modulepreload"');
    const unknown = await fetch(`${server.origin}/datasets/no-such-dataset/table`);
    expect(unknown.status).toBe(200);
    expect(inlineAnswers(await unknown.text()).size).toBe(0);
  });

  it('escapes what would close its script element', async () => {
    const html = await (await fetch(`${server.origin}/datasets/${ID}/table`)).text();
    const data = html.slice(html.indexOf('data-explorer-url'));
    expect(data.match(/<\/script>/g)).toHaveLength(2);
  });
});

describe('framing', () => {
  it('refuses every frame to the explorer’s pages', async () => {
    for (const path of [
      '/',
      `/datasets/${ID}/table`,
      `/datasets/${ID}/map?location=4,45,2`,
      '/no-such-page',
    ]) {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
      await response.arrayBuffer();
    }
  });

  it('lets any site frame an embedded view, and names the embed’s code, not the explorer’s', async () => {
    const response = await fetch(`${server.origin}/embed/${ID}/map?card=0&lock=1&location=4,45,2`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe('frame-ancestors *');
    expect(response.headers.get('x-frame-options')).toBeNull();
    const html = await response.text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(preloads).toEqual(['/assets/views-v.js', '/assets/root-e.js', '/assets/EmbedMap-e.js']);
    // A view the embed does not have is the explorer's page like any unknown address: not framed.
    const other = await fetch(`${server.origin}/embed/${ID}/export`);
    expect(other.headers.get('x-frame-options')).toBe('DENY');
    await other.arrayBuffer();
  });
});
