import type { StringLit } from '../ast';
import { DAY_NAMES, type DateFormatPart, MONTH_NAMES, parseDateFormatPattern } from '../time/date-format';
import type { Scope } from './context';
import type { DateComponent as Component } from './dialect';

/*
 * `date_format(date, 'pattern')`. Read from the wall clock `wall` (a TIMESTAMP or DATE already in the
 * request time zone), numbers go through the dialect's date format (strftime for DuckDB) with one bound
 * format string where a directive exists (much faster than formatting each number), and names follow
 * the request `lang`.
 *
 * As a group_by key, the pattern is grouped on the date parts it shows and formatted once per group:
 * formatting millions of records to group a few hundred labels is the costly way round.
 */

type NameKind = 'dayOfWeekShort' | 'dayOfWeekName' | 'monthShort' | 'monthName';
/** A pattern part that prints a date field (not literal text). */
type FieldPart = Exclude<DateFormatPart, { kind: 'literal' }>;

/** Month and day names in the request language. */
function names(kind: NameKind, lang: Scope['options']['lang']): readonly string[] {
  switch (kind) {
    case 'dayOfWeekShort':
      return DAY_NAMES[lang].short;
    case 'dayOfWeekName':
      return DAY_NAMES[lang].full;
    case 'monthShort':
      return MONTH_NAMES[lang].short;
    case 'monthName':
      return MONTH_NAMES[lang].full;
  }
}

function componentOf(part: FieldPart): Component {
  switch (part.kind) {
    case 'year':
      return part.width === 2 ? 'year % 100' : 'year';
    case 'weekYear':
      return part.width === 2 ? 'isoyear % 100' : 'isoyear';
    case 'weekOfWeekYear':
      return 'week';
    case 'dayOfWeekNumber':
    case 'dayOfWeekShort':
    case 'dayOfWeekName':
      return 'isodow';
    case 'dayOfYear':
      return 'dayofyear';
    case 'month':
    case 'monthShort':
    case 'monthName':
      return 'month';
    case 'dayOfMonth':
      return 'day';
    case 'hour':
      return 'hour';
    case 'minute':
      return 'minute';
    case 'second':
      return 'second';
  }
}

function parts(pattern: StringLit, scope: Scope): readonly DateFormatPart[] {
  const parsed = parseDateFormatPattern(pattern.value);
  if (!parsed.ok) scope.fail('datePattern', { detail: parsed.message }, pattern);
  return parsed.parts;
}

function nameKind(part: FieldPart): NameKind | undefined {
  const k = part.kind;
  return k === 'dayOfWeekShort' || k === 'dayOfWeekName' || k === 'monthShort' || k === 'monthName'
    ? k
    : undefined;
}

/** A number zero-padded to the part's width, or a name, from the integer SQL of its component. */
function fromComponent(part: FieldPart, value: string, scope: Scope): string {
  const name = nameKind(part);
  if (name) return scope.dialect.listElement(scope.params.textList(names(name, scope.options.lang)), value);
  return scope.dialect.zeroPad(value, part.width, scope.params);
}

/** `date_format` as a value (select, where, order_by). */
export function compileDateFormat(wall: string, pattern: StringLit, scope: Scope): string {
  const pieces: string[] = [];
  let format = '';
  const flush = (): void => {
    if (format !== '') pieces.push(scope.dialect.formatDate(wall, scope.params.text(format)));
    format = '';
  };
  for (const part of parts(pattern, scope)) {
    if (part.kind === 'literal') {
      format += scope.dialect.formatLiteral(part.text);
      continue;
    }
    const d = nameKind(part) ? undefined : scope.dialect.dateDirective(part);
    if (d !== undefined) {
      format += d;
      continue;
    }
    flush();
    pieces.push(fromComponent(part, scope.dialect.datePart(componentOf(part), wall), scope));
  }
  flush();
  if (pieces.length === 0) return scope.params.text('');
  return `(${pieces.join(' || ')})`;
}

/**
 * `date_format` as a group key: the date parts it shows, and the label built from their grouped
 * columns. Two records with the same label always have the same parts, so groups and labels match.
 */
export function dateFormatKey(
  wall: string,
  pattern: StringLit,
  scope: Scope,
): { components: readonly string[]; label: (columns: readonly string[]) => string } {
  const all = parts(pattern, scope);
  const components: Component[] = [];
  for (const part of all) {
    if (part.kind === 'literal') continue;
    const c = componentOf(part);
    if (!components.includes(c)) components.push(c);
  }
  return {
    components: components.map((c) => scope.dialect.datePart(c, wall)),
    label: (columns) => {
      if (all.length === 0) return scope.params.text('');
      const pieces = all.map((part) =>
        part.kind === 'literal'
          ? scope.params.text(part.text)
          : fromComponent(part, columns[components.indexOf(componentOf(part))]!, scope),
      );
      return `(${pieces.join(' || ')})`;
    },
  };
}
