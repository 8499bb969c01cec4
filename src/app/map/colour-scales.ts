/*
 * Colours of the map's display modes, chosen for readers with a colour vision deficiency: categories
 * take the Okabe–Ito palette (distinct under the three common deficiencies), numbers a sequential
 * ColorBrewer scheme (YlGnBu, one hue family growing darker) cut into bins of equal counts.
 */

/** Okabe & Ito (2008), without black (the labels' and outlines' colour); the last is for "other". */
export const CATEGORY_COLOURS = [
  '#E69F00',
  '#56B4E9',
  '#009E73',
  '#F0E442',
  '#0072B2',
  '#D55E00',
  '#CC79A7',
] as const;
export const OTHER_COLOUR = '#999999';

/** ColorBrewer YlGnBu, 5 classes. */
export const SEQUENTIAL_COLOURS = ['#ffffcc', '#a1dab4', '#41b6c4', '#2c7fb8', '#253494'] as const;
/** Shapes the join finds no value for. */
export const NO_VALUE_COLOUR = '#e5e5e5';

export interface Bin {
  /** Values from `from` (included) to `to` (included for the last bin, excluded otherwise). */
  readonly from: number;
  readonly to: number;
  readonly colour: string;
}

/**
 * Up to five bins of about equal counts (quantiles) over the values, merged where values repeat, so
 * that each colour covers a share of the map rather than one outlier's range.
 */
export function quantileBins(
  values: readonly number[],
  colours: readonly string[] = SEQUENTIAL_COLOURS,
): Bin[] {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  if (first === last) return [{ from: first, to: last, colour: colours[colours.length - 1]! }];
  const breaks: number[] = [first];
  for (let i = 1; i < colours.length; i++) {
    const cut = sorted[Math.floor((i * sorted.length) / colours.length)]!;
    if (cut > breaks[breaks.length - 1]!) breaks.push(cut);
  }
  breaks.push(last);
  const count = breaks.length - 1;
  // Spread over the whole scheme: three bins take its light, middle and dark colours.
  return breaks.slice(0, -1).map((from, i) => ({
    from,
    to: breaks[i + 1]!,
    colour: colours[count === 1 ? colours.length - 1 : Math.round((i * (colours.length - 1)) / (count - 1))]!,
  }));
}

/** The bin a value falls in (the colour of a row of the table under the map). */
export function binOf(bins: readonly Bin[], value: number): Bin | undefined {
  return bins.find((b, i) => value >= b.from && (value < b.to || (i === bins.length - 1 && value <= b.to)));
}

/**
 * A MapLibre `step` expression colouring `['get', property]` by the bins; features without a number
 * take `missing`.
 */
export function binExpression(
  bins: readonly Bin[],
  property: string,
  missing: string = NO_VALUE_COLOUR,
): unknown {
  if (bins.length === 0) return missing;
  const steps: unknown[] = ['step', ['to-number', ['get', property]], bins[0]!.colour];
  for (const bin of bins.slice(1)) steps.push(bin.from, bin.colour);
  return ['case', ['==', ['typeof', ['get', property]], 'number'], steps, missing];
}

export interface CategoryColour {
  readonly value: string;
  readonly colour: string;
}

/** The most frequent values (by count, descending) each with its colour; the rest are "other". */
export function categoryColours(values: readonly string[]): CategoryColour[] {
  return values
    .slice(0, CATEGORY_COLOURS.length)
    .map((value, i) => ({ value, colour: CATEGORY_COLOURS[i]! }));
}

/** A MapLibre `match` expression colouring `['get', property]` by category, others grey. */
export function categoryExpression(categories: readonly CategoryColour[], property: string): unknown {
  if (categories.length === 0) return OTHER_COLOUR;
  return [
    'match',
    ['to-string', ['get', property]],
    ...categories.flatMap((c) => [c.value, c.colour]),
    OTHER_COLOUR,
  ];
}

/** A bin's label: `12 – 40`, in the reader's number format, with as many decimals as the values need. */
export function binLabel(bin: Bin, format: (n: number) => string): string {
  return bin.from === bin.to ? format(bin.from) : `${format(bin.from)} – ${format(bin.to)}`;
}
