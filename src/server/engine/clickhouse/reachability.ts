import type { Logger } from '../../backend/logger';
import { EngineUnavailableError, isEngineUnavailable } from '../errors';

/*
 * Whether the cluster answers, as the server's background jobs find it: the reads of the live versions,
 * of the catalog's rows and of the usage counts run every second, and a write that failed is tried
 * again. With a node down each of them failed every second, which logged about four lines a second for
 * the whole outage. Here the outage is logged when it starts (naming the node where ClickHouse says
 * which) and when it ends, once each: it ends when every job that met it has run again without failing.
 * Only jobs that run again by themselves report here; a one-off call (a request's query, a quota read)
 * cannot tell when the cluster is back, and its caller stays quiet about an unreachable node instead.
 */

export interface JobReport {
  succeeded(): void;
  failed(error: unknown): void;
}

export class ClusterReachability {
  /** Jobs whose last run met the cluster unreachable. */
  private readonly failing = new Set<string>();
  /** Nodes already named during this outage. */
  private readonly named = new Set<string>();
  private since = 0;

  constructor(
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a job has met the cluster unreachable and not run since without failing. */
  get unreachable(): boolean {
    return this.failing.size > 0;
  }

  /**
   * A run of `job` failed. An unreachable node is recorded (logged if it starts the outage or names
   * another node) and true is returned; any other failure is the caller's to log.
   */
  failed(job: string, error: unknown): boolean {
    if (!isEngineUnavailable(error)) return false;
    const node = error instanceof EngineUnavailableError ? error.node : undefined;
    const starts = this.failing.size === 0;
    this.failing.add(job);
    if (starts) {
      this.since = this.now();
      this.named.clear();
    }
    const known = node === undefined ? !starts : this.named.has(node);
    if (node !== undefined) this.named.add(node);
    if (known) return true;
    const what = node === undefined ? 'the cluster is unreachable' : `node ${node} is unreachable`;
    this.log.warn(
      `ClickHouse: ${what} (${reason(error.message)}, met by ${job}); requests that need it answer 503 until it is back`,
    );
    return true;
  }

  /** A run of `job` went through: the outage ends with the last job that met it. */
  succeeded(job: string): void {
    if (!this.failing.delete(job) || this.failing.size > 0) return;
    const seconds = Math.round((this.now() - this.since) / 1000);
    this.log.info(`ClickHouse: the cluster is reachable again (after ${seconds} s)`);
  }

  /** `job`'s outcomes, with `otherwise` for its failures that are not an unreachable node. */
  job(job: string, otherwise: (error: unknown) => void): JobReport {
    return {
      succeeded: () => this.succeeded(job),
      failed: (error) => {
        if (!this.failed(job, error)) otherwise(error);
      },
    };
  }
}

/** What went wrong on the wire, out of ClickHouse's text (a 279 lists each try) or Node's. */
const REASON =
  /Connection refused|Connection reset by peer|Timeout exceeded[^,(\n]*|timed out|Attempt to read after eof|Host not found[^,(\n]*|\b(?:ECONN[A-Z]+|E[A-Z]*UNREACH|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|UND_ERR_[A-Z_]+)\b/;

function reason(message: string): string {
  const found = REASON.exec(message)?.[0];
  if (found) return found.trim();
  const line = message.split('\n', 1)[0]!.trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
