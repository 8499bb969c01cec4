import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUrls } from '../../api';
import { KEYS, RESTRICTED_ID } from '../../server/testing/access-fixture';
import { origin } from '../../server/testing/http';
import { shellQuote, snippet } from './snippets';

/*
 * The snippets are run for real, by the shell, Node and Python, against the test server: a snippet
 * that reads well but does not run is worse than none.
 */

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'snippets-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function recordsUrl(): string {
  // A value with a quote, spaces and an accent: the quoting of every language is exercised.
  return createUrls(origin()).records('movies', {
    select: 'title',
    where: `title like "l'été" OR title = "Pulp Fiction"`,
    limit: 5,
  });
}

describe('shellQuote', () => {
  it('keeps every character literal, single quotes included', async () => {
    const hostile = `it's $(rm -rf /) \`x\` "y" \\ ; & |`;
    const { stdout } = await run('bash', ['-c', `printf %s ${shellQuote(hostile)}`]);
    expect(stdout).toBe(hostile);
  });
});

describe('snippets run as written', () => {
  it('curl prints the records', async () => {
    const { stdout } = await run('bash', ['-c', snippet('curl', recordsUrl())]);
    const body = JSON.parse(stdout) as { results: { title: string }[] };
    expect(body.results.map((r) => r.title)).toContain('Pulp Fiction');
  });

  it('JavaScript fetches the records', async () => {
    const { stdout } = await run('node', ['--input-type=module', '-e', snippet('javascript', recordsUrl())]);
    expect(stdout).toContain('Pulp Fiction');
  });

  it('Python fetches the records', async () => {
    const { stdout } = await run('python3', ['-c', snippet('python', recordsUrl())]);
    expect(stdout).toContain('Pulp Fiction');
  });

  it('each language saves a file when asked to', async () => {
    const url = createUrls(origin()).records('penguins', { limit: 1 });
    for (const language of ['curl', 'javascript', 'python'] as const) {
      const saveAs = join(dir, `${language}.json`);
      const code = snippet(language, url, { saveAs });
      if (language === 'curl') await run('bash', ['-c', code]);
      if (language === 'javascript') await run('node', ['--input-type=module', '-e', code]);
      if (language === 'python') await run('python3', ['-c', code]);
      const saved = JSON.parse(await readFile(saveAs, 'utf8')) as { total_count: number };
      expect(saved.total_count).toBe(344);
    }
  });

  it('sends the key from the environment, never from the snippet text', async () => {
    // The test server holds a restricted dataset: only a key that grants it reads it.
    const url = createUrls(origin()).records(RESTRICTED_ID, { limit: 1 });
    for (const language of ['curl', 'javascript', 'python'] as const) {
      const code = snippet(language, url, { apiKey: true });
      expect(code).not.toContain(KEYS.granted.key);
      const command = language === 'curl' ? 'bash' : language === 'javascript' ? 'node' : 'python3';
      const args =
        language === 'curl'
          ? ['-c', code]
          : language === 'javascript'
            ? ['--input-type=module', '-e', code]
            : ['-c', code];
      const granted = await run(command, args, {
        env: { ...process.env, EXPLORE_API_KEY: KEYS.granted.key },
      });
      expect(granted.stdout, language).toContain('total_count');
      await expect(
        run(command, args, { env: { ...process.env, EXPLORE_API_KEY: KEYS.other.key } }),
        language,
      ).rejects.toThrow(/401/);
    }
  });

  it('fails loudly on an error answer instead of printing it as data', async () => {
    const bad = createUrls(origin()).records('movies', { where: 'no_such_field = 1' });
    await expect(run('bash', ['-c', snippet('curl', bad)])).rejects.toMatchObject({ code: 22 });
    await expect(run('python3', ['-c', snippet('python', bad)])).rejects.toThrow(/HTTP Error 400/);
    await expect(run('node', ['--input-type=module', '-e', snippet('javascript', bad)])).rejects.toThrow(
      /400/,
    );
  });
});
