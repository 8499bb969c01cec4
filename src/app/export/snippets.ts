/*
 * Ready-to-run code that repeats a request of the explorer: a shell command, browser or Node
 * JavaScript, and Python with its standard library only. When the portal needs an API key, the
 * snippets read it from an environment variable instead of embedding it: snippets get copied around.
 */

export type SnippetLanguage = 'curl' | 'javascript' | 'python';

export interface SnippetOptions {
  /** The request returns a file to save under this name (an export), not JSON to read. */
  readonly saveAs?: string;
  /** Send the key of the `EXPLORE_API_KEY` environment variable. */
  readonly apiKey?: boolean;
}

export const SNIPPET_LABELS: Readonly<Record<SnippetLanguage, string>> = {
  curl: 'curl',
  javascript: 'JavaScript (fetch)',
  python: 'Python',
};

/** A POSIX shell word: single quotes, with each inner quote closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A string literal valid in both JavaScript and Python (JSON's escapes are a subset of both). */
function literal(text: string): string {
  return JSON.stringify(text);
}

function curl(url: string, options: SnippetOptions): string {
  const parts = ['curl', '--fail-with-body', '-sS'];
  if (options.apiKey) parts.push('-H', '"Authorization: Apikey $EXPLORE_API_KEY"');
  if (options.saveAs) parts.push('-o', shellQuote(options.saveAs));
  parts.push(shellQuote(url));
  return parts.join(' ');
}

function javascript(url: string, options: SnippetOptions): string {
  const headers = options.apiKey
    ? // biome-ignore lint/suspicious/noTemplateCurlyInString: the snippet's own JavaScript template.
      ', { headers: { Authorization: `Apikey ${process.env.EXPLORE_API_KEY}` } }'
    : '';
  const lines = [
    `const response = await fetch(${literal(url)}${headers});`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the snippet's own JavaScript template.
    'if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);',
  ];
  if (options.saveAs) {
    lines.push(
      "const { writeFile } = await import('node:fs/promises');",
      `await writeFile(${literal(options.saveAs)}, Buffer.from(await response.arrayBuffer()));`,
    );
  } else {
    lines.push('const data = await response.json();', 'console.log(data);');
  }
  return lines.join('\n');
}

function python(url: string, options: SnippetOptions): string {
  const imports = [...(options.saveAs ? [] : ['import json']), ...(options.apiKey ? ['import os'] : [])];
  const lines = [
    ...imports,
    'import urllib.request',
    '',
    `request = urllib.request.Request(${literal(url)})`,
  ];
  if (options.apiKey) {
    lines.push('request.add_header("Authorization", "Apikey " + os.environ["EXPLORE_API_KEY"])');
  }
  lines.push('with urllib.request.urlopen(request) as response:');
  if (options.saveAs) {
    lines.push(
      `    with open(${literal(options.saveAs)}, "wb") as file:`,
      '        while chunk := response.read(1 << 16):',
      '            file.write(chunk)',
    );
  } else {
    lines.push('    data = json.load(response)', 'print(data)');
  }
  return lines.join('\n');
}

export function snippet(language: SnippetLanguage, url: string, options: SnippetOptions = {}): string {
  switch (language) {
    case 'curl':
      return curl(url, options);
    case 'javascript':
      return javascript(url, options);
    case 'python':
      return python(url, options);
  }
}
