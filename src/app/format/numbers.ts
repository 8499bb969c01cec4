const integer = new Intl.NumberFormat('en', { maximumFractionDigits: 0, useGrouping: 'min2' });

/** Counts: always grouped (1,461). */
export function formatCount(value: number): string {
  return value.toLocaleString('en');
}

export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

const decimalsCache = new Map<number, Intl.NumberFormat>();

/**
 * A field value. Four-digit numbers such as years stay ungrouped (1900, not 1,900); `decimals` is the
 * field's annotation when the portal sets one.
 */
export function formatNumber(value: number, decimals?: number): string {
  if (Number.isInteger(value) && decimals === undefined) return integer.format(value);
  const digits = decimals ?? -1;
  let format = decimalsCache.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en', {
      useGrouping: 'min2',
      minimumFractionDigits: decimals ?? 0,
      maximumFractionDigits: decimals ?? 6,
    });
    decimalsCache.set(digits, format);
  }
  return format.format(value);
}
