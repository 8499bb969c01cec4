/*
 * The disk every spooled export shares (EXPORT_SPOOL_MB). Spools take it in grants before they write and
 * give each segment's bytes back once their reader has read it (spool.ts), so what is counted is what
 * is on disk plus what spools were granted and have not written yet: the folder never holds more.
 */
export class SpoolBudget {
  private used = 0;
  private peakUsed = 0;
  private listeners: (() => void)[] = [];

  constructor(readonly limit: number) {}

  /** Bytes granted and not given back (on disk, or about to be). */
  get inUse(): number {
    return this.used;
  }

  /** The most ever in use at once. */
  get peak(): number {
    return this.peakUsed;
  }

  /** Takes `bytes` if they are free. */
  tryTake(bytes: number): boolean {
    if (this.used + bytes > this.limit) return false;
    this.used += bytes;
    this.peakUsed = Math.max(this.peakUsed, this.used);
    return true;
  }

  give(bytes: number): void {
    if (bytes <= 0) return;
    this.used = Math.max(0, this.used - bytes);
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }

  /** Resolves at the next `give`: room may have come back. */
  given(): Promise<void> {
    return new Promise((resolve) => this.listeners.push(resolve));
  }
}
