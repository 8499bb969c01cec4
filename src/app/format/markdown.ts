import { marked } from 'marked';
import { looksLikeHtml, stripMarkup } from './text';

/*
 * Markdown descriptions, as HTML (the Information tab) or as a card's plain excerpt (the catalog). Its
 * own chunk, with the parser: marked builds its grammar as it loads (10-20 ms of a page's start), which
 * the table and the other tabs never need.
 */

/** Markdown (plain text is Markdown too: its paragraphs are kept) as HTML, to be sanitised before use. */
export function markdownToHtml(text: string): string {
  return marked.parse(text, { async: false, gfm: true }) as string;
}

/** At most `max` characters of plain text, cut at a word boundary; Markdown marks (`code`, **bold**) go. */
export function excerpt(text: string, max = 220): string {
  const plain = stripMarkup(looksLikeHtml(text) ? text : markdownToHtml(text));
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:–—-]+$/, '')}…`;
}
