import { loadavg } from 'node:os';
import {
  type HeavyFigures,
  heavyScenario,
  type KindFigure,
  type LoadFigures,
  loadRun,
  type SlowReaderFigures,
  slowReaderScenario,
} from './load';
import { writeResultsSection } from './results-file';
import { residentMiB, startServer, stopServer } from './server';
import { fmt } from './stats';

/*
 * Issue 13's figures: cheap requests beside heavy ones, small exports beside stalled ones, and a
 * realistic load. Each scenario runs against the real server started from the bench's data folder.
 */

export interface FairnessFigures {
  readonly heavyDefault: HeavyFigures;
  readonly heavyAllAdmitted: HeavyFigures;
  readonly slow: SlowReaderFigures;
  readonly load: LoadFigures;
  /** The server's own account of its result cache after the load (its log line). */
  readonly cache: string;
  /** The same load against a server without result cache: what scheduling alone gives. */
  readonly loadNoCache: LoadFigures;
  readonly loadAverage: string;
  /** `uptime`-like load averages before the load runs. */
  readonly loadAverageBefore: string;
}

const loadAverageNow = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** Error lines of a server's log (a 500 is logged with its stack), for the console. */
function reportErrors(label: string, log: string): void {
  const lines = log.split('\n').filter((l) => / error /.test(l));
  if (lines.length > 0)
    console.log(`${label}: ${lines.length} error line(s) logged:\n${lines.slice(0, 5).join('\n')}`);
}

/** The last "result cache: …" line of a server's log. */
function cacheLine(log: string): string {
  const lines = [...log.matchAll(/result cache: (.*)/g)];
  return lines.at(-1)?.[1]?.trim() ?? 'not reported';
}

export async function fairnessBench(dataDir: string): Promise<FairnessFigures> {
  const seconds = Number(process.env.LOAD_SECONDS ?? 60);
  const connections = Number(process.env.LOAD_CONNECTIONS ?? 50);
  const scenarioSeconds = Number(process.env.HEAVY_SECONDS ?? 20);

  // All eight heavy queries admitted (running or queued in the heavy lane): the lanes alone protect.
  const open = await startServer(dataDir, { HEAVY_PER_CLIENT: '8' });
  let heavyAllAdmitted: HeavyFigures;
  try {
    heavyAllAdmitted = await heavyScenario(open.origin, 8, scenarioSeconds);
  } finally {
    await stopServer(open);
  }
  console.log(`8 heavy admitted: ${line(heavyAllAdmitted.cheap)} (alone ${line(heavyAllAdmitted.baseline)})`);

  const server = await startServer(dataDir);
  let heavyDefault: HeavyFigures;
  let slow: SlowReaderFigures;
  let load: LoadFigures;
  let loadAverageBefore: string;
  try {
    heavyDefault = await heavyScenario(server.origin, 8, scenarioSeconds);
    console.log(`8 heavy, default limits: ${line(heavyDefault.cheap)}`);
    const pid = server.process.pid!;
    slow = await slowReaderScenario(server.origin, () => residentMiB(pid));
    console.log(`slow readers: ${line(slow.small)}, memory +${Math.round(slow.memoryAboveIdleMiB)} MiB`);
    await new Promise((r) => setTimeout(r, 2000));
    loadAverageBefore = loadAverageNow();
    console.log(`load: ${connections} connections for ${seconds} s (load average ${loadAverageBefore})…`);
    load = await loadRun(server.origin, { seconds, connections, heavyConnections: 4 });
    console.log(`load: ${load.requests} requests, ${load.errors} errors, ${load.perSecond.toFixed(0)}/s`);
  } finally {
    await stopServer(server);
  }
  reportErrors('server', server.log());
  const cache = cacheLine(server.log());
  console.log(`result cache: ${cache}`);

  // Scheduling alone: every query runs in the engine (identical ones in flight still share a run).
  const uncached = await startServer(dataDir, { RESULT_CACHE_MB: '0' });
  let loadNoCache: LoadFigures;
  try {
    console.log(`load without result cache: ${connections} connections for ${seconds} s…`);
    loadNoCache = await loadRun(uncached.origin, { seconds, connections, heavyConnections: 4 });
    console.log(
      `load without result cache: ${loadNoCache.requests} requests, ${loadNoCache.errors} errors, ${loadNoCache.perSecond.toFixed(0)}/s`,
    );
  } finally {
    await stopServer(uncached);
  }
  reportErrors('server without result cache', uncached.log());
  const loadAverage = loadAverageNow();
  return { heavyDefault, heavyAllAdmitted, slow, load, cache, loadNoCache, loadAverage, loadAverageBefore };
}

function line(f: KindFigure): string {
  return `p50 ${fmt(f.p50)} ms, p99 ${fmt(f.p99)} ms (${f.count} requests, ${f.errors} errors)`;
}

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const statuses = (s: Readonly<Record<string, number>>) =>
  Object.entries(s)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');

