import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface RunningServer {
  readonly process: ChildProcess;
  readonly origin: string;
  /** From spawn to "listening". */
  readonly readyMs: number;
  /** The server's own log. */
  readonly log: () => string;
}

/** Starts the real server (the `npm start` entry point) and waits until it listens. */
export async function startServer(
  dataDir: string,
  env: Readonly<Record<string, string>> = {},
): Promise<RunningServer> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      // BENCH_SERVER_NODE_ARGS: Node flags for the servers started, e.g. `--cpu-prof --cpu-prof-dir=…`
      // to profile them (Node refuses --cpu-prof in NODE_OPTIONS).
      ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--require',
      './src/server/threadpool.cjs',
      '--import',
      'tsx',
      'src/server/main.ts',
    ],
    {
      // BENCH_PORT keeps a shared machine's runs on their own port; 0 picks any free one.
      env: {
        ...process.env,
        PORT: process.env.BENCH_PORT ?? '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /Explore API: (http:\/\/\S+?)\/api\/explore\/v2\.1\//.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { process: child, origin, readyMs: performance.now() - started, log: () => output };
}

export async function stopServer(server: RunningServer): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

/** Resident memory of a process, in MiB (Linux). */
export function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** CPU seconds (user and system, all threads) a process has used so far (Linux). */
export function cpuSeconds(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Waits until the server's log matches `pattern`; returns the match. */
export async function waitForLog(
  server: RunningServer,
  pattern: RegExp,
  timeoutMs = 3_600_000,
): Promise<RegExpExecArray> {
  const until = Date.now() + timeoutMs;
  // Only the text logged since the last look (and the line it ended in) is read again: the log of a
  // first ingestion of 100,000 datasets is tens of MB, read whole ten times a second by a bench that
  // shares the machine's cores with the server it measures.
  let from = 0;
  for (;;) {
    const log = server.log();
    const match = pattern.exec(from === 0 ? log : log.slice(from));
    if (match) return match;
    from = Math.max(0, log.lastIndexOf('\n') + 1);
    if (server.process.exitCode !== null) throw new Error(`server exited:\n${server.log()}`);
    if (Date.now() > until)
      throw new Error(`no log line ${pattern} in ${timeoutMs} ms:\n${server.log().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Highest resident memory of a process while `work` runs, in MiB. */
export async function peakResidentMiB<T>(pid: number, work: () => Promise<T>): Promise<[T, number]> {
  let peak = 0;
  const sample = (): void => {
    try {
      peak = Math.max(peak, residentMiB(pid));
    } catch {
      // The process is gone.
    }
  };
  const timer = setInterval(sample, 200);
  try {
    const result = await work();
    sample();
    return [result, peak];
  } finally {
    clearInterval(timer);
  }
}
