import { connect, type Socket } from 'node:net';
import { loadavg } from 'node:os';
import { loopbackOrigin } from './load';
import { writeResultsSection } from './results-file';
import { startServer, stopServer } from './server';
import { fmt, percentile } from './stats';

/*
 * Slow downloads (spooled exports, README "Slow clients"): twenty clients read a large export at about
 * 1 KB/s, each from its own loopback address (so that per-client limits do not refuse them), while a
 * 21st client downloads the same export whole, several times. Without spools the twenty held every
 * connection of the export lane for as long as they read (hours); with them, each holds its spool file
 * only. The server runs with its default settings.
 */

const API = '/api/explore/v2.1';
/**
 * About 11 MB of CSV (the publisher's export that started this work was 13 MB), 166,000 records: a
 * filter, whose first rows come at once (a `limit` over flights reads the whole table first).
 */
const EXPORT = `${API}/catalog/datasets/flights/exports/csv?where=${encodeURIComponent('origin="ORD"')}`;
const READERS = 20;
const READER_BYTES_PER_S = 1024;
const DOWNLOADS = 5;

export interface DownloadTimes {
  readonly firstByteMs: readonly number[];
  readonly totalMs: readonly number[];
  readonly bytes: number;
}

export interface SlowDownloadFigures {
  readonly readers: number;
  readonly path: string;
  readonly alone: DownloadTimes;
  readonly beside: DownloadTimes;
  /** Readers answered 200, and still connected when the downloads beside them were done. */
  readonly readersAnswered: number;
  readonly readersConnected: number;
  /** Bytes the twenty had read by then, all together. */
  readonly readersBytes: number;
  /** The server's own account of its spools when it stopped (its log line). */
  readonly spool: string;
  /** The machine's 1-minute load average before and after. */
  readonly loadAverage: readonly [number, number];
}

