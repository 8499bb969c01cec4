import type { FailureKind } from '../ingest/ingest';
import type { Logger } from '../ingest/logger';
import type { CatalogEntry, CatalogProblem } from './sources';
import type { StoredFailure } from './store';

/**
 * Why datasets are left out: descriptor problems of the last scan, and failed ingestions with the
 * fingerprint they failed at (a data failure is not tried again until its files or descriptor change).
 */
export class DatasetProblems {
  /** Failed ingestions by dataset id (data failures of earlier runs too). */
  readonly failures = new Map<string, StoredFailure>();
  /** Failed ingestions (and unreadable files) by dataset id. */
  readonly ingest = new Map<string, CatalogProblem>();
  /** Descriptor problems of the last scan. */
  scan: readonly CatalogProblem[] = [];

  constructor(private readonly log: Logger) {}

  all(): readonly CatalogProblem[] {
    return [...this.scan, ...this.ingest.values()];
  }

  /** Notes that the dataset could not be ingested; `log`: says so in the log. */
  report(entry: CatalogEntry, reason: string, kind: FailureKind, log: boolean): void {
    const id = entry.descriptor.dataset_id;
    this.ingest.set(id, { origin: entry.origin, datasetId: id, reason });
    if (!log) return;
    const what =
      kind === 'machine'
        ? 'machine failure: tried again at the next start'
        : 'data failure: kept until its files or descriptor change';
    this.log.error(`dataset ${id} (${entry.origin}) skipped: ${reason} [${what}]`);
  }

  /** The dataset is served as its descriptor says: nothing is wrong with it any more. */
  cleared(datasetId: string): void {
    this.failures.delete(datasetId);
    this.ingest.delete(datasetId);
  }

  /** A logger for the next scan that does not repeat descriptor problems already reported. */
  scanLog(): Logger {
    return this.scan.length === 0 ? this.log : quietAbout(this.log, this.scan);
  }
}

/** A logger that does not repeat descriptor problems already reported by an earlier scan. */
function quietAbout(log: Logger, known: readonly CatalogProblem[]): Logger {
  const seen = new Set(known.map((p) => p.origin));
  return {
    info: (m) => log.info(m),
    warn: (m) => log.warn(m),
    error: (m) => {
      if (![...seen].some((origin) => m.includes(origin))) log.error(m);
    },
  };
}
