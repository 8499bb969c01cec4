const grouped = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const ungrouped = new Intl.NumberFormat('en', { maximumFractionDigits: 0, useGrouping: false });

/** Counts: always grouped (1,461). */
export function formatCount(value: number): string {
  return value.toLocaleString('en');
}

export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

const decimalsCache = new Map<string, Intl.NumberFormat>();

export interface NumberStyle {
  /** The field's `decimals` annotation, when the portal sets one. */
  readonly decimals?: number;
  /** Codes and years read wrong with separators (1,900): categories are not grouped. */
  readonly grouping?: boolean;
}

/** A field value: grouped thousands, as many decimals as the value has (or as the field says). */
export function formatNumber(value: number, style: NumberStyle = {}): string {
  const { decimals, grouping = true } = style;
  if (Number.isInteger(value) && decimals === undefined)
    return (grouping ? grouped : ungrouped).format(value);
  const key = `${decimals ?? -1}:${grouping}`;
  let format = decimalsCache.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en', {
      useGrouping: grouping,
      minimumFractionDigits: decimals ?? 0,
      maximumFractionDigits: decimals ?? 6,
    });
    decimalsCache.set(key, format);
  }
  return format.format(value);
}
