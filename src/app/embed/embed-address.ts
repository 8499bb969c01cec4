import { type EmbedView, withSearch } from '../routes/paths';

/*
 * The address of an embedded view: `/embed/<dataset id>/<table|map|analyze>?<the view's state>` and its
 * options, written only when they differ from the default, so that the shortest snippet is the usual one:
 *   card=0    no dataset card (title, record count, link) above the view
 *   lock=1    a map that cannot be moved or zoomed (it stays on its `location`)
 *   wheel=1   a map that zooms with the scroll wheel (off by default: a page scrolling past an
 *             embedded map should not get caught in it)
 * The view's state is the explorer's own (filters, query, sort, `location`, `chart.*`), so the same
 * parameters open the same view in both.
 */

export interface EmbedOptions {
  readonly card: boolean;
  readonly lock: boolean;
  readonly wheel: boolean;
}

export const DEFAULT_EMBED_OPTIONS: EmbedOptions = { card: true, lock: false, wheel: false };

/** The options' address keys: the explorer's own state never uses them. */
export const EMBED_OPTION_KEYS = ['card', 'lock', 'wheel'] as const;

const ON = new Set(['1', 'true', 'yes', 'on']);
const OFF = new Set(['0', 'false', 'no', 'off']);

function readSwitch(raw: string | null, fallback: boolean): boolean {
  const text = (raw ?? '').trim().toLowerCase();
  return ON.has(text) ? true : OFF.has(text) ? false : fallback;
}

export function readEmbedOptions(search: URLSearchParams): EmbedOptions {
  return {
    card: readSwitch(search.get('card'), DEFAULT_EMBED_OPTIONS.card),
    lock: readSwitch(search.get('lock'), DEFAULT_EMBED_OPTIONS.lock),
    wheel: readSwitch(search.get('wheel'), DEFAULT_EMBED_OPTIONS.wheel),
  };
}

/** The view's state alone: the address without the embed's options. */
export function viewState(search: URLSearchParams): URLSearchParams {
  const keys: readonly string[] = EMBED_OPTION_KEYS;
  return new URLSearchParams([...search].filter(([key]) => !keys.includes(key)));
}

/** The options in an address; the map's own only for a map, where they mean something. */
export function writeEmbedOptions(search: URLSearchParams, view: EmbedView, options: EmbedOptions): void {
  if (options.card !== DEFAULT_EMBED_OPTIONS.card) search.set('card', options.card ? '1' : '0');
  if (view !== 'map') return;
  if (options.lock !== DEFAULT_EMBED_OPTIONS.lock) search.set('lock', options.lock ? '1' : '0');
  // A locked map does not zoom at all: the wheel's option would say nothing.
  if (!options.lock && options.wheel !== DEFAULT_EMBED_OPTIONS.wheel)
    search.set('wheel', options.wheel ? '1' : '0');
}

/** The embedded view's address: its state, then its options. */
export function embedPath(
  datasetId: string,
  view: EmbedView,
  search: URLSearchParams,
  options: EmbedOptions,
): string {
  const next = viewState(search);
  writeEmbedOptions(next, view, options);
  return withSearch(`/embed/${encodeURIComponent(datasetId)}/${view}`, next);
}
