import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api';
import { createGetFile } from '../../api/transport';
import { type DownloadProgress, fetchExport, filenameFromDisposition, formatBytes } from './download';

function streamOf(chunks: readonly string[], failAfter?: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (failAfter !== undefined && i === failAfter) {
        controller.error(new TypeError('network error'));
        return;
      }
      if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]));
      else controller.close();
    },
  });
}

const fakeFetch =
  (response: Response): typeof fetch =>
  async () =>
    response;
const getFile = (fetchImpl: typeof fetch) => createGetFile({ fetch: fetchImpl });

describe('fetchExport', () => {
  it('reports the bytes as they arrive and returns the whole file with its name', async () => {
    const progress: DownloadProgress[] = [];
    const response = new Response(streamOf(['a;b\n', '1;2\n', '3;4\n']), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-length': '12',
        'content-disposition': 'attachment; filename="movies.csv"',
      },
    });
    const file = await fetchExport('http://x/exports/csv', {
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p),
      getFile: getFile(fakeFetch(response)),
    });
    expect(file.filename).toBe('movies.csv');
    expect(await file.blob.text()).toBe('a;b\n1;2\n3;4\n');
    expect(progress.map((p) => p.bytes)).toEqual([0, 4, 8, 12]);
    expect(progress.at(-1)?.totalBytes).toBe(12);
  });

  it('turns an error answer into the API error it describes', async () => {
    const response = new Response(
      JSON.stringify({ error_code: 'ODSQLError', message: 'ODSQL query is malformed: Unknown field: nope.' }),
      { status: 400, headers: { 'content-type': 'application/json' } },
    );
    const failure = fetchExport('http://x/exports/csv', {
      signal: new AbortController().signal,
      onProgress: () => {},
      getFile: getFile(fakeFetch(response)),
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, errorCode: 'ODSQLError' });
  });

  it('refuses to return a file the server cut short', async () => {
    const response = new Response(streamOf(['a;b\n', '1;2\n'], 1));
    await expect(
      fetchExport('http://x/exports/csv', {
        signal: new AbortController().signal,
        onProgress: () => {},
        getFile: getFile(fakeFetch(response)),
      }),
    ).rejects.toMatchObject({ errorCode: 'IncompleteExport' });
  });

  it('says the portal is unreachable when nothing answers', async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(
      fetchExport('http://closed.example/exports/csv', {
        signal: new AbortController().signal,
        onProgress: () => {},
        getFile: getFile(failing),
      }),
    ).rejects.toMatchObject({ errorCode: 'NetworkError' });
  });
});

describe('filenameFromDisposition', () => {
  it('reads plain and extended names, and never a path', () => {
    expect(filenameFromDisposition('attachment; filename="flights.csv"')).toBe('flights.csv');
    expect(filenameFromDisposition('attachment; filename=flights.zip')).toBe('flights.zip');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''donn%C3%A9es.csv")).toBe('données.csv');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition(null)).toBeUndefined();
    expect(filenameFromDisposition('inline')).toBeUndefined();
  });
});

describe('formatBytes', () => {
  it('scales to the unit people read', () => {
    expect(formatBytes(999, 'en-US')).toBe('999 bytes');
    expect(formatBytes(12_345, 'en-US')).toBe('12.3 KB');
    expect(formatBytes(150_000_000, 'en-US')).toBe('150 MB');
  });
});
