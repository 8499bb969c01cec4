import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '../testing/access-fixture';
import { type SmallServer, startSmallServer } from '../testing/small-server';

/*
 * The catalog is live: a restricted dataset that appears while the server runs must be hidden at once
 * like the ones present at start (access is decided from the current catalog, not a start-up list).
 */

const LATE_ID = 'auth-late-secret';

describe('a restricted dataset added while the server runs', () => {
  let server: SmallServer;

  beforeAll(async () => {
    server = await startSmallServer({});
  });

  afterAll(async () => {
    await server?.close();
  });

  const call = async (path: string, key?: string): Promise<{ status: number; body: unknown }> => {
    const res = await fetch(`${server.origin}/api/explore/v2.1${path}`, {
      headers: key === undefined ? {} : { authorization: `Apikey ${key}` },
    });
    return { status: res.status, body: await res.json() };
  };

  it('is readable only with a key that grants it', async () => {
    await writeFile(join(server.dataDir, 'datasets', 'late.csv'), 'code,amount\nA,1\nB,2\n');
    await writeFile(
      join(server.dataDir, 'datasets', `${LATE_ID}.json`),
      JSON.stringify({
        dataset_id: LATE_ID,
        visibility: 'restricted',
        source: 'late.csv',
        metas: { title: 'Late secret' },
      }),
    );
    let found = false;
    for (let i = 0; i < 400 && !found; i++) {
      found = (await call(`/catalog/datasets/${LATE_ID}`, KEYS.all.key)).status === 200;
      if (!found) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(found).toBe(true);
    const records = `/catalog/datasets/${LATE_ID}/records`;
    expect((await call(records, KEYS.all.key)).status).toBe(200);
    expect((await call(records)).status).toBe(401);
    expect((await call(records, KEYS.granted.key)).status).toBe(401);
    // The catalog table is rebuilt shortly after the swap; the row stays hidden from callers without a grant.
    for (let i = 0; i < 100; i++) {
      const listed = (await call(`/catalog/datasets?where=dataset_id%3D%22${LATE_ID}%22`, KEYS.all.key))
        .body as {
        total_count: number;
      };
      if (listed.total_count === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const anonymous = (await call(`/catalog/datasets?where=dataset_id%3D%22${LATE_ID}%22`)).body as {
      total_count: number;
    };
    expect(anonymous.total_count).toBe(0);
    const other = (await call(`/catalog/datasets?where=dataset_id%3D%22${LATE_ID}%22`, KEYS.other.key))
      .body as {
      total_count: number;
    };
    expect(other.total_count).toBe(0);
    const all = (await call(`/catalog/datasets?where=dataset_id%3D%22${LATE_ID}%22`, KEYS.all.key)).body as {
      total_count: number;
    };
    expect(all.total_count).toBe(1);
  }, 120_000);
});
