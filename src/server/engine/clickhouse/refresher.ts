import type { JobReport } from './reachability';

/**
 * A read of the cluster's shared state, made again every `everyMs` and whenever asked, one at a time:
 * asked while one is under way, the caller joins it, so reads never pile up behind a slow node.
 */
export class Refresher {
  private running: Promise<void> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly read: () => Promise<void>,
    private readonly everyMs: number,
    /** How each periodic read went (one asked for fails its caller instead). */
    private readonly report: JobReport,
  ) {}

  now(): Promise<void> {
    this.running ??= this.read().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  start(): void {
    this.timer = setInterval(
      () =>
        void this.now().then(
          () => this.report.succeeded(),
          (error: unknown) => this.report.failed(error),
        ),
      this.everyMs,
    );
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  get started(): boolean {
    return this.timer !== undefined;
  }
}
