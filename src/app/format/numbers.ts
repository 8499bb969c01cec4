import { appLocale } from '../i18n/locale';

/** Formatters of the language shown (building one costs far more than using it). */
const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = appLocale();
  const full = `${locale}|${key}`;
  let format = cache.get(full);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(full, format);
  }
  return format;
}

/** Counts: always grouped (1,461; 1 461 in French). */
export function formatCount(value: number): string {
  return numberFormat('count', { maximumFractionDigits: 0 }).format(value);
}

/** Counts where room is short (on map clusters): 950, 12k, 1.2M (1,2 k in French). */
export function formatCompactCount(value: number): string {
  return numberFormat('compact', COMPACT).format(value);
}

/**
 * Three figures at most (166K, not 166.3K; 546 k, not 545,9 k): a cluster's circle is as wide as its
 * count, and a fourth figure made the largest circles merge their neighbours on a phone.
 * `roundingPriority` is in every browser the explorer supports, not yet in TypeScript's ES2023 library.
 */
const COMPACT: Intl.NumberFormatOptions & { readonly roundingPriority: 'lessPrecision' } = {
  notation: 'compact',
  maximumFractionDigits: 1,
  maximumSignificantDigits: 3,
  roundingPriority: 'lessPrecision',
};

/** Averages and other computed figures: at most two decimals, the same everywhere. */
export function formatFigure(value: number): string {
  return numberFormat('figure', { maximumFractionDigits: 2 }).format(value);
}

export interface NumberStyle {
  /** The field's `decimals` annotation, when the portal sets one. */
  readonly decimals?: number;
  /** Codes and years read wrong with separators (1,900): categories are not grouped. */
  readonly grouping?: boolean;
}

/** A field value: grouped thousands, as many decimals as the value has (or as the field says). */
export function formatNumber(value: number, style: NumberStyle = {}): string {
  const { decimals, grouping = true } = style;
  return numberFormat(`${decimals ?? -1}:${grouping}`, {
    useGrouping: grouping,
    minimumFractionDigits: decimals ?? 0,
    maximumFractionDigits: decimals ?? 6,
  }).format(value);
}
