import {
  type DatasetSchema,
  type FieldSchema,
  findField,
  parseSelect,
  printExpr,
  printName,
  printString,
} from '../../odsql';
import { ApiError, invalidParameter, tooManyValues } from '../errors';
import { PARAMETER_BOUNDS } from '../http/limits';
import { boolean, integer, type QueryString, repeated, single } from '../http/params';

/*
 * The parameters of `records/1.0/analyze` (odsql.md §10, and what ods-widgets sends): the x axes, the
 * series, `sort` and `maxpoints`, turned into ODSQL `group_by`, `select` and `order_by` texts. Every
 * name is checked against the schema and printed quoted; series expressions are parsed as ODSQL and
 * printed again, so no request text reaches a clause unparsed.
 */

export const DATE_PARTS = ['year', 'month', 'day', 'hour', 'minute', 'weekday', 'yearday'] as const;
export type DatePart = (typeof DATE_PARTS)[number];

/** One x axis: a field, or a part of a date field (`date.month`). */
export interface XAxis {
  /** As the request names it after `x.` in `sort` (`date.month`, `species`). */
  readonly key: string;
  readonly field: string;
  readonly part?: DatePart;
  /** Alias of its group key in the compiled query. */
  readonly alias: string;
}

export const SERIE_FUNCTIONS = ['COUNT', 'AVG', 'SUM', 'MIN', 'MAX', 'STDDEV', 'SUMSQUARES'] as const;
export type SerieFunction = (typeof SERIE_FUNCTIONS)[number];

export interface Serie {
  readonly name: string;
  readonly func: SerieFunction;
  readonly cumulative: boolean;
  /** Aliases of its columns: one, or two for STDDEV (mean of squares, mean). */
  readonly aliases: readonly string[];
}

export interface AnalyzePlan {
  readonly xs: readonly XAxis[];
  readonly series: readonly Serie[];
  readonly select: string;
  readonly groupBy?: string;
  readonly orderBy?: string;
  /** The same order, to sort the groups again once their keys are numbers (weekday, yearday). */
  readonly order: readonly { readonly alias: string; readonly desc: boolean }[];
  /** `maxpoints`; 0: as many as the engine's group window allows. */
  readonly maxpoints: number;
}

const isTemporal = (f: FieldSchema): boolean => f.type === 'date' || f.type === 'datetime';

/** The parts `precision` (and `periodic`) give a date axis, as the widgets' time scales name them. */
function partsOf(precision: string | undefined, periodic: string | undefined): DatePart[] {
  const scale = `${precision ?? 'day'}${periodic ? ` ${periodic}` : ''}`;
  const scales: Record<string, DatePart[]> = {
    year: ['year'],
    month: ['year', 'month'],
    day: ['year', 'month', 'day'],
    hour: ['year', 'month', 'day', 'hour'],
    minute: ['year', 'month', 'day', 'hour', 'minute'],
    'month month': ['month'],
    'month year': ['month'],
    'day day': ['day'],
    'day month': ['day'],
    'day weekday': ['weekday'],
    'day year': ['yearday'],
    'hour weekday': ['weekday', 'hour'],
    'hour day': ['hour'],
    'hour hour': ['hour'],
  };
  const parts = scales[scale];
  if (!parts) {
    throw invalidParameter(
      periodic ? 'periodic' : 'precision',
      periodic ?? precision ?? '',
      'precision year, month, day, hour or minute, with periodic month, day, weekday, year or hour',
    );
  }
  return parts;
}

function xAxes(query: QueryString, schema: DatasetSchema): XAxis[] {
  const given = repeated(query, 'x').map((x) => x.trim());
  const precision = single(query, 'precision')?.trim() || undefined;
  const periodic = single(query, 'periodic')?.trim() || undefined;
  const xs: XAxis[] = [];
  const add = (key: string, field: string, part?: DatePart): void => {
    if (xs.some((x) => x.key === key)) return;
    xs.push({ key, field, ...(part ? { part } : {}), alias: `x${xs.length}` });
  };
  for (const x of given) {
    const whole = findField(schema, x);
    if (whole) {
      if (isTemporal(whole)) {
        const parts = partsOf(precision, periodic);
        for (const part of parts) add(`${whole.name}.${part}`, whole.name, part);
      } else add(whole.name, whole.name);
      continue;
    }
    const dot = x.lastIndexOf('.');
    const field = dot > 0 ? findField(schema, x.slice(0, dot)) : undefined;
    const part = x.slice(dot + 1) as DatePart;
    if (!field || !isTemporal(field) || !DATE_PARTS.includes(part)) {
      throw invalidParameter(
        'x',
        x,
        `a field of the dataset, or a date field with one of .${DATE_PARTS.join(', .')}`,
      );
    }
    add(`${field.name}.${part}`, field.name, part);
  }
  return xs;
}

/** The ODSQL of one group key. Weekdays count from Monday = 0, as the widgets read them. */
function keyExpression(x: XAxis): string {
  const name = printName(x.field);
  switch (x.part) {
    case undefined:
      return name;
    case 'weekday':
      return `date_format(${name}, ${printString('e')})`;
    case 'yearday':
      return `date_format(${name}, ${printString('D')})`;
    default:
      return `${x.part}(${name})`;
  }
}

