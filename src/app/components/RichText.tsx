import DOMPurify from 'dompurify';
import { createElement, Fragment, type ReactNode, useMemo } from 'react';
import { markdownToHtml } from '../format/markdown';
import { looksLikeHtml } from '../format/text';

/*
 * Dataset descriptions are HTML or Markdown written by publishers of any portal. Markdown becomes HTML
 * (marked); the HTML is cleaned by DOMPurify to the tags below, then rebuilt as React elements from the
 * same allow-list, so no script, style, event handler or foreign markup survives either step.
 */

const ALLOWED = new Set([
  'p',
  'br',
  'div',
  'span',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'code',
  'pre',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'sub',
  'sup',
]);
/** Headings inside a description sit below the page's own headings. */
const HEADING_SHIFT: Readonly<Record<string, string>> = { h1: 'h3', h2: 'h3', h3: 'h4', h4: 'h5', h5: 'h6' };
const VOID = new Set(['br', 'hr']);

function safeHref(href: string | null): string | undefined {
  if (href === null) return undefined;
  try {
    const url = new URL(href, window.location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:'
      ? url.href
      : undefined;
  } catch {
    return undefined;
  }
}

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = Array.from(element.childNodes, (child, i) => toReact(child, i));
  if (!ALLOWED.has(tag)) return createElement(Fragment, { key }, ...children);
  const name = HEADING_SHIFT[tag] ?? tag;
  if (VOID.has(tag)) return createElement(name, { key });
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    if (!href) return createElement(Fragment, { key }, ...children);
    return createElement('a', { key, href, target: '_blank', rel: 'noreferrer noopener' }, ...children);
  }
  return createElement(name, { key }, ...children);
}

export function RichText({ text, className }: { readonly text: string; readonly className?: string }) {
  const content = useMemo(() => {
    const html = looksLikeHtml(text) ? text : markdownToHtml(text);
    const clean = DOMPurify.sanitize(html, { ALLOWED_TAGS: [...ALLOWED], ALLOWED_ATTR: ['href'] });
    const doc = new DOMParser().parseFromString(clean, 'text/html');
    return Array.from(doc.body.childNodes, (child, i) => toReact(child, i));
  }, [text]);
  return <div className={className}>{content}</div>;
}
