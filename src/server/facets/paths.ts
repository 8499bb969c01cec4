import { daysInMonth } from '../../odsql';

/** A date facet path: `2020`, `2020/11` or `2020/11/05` (year, month, day). */
export interface DatePath {
  readonly year: number;
  readonly month?: number;
  readonly day?: number;
}

export function parseDatePath(value: string): DatePath | undefined {
  const m = /^(\d{4})(?:[/-](\d{1,2})(?:[/-](\d{1,2}))?)?$/.exec(value.trim());
  if (!m) return undefined;
  const year = Number(m[1]);
  if (year < 1) return undefined;
  if (m[2] === undefined) return { year };
  const month = Number(m[2]);
  if (month < 1 || month > 12) return undefined;
  if (m[3] === undefined) return { year, month };
  const day = Number(m[3]);
  if (day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export function datePathDepth(p: DatePath): number {
  return p.day !== undefined ? 3 : p.month !== undefined ? 2 : 1;
}

const two = (n: number): string => String(n).padStart(2, '0');

export function formatDatePath(parts: readonly number[]): string {
  return parts.map((p, i) => (i === 0 ? String(p).padStart(4, '0') : two(p))).join('/');
}

/** The first day of the period a path names, and the first day after it, as [y, m, d] triples. */
export function datePathBounds(p: DatePath): readonly [[number, number, number], [number, number, number]] {
  if (p.day !== undefined) {
    const next =
      p.day < daysInMonth(p.year, p.month!)
        ? [p.year, p.month!, p.day + 1]
        : p.month! < 12
          ? [p.year, p.month! + 1, 1]
          : [p.year + 1, 1, 1];
    return [[p.year, p.month!, p.day], next as [number, number, number]];
  }
  if (p.month !== undefined) {
    return [[p.year, p.month, 1], p.month < 12 ? [p.year, p.month + 1, 1] : [p.year + 1, 1, 1]];
  }
  return [
    [p.year, 1, 1],
    [p.year + 1, 1, 1],
  ];
}
