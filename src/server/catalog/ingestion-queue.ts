import type { Planned } from './plan';

/**
 * The datasets waiting to be ingested, ingested one at a time in the background by `ingest`; `settle`
 * runs whenever the queue runs dry.
 */
export class IngestionQueue {
  private readonly waiting = new Map<string, Planned>();
  private running: Promise<void> | undefined;
  /** The ingestion running now. */
  private current: Planned | undefined;
  private closed = false;

  constructor(
    private readonly ingest: (plan: Planned) => Promise<void>,
    private readonly settle: () => void,
  ) {}

  get size(): number {
    return this.waiting.size;
  }

  /** Something runs or waits. */
  get busy(): boolean {
    return this.running !== undefined || this.waiting.size > 0;
  }

  /** Queues the dataset (replacing a plan queued earlier for it). */
  set(plan: Planned): void {
    this.waiting.set(plan.entry.descriptor.dataset_id, plan);
  }

  /** The dataset is queued or being ingested as of `fingerprint`. */
  holds(datasetId: string, fingerprint: string): boolean {
    return (
      this.waiting.get(datasetId)?.fingerprint === fingerprint || this.current?.fingerprint === fingerprint
    );
  }

  /** Forgets the queued datasets not in `present` (their descriptor is gone). */
  keepOnly(present: ReadonlySet<string>): void {
    for (const id of this.waiting.keys()) if (!present.has(id)) this.waiting.delete(id);
  }

  /** Starts the ingestion loop unless it runs. */
  kick(): void {
    if (this.running || this.closed) return;
    if (this.waiting.size === 0) {
      this.settle();
      return;
    }
    this.running = (async () => {
      while (this.waiting.size > 0 && !this.closed) {
        const [id, plan] = this.waiting.entries().next().value as [string, Planned];
        this.waiting.delete(id);
        this.current = plan;
        await this.ingest(plan);
        this.current = undefined;
        // Lets requests run between datasets.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })().finally(() => {
      this.running = undefined;
      if (this.waiting.size > 0 && !this.closed) this.kick();
      else this.settle();
    });
  }

  /** Starts no other ingestion (the one running finishes: see `finished`). */
  close(): void {
    this.closed = true;
  }

  /** Resolves once the ingestion running now is done. */
  async finished(): Promise<void> {
    await this.running;
  }
}
