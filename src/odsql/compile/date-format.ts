import type { StringLit } from '../ast';
import { DAY_NAMES, type DateFormatPart, MONTH_NAMES, parseDateFormatPattern } from '../time/date-format';
import type { Scope } from './context';

/**
 * SQL for `date_format(date, 'pattern')`: the pattern parts become a concatenation of numbers and
 * names, read from the wall clock `wall` (a TIMESTAMP or DATE already in the request time zone). Names
 * follow the request `lang`.
 */
export function compileDateFormat(wall: string, pattern: StringLit, scope: Scope): string {
  const parsed = parseDateFormatPattern(pattern.value);
  if (!parsed.ok) scope.fail(parsed.message, pattern);
  if (parsed.parts.length === 0) return scope.params.text('');
  return `(${parsed.parts.map((p) => partSql(p, wall, scope)).join(' || ')})`;
}

function partSql(part: DateFormatPart, wall: string, scope: Scope): string {
  const p = scope.params;
  const lang = scope.options.lang;
  const number = (sql: string, width: number): string => `printf(${p.text(`%0${width}d`)}, ${sql})`;
  switch (part.kind) {
    case 'literal':
      return p.text(part.text);
    case 'year':
      return part.width === 2 ? number(`year(${wall}) % 100`, 2) : number(`year(${wall})`, part.width);
    case 'weekYear':
      return part.width === 2 ? number(`isoyear(${wall}) % 100`, 2) : number(`isoyear(${wall})`, part.width);
    case 'weekOfWeekYear':
      return number(`week(${wall})`, part.width);
    case 'dayOfWeekNumber':
      return number(`isodow(${wall})`, part.width);
    case 'dayOfWeekShort':
      return `list_extract(${p.textList(DAY_NAMES[lang].short)}, isodow(${wall}))`;
    case 'dayOfWeekName':
      return `list_extract(${p.textList(DAY_NAMES[lang].full)}, isodow(${wall}))`;
    case 'dayOfYear':
      return number(`dayofyear(${wall})`, part.width);
    case 'month':
      return number(`month(${wall})`, part.width);
    case 'monthShort':
      return `list_extract(${p.textList(MONTH_NAMES[lang].short)}, month(${wall}))`;
    case 'monthName':
      return `list_extract(${p.textList(MONTH_NAMES[lang].full)}, month(${wall}))`;
    case 'dayOfMonth':
      return number(`day(${wall})`, part.width);
    case 'hour':
      return number(`hour(${wall})`, part.width);
    case 'minute':
      return number(`minute(${wall})`, part.width);
    case 'second':
      return number(`second(${wall})`, part.width);
  }
}