/** A series expression (`height`, `height * 2`): one ODSQL value expression, printed back. */
export function serieExpression(name: string, raw: string | undefined): string {
  const parameter = `y.${name}.expr`;
  if (raw === undefined || raw.trim() === '')
    throw invalidParameter(parameter, raw ?? '', 'a field of the dataset or an expression over fields');
  const parsed = parseSelect(raw);
  const item = parsed.ok && parsed.value.items.length === 1 ? parsed.value.items[0] : undefined;
  if (item?.kind !== 'expr' || item.alias) {
    throw invalidParameter(parameter, raw, 'a field of the dataset or an expression over fields');
  }
  return printExpr(item.expr);
}

export const SERIE_PARAM = /^y\.([^.]+)\.(func|expr|cumulative|subsets)$/;

export function seriesOf(query: QueryString): { series: Serie[]; select: string[] } {
  const names = new Set<string>();
  for (const key of Object.keys(query)) {
    const m = SERIE_PARAM.exec(key);
    if (m) names.add(m[1]!);
  }
  if (names.size > PARAMETER_BOUNDS.series) {
    throw new ApiError(
      'InvalidRESTParameterError',
      `The y.<name>.func API parameters give ${names.size} series, at most ${PARAMETER_BOUNDS.series} are allowed.`,
    );
  }
  const series: Serie[] = [];
  const select: string[] = [];
  for (const name of names) {
    const raw = single(query, `y.${name}.func`);
    if (raw === undefined || raw.trim() === '') {
      throw new ApiError(
        'InvalidRESTParameterError',
        `Invalid value for y.${name}.func API parameter: the series ${name} needs a function (${SERIE_FUNCTIONS.join(', ')}).`,
      );
    }
    const func = raw.trim().toUpperCase() as SerieFunction;
    if (!SERIE_FUNCTIONS.includes(func)) {
      throw invalidParameter(`y.${name}.func`, raw, `one of ${SERIE_FUNCTIONS.join(', ')}`);
    }
    const cumulative = boolean(query, `y.${name}.cumulative`, false);
    const i = series.length;
    const alias = `s${i}`;
    if (func === 'COUNT') {
      select.push(`count(*) AS ${alias}`);
      series.push({ name, func, cumulative, aliases: [alias] });
      continue;
    }
    const e = serieExpression(name, single(query, `y.${name}.expr`));
    if (func === 'STDDEV') {
      // The population standard deviation, from the means of the values and of their squares.
      select.push(`avg((${e}) * (${e})) AS ${alias}q`, `avg(${e}) AS ${alias}`);
      series.push({ name, func, cumulative, aliases: [`${alias}q`, alias] });
    } else {
      const sql = func === 'SUMSQUARES' ? `sum((${e}) * (${e}))` : `${func.toLowerCase()}(${e})`;
      select.push(`${sql} AS ${alias}`);
      series.push({ name, func, cumulative, aliases: [alias] });
    }
  }
  return { series, select };
}

/**
 * `sort`: `x` (every axis), `x.<axis>`, or a series name (`serie1`, `y.serie1`), ascending, or
 * descending with `-`. Without it, groups come in the order of their x values.
 */
function orderOf(
  query: QueryString,
  xs: readonly XAxis[],
  series: readonly Serie[],
): { alias: string; desc: boolean }[] {
  const raw = single(query, 'sort')?.trim();
  const items = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const max = PARAMETER_BOUNDS.sort;
  if (items.length > max) throw tooManyValues('sort', items.length, max, 'sort keys');
  const out: { alias: string; desc: boolean }[] = [];
  // A group sorted again by the same key changes nothing: the first mention of each decides.
  const push = (alias: string, desc: boolean): void => {
    if (!out.some((o) => o.alias === alias)) out.push({ alias, desc });
  };
  for (const item of items) {
    const desc = item.startsWith('-');
    const name = desc ? item.slice(1) : item;
    if (name === 'x') {
      for (const x of xs) push(x.alias, desc);
      continue;
    }
    const x = name.startsWith('x.')
      ? xs.find((a) => a.key === name.slice(2) || a.field === name.slice(2))
      : undefined;
    if (x) {
      const same = name.slice(2) === x.field ? xs.filter((a) => a.field === x.field) : [x];
      for (const a of same) push(a.alias, desc);
      continue;
    }
    const serieName = name.startsWith('y.') ? name.slice(2) : name;
    const serie = series.find((s) => s.name === serieName);
    if (!serie) {
      throw invalidParameter(
        'sort',
        item,
        `x, x.<axis> or the name of a series (${series.map((s) => s.name).join(', ') || 'none'}), optionally prefixed by -`,
      );
    }
    push(serie.aliases[serie.aliases.length - 1]!, desc);
  }
  return out.length > 0 ? out : xs.map((x) => ({ alias: x.alias, desc: false }));
}

export function analyzePlan(query: QueryString, schema: DatasetSchema): AnalyzePlan {
  const xs = xAxes(query, schema);
  const { series, select } = seriesOf(query);
  if (series.length === 0) {
    throw new ApiError(
      'InvalidRESTParameterError',
      'The analyze API needs at least one series: y.<name>.func (COUNT, AVG, SUM, MIN, MAX, STDDEV, SUMSQUARES) and, except for COUNT, y.<name>.expr.',
    );
  }
  const maxpoints = integer(query, 'maxpoints', 0);
  const order = orderOf(query, xs, series);
  const orderBy = order.map((o) => `${o.alias} ${o.desc ? 'DESC' : 'ASC'}`).join(', ');
  return {
    order,
    xs,
    series,
    select: select.join(', '),
    ...(xs.length > 0 ? { groupBy: xs.map((x) => `${keyExpression(x)} AS ${x.alias}`).join(', ') } : {}),
    ...(orderBy !== '' ? { orderBy } : {}),
    maxpoints,
  };
}
