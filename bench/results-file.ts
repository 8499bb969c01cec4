import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Puts `section` (starting with `heading`) into bench/RESULTS.md in place of its previous version, up
 * to the next `## ` heading; a new section goes before `insertBefore` when given, else at the end.
 */
export function writeResultsSection(heading: string, section: string, insertBefore?: string): void {
  const file = join(import.meta.dirname, 'RESULTS.md');
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(heading);
  if (start < 0) {
    const at = insertBefore === undefined ? -1 : text.indexOf(insertBefore);
    writeFileSync(
      file,
      at < 0 ? `${text.trimEnd()}\n\n${section}` : `${text.slice(0, at)}${section}\n${text.slice(at)}`,
    );
    return;
  }
  const next = text.indexOf('\n## ', start + heading.length);
  writeFileSync(file, `${text.slice(0, start)}${section}${next < 0 ? '' : `\n${text.slice(next + 1)}`}`);
}