/** A client reading a download at about `bytesPerSecond` from `address`, its socket paused between reads. */
function slowReader(url: URL, path: string, address: string) {
  let received = 0;
  let connected = true;
  let onStatus: (line: string) => void = () => {};
  const status = new Promise<string>((resolve) => {
    onStatus = resolve;
  });
  const socket: Socket = connect({ host: url.hostname, port: Number(url.port), localAddress: address }, () =>
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`),
  );
  socket.on('readable', () => {});
  socket.on('error', () => {});
  socket.on('close', () => {
    connected = false;
    onStatus('closed');
  });
  const tick = setInterval(() => {
    const n = Math.min(socket.readableLength, READER_BYTES_PER_S / 10);
    const chunk: Buffer | null = n > 0 ? socket.read(n) : null;
    if (!chunk) return;
    if (received === 0) onStatus(chunk.toString('latin1').split('\r\n')[0] ?? '');
    received += chunk.length;
  }, 100);
  return {
    status,
    received: () => received,
    connected: () => connected,
    stop: () => {
      clearInterval(tick);
      socket.destroy();
    },
  };
}

/** `count` whole downloads one after the other: first body byte and end, in ms after each request. */
async function downloads(url: URL, count: number): Promise<DownloadTimes> {
  const firstByteMs: number[] = [];
  const totalMs: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(new URL(EXPORT, url), { headers: { 'Accept-Encoding': 'identity' } });
    if (res.status !== 200) throw new Error(`download: HTTP ${res.status} ${await res.text()}`);
    const reader = res.body!.getReader();
    bytes = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      if (bytes === 0) firstByteMs.push(performance.now() - started);
      bytes += next.value.byteLength;
    }
    totalMs.push(performance.now() - started);
  }
  return { firstByteMs, totalMs, bytes };
}

export async function slowDownloadsBench(dataDir: string): Promise<SlowDownloadFigures> {
  const loadBefore = loadavg()[0]!;
  const server = await startServer(dataDir);
  const url = loopbackOrigin(server.origin);
  const readers: ReturnType<typeof slowReader>[] = [];
  let figures: Omit<SlowDownloadFigures, 'spool' | 'loadAverage'>;
  try {
    const alone = await downloads(url, DOWNLOADS);
    console.log(`download alone: first byte p50 ${fmt(percentile([...alone.firstByteMs], 50))} ms`);
    // One after the other, each once the previous one is answered: twenty queries sent at once would
    // wait for the export lane, the last ones longer than QUEUE_WAIT_MS on a loaded machine.
    const statuses: string[] = [];
    for (let i = 0; i < READERS; i++) {
      const reader = slowReader(url, EXPORT, `127.0.1.${10 + i}`);
      readers.push(reader);
      statuses.push(await reader.status);
    }
    const readersAnswered = statuses.filter((s) => s.startsWith('HTTP/1.1 200')).length;
    if (readersAnswered < READERS) console.log(`slow readers answered: ${statuses.join(', ')}`);
    // The last queries finish writing their spools.
    await new Promise((r) => setTimeout(r, 2000));
    const beside = await downloads(url, DOWNLOADS);
    console.log(
      `download beside ${READERS} slow readers (${readersAnswered} answered 200): first byte p50 ${fmt(percentile([...beside.firstByteMs], 50))} ms`,
    );
    figures = {
      readers: READERS,
      path: EXPORT,
      alone,
      beside,
      readersAnswered,
      readersConnected: readers.filter((r) => r.connected()).length,
      readersBytes: readers.reduce((n, r) => n + r.received(), 0),
    };
  } finally {
    for (const reader of readers) reader.stop();
    await new Promise((r) => setTimeout(r, 500));
    await stopServer(server);
  }
  const spool = /export spool: (.*)/.exec(server.log())?.[1]?.trim() ?? 'not reported';
  console.log(`export spool: ${spool}`);
  return { ...figures, spool, loadAverage: [loadBefore, loadavg()[0]!] };
}

const HEADING = '## Slow downloads (spooled exports)';

export function renderSlowDownloads(f: SlowDownloadFigures, machine: string): string {
  const p50 = (values: readonly number[]) => fmt(percentile([...values], 50));
  const max = (values: readonly number[]) => fmt(Math.max(...values));
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  const row = (label: string, t: DownloadTimes) =>
    `| ${label} | ${p50(t.firstByteMs)} | ${max(t.firstByteMs)} | ${p50(t.totalMs)} | ${max(t.totalMs)} |`;
  const met = Math.max(...f.beside.firstByteMs) <= 1000 && f.readersConnected === f.readers;
  return `${HEADING}

Produced by \`npm run bench -- downloads\` (also part of \`npm run bench\`), against the server with its
default settings (4 export connections, \`EXPORT_SPOOL_MB=1024\`). Machine: ${machine}; shared with other
work while measuring (load average ${f.loadAverage[0].toFixed(1)} before, ${f.loadAverage[1].toFixed(1)} after). Date: ${new Date().toISOString().slice(0, 10)}.
${f.readers} clients, each from its own loopback address, read \`${f.path}\` (${mb(f.alone.bytes)} MB of CSV) at
about 1 KB/s (started one after the other, each once the previous one was answered: ${f.readersAnswered} of ${f.readers} with 200);
2 s after the last one, a ${f.readers + 1}st client downloaded the same export whole, ${f.beside.firstByteMs.length} times one after the
other; the same downloads alone before.
Before spools, the first four readers held the four export connections for as long as they read (3.6 hours
for 13 MB at 1 KB/s) and every other large export waited \`QUEUE_WAIT_MS\`, then got 503.
Target: the ${f.readers + 1}st download's first byte within 1 s, the readers still reading: ${met ? 'met' : '**missed**'}.

| ${f.readers + 1}st download | first byte p50 ms | first byte max ms | whole p50 ms | whole max ms |
|---|---|---|---|---|
${row('alone', f.alone)}
${row(`while ${f.readers} readers at 1 KB/s hold large exports`, f.beside)}

The readers were still connected at the end (${f.readersConnected} of ${f.readers}), having read ${Math.round(f.readersBytes / 1024)} KB together.
The server's account of its spools when it stopped: \`${f.spool}\`.
`;
}

/** Puts the section in RESULTS.md in place of its previous version (or after the fairness section). */
export function writeSlowDownloadsSection(section: string): void {
  writeResultsSection(HEADING, section, '## Scale (issue 12)');
}