export function renderFairness(f: FairnessFigures, machine: string): string {
  const heavyRow = (label: string, h: HeavyFigures) =>
    `| ${label} | ${h.cheap.count} | ${h.cheap.errors} | ${fmt(h.cheap.p50)} | ${fmt(h.cheap.p99)} | ${fmt(h.baseline.p99)} | ${statuses(h.heavy)} | ${verdict(h.cheap.errors === 0 && h.cheap.p99 <= 250)} |`;
  const kindRows = (load: LoadFigures) =>
    load.kinds
      .map((k) => {
        const target =
          k.kind === 'page' || k.kind === 'facets' ? verdict(k.errors === 0 && k.p99 <= 1000) : '';
        const errors = k.errors === 0 ? '0' : `${k.errors} (${statuses(k.failures)})`;
        return `| ${k.kind} | ${k.count} | ${errors} | ${fmt(k.p50)} | ${fmt(k.p99)} | ${target} |`;
      })
      .join('\n');
  const loadTable = (
    load: LoadFigures,
  ) => `${load.requests} requests (${load.perSecond.toFixed(0)}/s), ${load.errors} errors (target 0: ${verdict(load.errors === 0)}). Heavy client's answers: ${statuses(load.heavy)}.

| kind | requests | errors | p50 ms | p99 ms | target (p99 ≤ 1 s, no error) |
|---|---|---|---|---|---|
${kindRows(load)}`;
  return `## Fairness and load (issue 13)

Produced by \`npm run bench -- load\` (also part of \`npm run bench\`). Machine: ${machine}; the
machine was shared with other work while measuring (load average at the end: ${f.loadAverage}).
Clients are told apart by source address (127.0.0.x); everything runs on loopback. The targets assume a
machine otherwise idle: here the cheap requests alone, before any heavy work, already had p99
${fmt(f.heavyAllAdmitted.baseline.p99)} and ${fmt(f.heavyDefault.baseline.p99)} ms (column "p99 alone"), which is what the machine's own load costs.
To measure on a quiet machine: \`npm run bench -- load\` (ingests the default catalog into a temporary
folder first; \`BENCH_DATA_DIR=<a data folder already ingested>\` skips that, \`LOAD_SECONDS\` and
\`LOAD_CONNECTIONS\` change the load run).

How the server shares the engine (README, "Fair sharing"): lanes of connections by estimated cost
(cheap, scan, heavy, export); within a lane, waiting queries ordered by fair queueing (shortest
estimated work first, clients in turn, interactive pages and facets before aggregations and exports for
up to 2 s, one connection of a lane kept for interactive work); per-client limits on heavy and scan
requests and large exports (429); a result cache with single flight keyed by dataset version, compiled
query and access (RESULT_CACHE_MB); queries interrupted when their client goes.

Heavy queries: one client keeps 8 \`flights/records?where=origin like '*a*a*a*a*a*a*a*a*a*a*'\` in flight
(each answer is followed at once by another, each one with another letter or number of wildcards, so
that none is answered from the result cache or shares a run) for ${f.heavyDefault.seconds} s, while another client asks for
\`penguins/records?limit=1\` and \`penguins/facets\` one after the other. Target: cheap p99 ≤ 250 ms.

| server | cheap requests | errors | p50 ms | p99 ms | p99 alone ms | heavy client's answers | target |
|---|---|---|---|---|---|---|---|
${heavyRow('HEAVY_PER_CLIENT=8 (all 8 admitted: 1 runs, 7 queue)', f.heavyAllAdmitted)}
${heavyRow('defaults (HEAVY_PER_CLIENT=4: the rest get 429)', f.heavyDefault)}

Slow readers: two whole CSV exports of flights whose clients read nothing, then ${f.slow.small.count} exports of
\`airports/exports/csv?limit=10\` from another client, one after the other.

| figure | value | target |
|---|---|---|
| small export beside two stalled ones | p50 ${fmt(f.slow.small.p50)} ms, p99 ${fmt(f.slow.small.p99)} ms, ${f.slow.small.errors} errors | prompt |
| server memory with the two stalled | +${Math.round(f.slow.memoryAboveIdleMiB)} MiB above idle | ≤ 250 MiB: ${verdict(f.slow.memoryAboveIdleMiB <= 250)} |

Load: ${f.load.connections} connections from as many client addresses for ${f.load.seconds} s, each sending the
next request as soon as the last is answered, from a fixed seeded mix (bench/load.ts \`pick\`): 10% catalog
pages and 5% catalog facets; 25% record pages at offsets 0 to 980 (35% of them on flights, 3M
records); 7% flights pages filtered on one of 4 origins and sorted by delay; 5% flights full-text search;
16% dataset facets (35% on flights) and 5% flights facets refined on an origin; 12% group_by
aggregations on flights; 15% 100-row CSV exports. Plus one more client on ${f.load.heavyConnections} connections sending only
heavy text-matching queries on flights, each one different (the letter and the number of wildcards vary,
so none is answered from the cache), waiting \`Retry-After\` when told. Load average just before: ${f.loadAverageBefore}.

With the defaults (result cache of RESULT_CACHE_MB=32):
${loadTable(f.load)}

The server's result cache after this run: ${f.cache}.

The same load against a server started with \`RESULT_CACHE_MB=0\` (every query runs in the engine; only
identical queries in flight at the same moment share a run): what queue order and lanes give alone.
${loadTable(f.loadNoCache)}
`;
}

const HEADING = '## Fairness and load (issue 13)';

/** Puts the section in RESULTS.md in place of its previous version (or at the end). */
export function writeFairnessSection(section: string): void {
  writeResultsSection(HEADING, section);
}
