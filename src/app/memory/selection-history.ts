/*
 * Undo and redo of the changes of a dataset page's selection: filters, query, sort, columns, tab, map
 * position, chart. The address is the whole state, so the history is a list of addresses, one per
 * dataset (each page keeps its own), without the open record (opening one is reading, not selecting).
 * A run of map moves counts as one change; the map's first fit, which writes where it looks into a state
 * that did not say, is no change at all (undoing it would only unfit the map).
 */

/** Moves of the map closer in time than this are one change. */
const MAP_RUN_MS = 1500;
const MAX_ENTRIES = 100;

interface Entry {
  readonly href: string;
  /** The state it holds, without the open record: equal states are one entry. */
  readonly key: string;
  readonly at: number;
}

/** An address's state for the history: path and parameters, the open record left out. */
export function selectionKey(href: string): string {
  const url = new URL(href, 'http://explorer.local');
  url.searchParams.delete('record');
  url.searchParams.sort();
  return `${url.pathname}?${url.searchParams.toString()}`;
}

/** The address without its open record, written as it was (its parameters' order and escapes). */
function withoutRecord(href: string): string {
  const [path, query = ''] = href.split('?', 2) as [string, string?];
  const kept = query.split('&').filter((part) => part !== '' && !part.startsWith('record='));
  return kept.length === 0 ? path : `${path}?${kept.join('&')}`;
}

const withoutLocation = (key: string): string => {
  const url = new URL(key, 'http://explorer.local');
  url.searchParams.delete('location');
  return url.toString();
};

/** Whether two states differ only by where the map looks. */
function onlyMapMoved(a: string, b: string): boolean {
  return a !== b && withoutLocation(a) === withoutLocation(b);
}

/** Whether `b` is `a` with the place the map was fitted on: `a` had none, and nothing else changed. */
function mapPlaced(a: string, b: string): boolean {
  const hasLocation = (key: string) => new URL(key, 'http://explorer.local').searchParams.has('location');
  return !hasLocation(a) && hasLocation(b) && onlyMapMoved(a, b);
}

export class SelectionHistory {
  private entries: Entry[] = [];
  private index = -1;

  /**
   * A state the page went to: a new entry unless it is the current one (or an undo's). An address that
   * `amends` the current one (the same selection with a default written out) takes its place.
   */
  visit(address: string, now: number, amends = false): void {
    const key = selectionKey(address);
    const href = withoutRecord(address);
    const current = this.entries[this.index];
    if (current?.key === key) return;
    if (current && (amends || mapPlaced(current.key, key))) {
      this.entries[this.index] = { href, key, at: amends ? now : current.at };
      return;
    }
    const previous = this.entries[this.index - 1];
    // A map moving on: the run so far is replaced, not added to.
    if (
      current &&
      previous &&
      onlyMapMoved(current.key, key) &&
      onlyMapMoved(previous.key, current.key) &&
      now - current.at < MAP_RUN_MS
    ) {
      this.entries[this.index] = { href, key, at: now };
      return;
    }
    this.entries = [...this.entries.slice(0, this.index + 1), { href, key, at: now }].slice(-MAX_ENTRIES);
    this.index = this.entries.length - 1;
  }

  get canUndo(): boolean {
    return this.index > 0;
  }

  get canRedo(): boolean {
    return this.index < this.entries.length - 1;
  }

  /** The address to go back to, the history moving with it. */
  undo(): string | undefined {
    if (!this.canUndo) return undefined;
    this.index--;
    return this.entries[this.index]!.href;
  }

  redo(): string | undefined {
    if (!this.canRedo) return undefined;
    this.index++;
    return this.entries[this.index]!.href;
  }
}
