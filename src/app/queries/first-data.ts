/*
 * The answers the server wrote inside the page (src/server/explorer/page.ts): its first API requests,
 * as `<script type="application/json" data-explorer-url>` elements. The explorer's client of the
 * page's own server reads each from there once, instead of asking; a request the server did not
 * foresee (another language, filters), or asked again later, goes to the network.
 */

let answers: Map<string, string> | undefined;

/**
 * Once the whole page is parsed, its answers included. The entry script runs as soon as it has loaded
 * (`async`), while the server may still be writing the answers at the end of the page: a request
 * waits for them rather than going to the network for an answer on its way.
 */
export const pageParsed: Promise<void> =
  typeof document === 'undefined' || document.readyState !== 'loading'
    ? Promise.resolve()
    : new Promise((resolve) =>
        document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }),
      );

function pageAnswers(): Map<string, string> {
  if (answers) return answers;
  answers = new Map();
  if (typeof document === 'undefined') return answers;
  for (const script of document.querySelectorAll<HTMLScriptElement>('script[data-explorer-url]')) {
    const url = script.dataset.explorerUrl;
    if (url) answers.set(url, script.textContent ?? '');
    // Read once: the copy in the page would only weigh on the document.
    script.remove();
  }
  return answers;
}

/** `fetch`, answered from the page for a GET the server answered in it. */
export const firstDataFetch: typeof fetch = async (input, init) => {
  if (typeof input !== 'string' || (init?.method ?? 'GET') !== 'GET') return globalThis.fetch(input, init);
  await pageParsed;
  const body = pageAnswers().get(input);
  if (body === undefined) return globalThis.fetch(input, init);
  pageAnswers().delete(input);
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
