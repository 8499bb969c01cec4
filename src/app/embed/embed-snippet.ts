/*
 * The HTML a page on another site pastes to show an embedded view: an iframe of a fixed size, with a
 * title for screen readers (an iframe is announced by it).
 */

export interface EmbedSize {
  readonly width: number;
  readonly height: number;
}

export const SIZE_PRESETS = {
  small: { width: 400, height: 300 },
  medium: { width: 640, height: 480 },
  large: { width: 960, height: 600 },
} as const satisfies Readonly<Record<string, EmbedSize>>;
export type SizePreset = keyof typeof SIZE_PRESETS;
export const DEFAULT_SIZE: SizePreset = 'medium';

/** Below this a view shows nothing useful; above it no screen has room. */
export const MIN_SIDE = 200;
export const MAX_SIDE = 4000;

/** A side typed by hand, in whole pixels within bounds; undefined when it is not a number. */
export function readSide(text: string): number | undefined {
  if (!/^\s*\d+(\.\d+)?\s*$/.test(text)) return undefined;
  return Math.min(MAX_SIDE, Math.max(MIN_SIDE, Math.round(Number(text))));
}

const attribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function embedSnippet(src: string, title: string, size: EmbedSize): string {
  return (
    `<iframe src="${attribute(src)}" width="${size.width}" height="${size.height}" ` +
    `title="${attribute(title)}" style="border: 0" loading="lazy" allowfullscreen></iframe>`
  );
}
