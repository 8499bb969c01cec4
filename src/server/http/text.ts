/*
 * Control characters in request text. None has a meaning in a name, an alias or a value of the
 * interface, and some break what they reach (a NUL ends a C string inside the engine; others corrupt
 * headers and logs), so a request holding one is refused with a 400 before anything runs. Line breaks
 * and tabs are allowed in clauses (a `where` written on several lines) but not in names and aliases.
 */

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** C0 controls, DEL and C1 controls. */
function isControl(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

function firstControl(text: string, allowed: (code: number) => boolean): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isControl(code) && !allowed(code)) return text[i];
  }
  return undefined;
}

/** The first forbidden control character of a clause or value (tab and line breaks allowed), or undefined. */
export function controlInText(text: string): string | undefined {
  return firstControl(text, (code) => code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN);
}

/** The first control character of a name or alias (line breaks and tabs included), or undefined. */
export function controlInName(text: string): string | undefined {
  return firstControl(text, () => false);
}

/** `U+0000`: how a refused character is named in an error message (never the character itself). */
export function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Refuses output names (aliases, field names) holding a control character: they become file headers,
 * JSON keys and Parquet column names, where a tab or line break would corrupt the file's layout.
 */
export function checkOutputNames(
  names: Iterable<string>,
  refuse: (name: string, char: string) => never,
): void {
  for (const name of names) {
    const bad = controlInName(name);
    if (bad !== undefined) refuse(name, bad);
  }
}
