import type {
  Expr,
  GroupByClause,
  OrderByClause,
  RangeSpec,
  SelectClause,
  SelectItem,
  WhereClause,
} from './ast';
import { RESERVED_WORDS } from './vocabulary';

/*
 * Canonical ODSQL text: upper-case operators, lower-case function names, double-quoted strings, and
 * parentheses only where precedence needs them (or where the user wrote them).
 */

enum Prec {
  Or = 1,
  And = 2,
  Not = 3,
  Predicate = 4,
  Additive = 5,
  Multiplicative = 6,
  Unary = 7,
  Primary = 8,
}

const BARE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A field name or label, back-quoted when it could not be read back bare. */
export function printName(name: string): string {
  if (BARE_NAME.test(name) && !RESERVED_WORDS.has(name.toLowerCase())) return name;
  return `\`${name.replace(/[\\`]/g, (c) => `\\${c}`)}\``;
}

export function printString(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what gets escaped.
  const escaped = value.replace(/[\\"\u0000-\u001f]/g, (c) => {
    switch (c) {
      case '\\':
        return '\\\\';
      case '"':
        return '\\"';
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  });
  return `"${escaped}"`;
}

function printQuotedBody(value: string): string {
  return `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

function precedence(e: Expr): Prec {
  switch (e.kind) {
    case 'logical':
      return e.op === 'or' ? Prec.Or : Prec.And;
    case 'not':
      return Prec.Not;
    case 'compare':
    case 'like':
    case 'in_list':
    case 'in_range':
    case 'contains':
    case 'is_null':
    case 'is_bool':
    case 'fulltext':
      return Prec.Predicate;
    case 'arith':
      return e.op === '+' || e.op === '-' ? Prec.Additive : Prec.Multiplicative;
    case 'negate':
      return Prec.Unary;
    default:
      return Prec.Primary;
  }
}

function at(e: Expr, min: Prec): string {
  const text = printExpr(e);
  return precedence(e) < min ? `(${text})` : text;
}

export function printExpr(e: Expr): string {
  switch (e.kind) {
    case 'field':
      return printName(e.name);
    case 'string':
    case 'fulltext':
      return printString(e.kind === 'string' ? e.value : e.text);
    case 'number':
      return e.raw;
    case 'boolean':
      return e.value ? 'TRUE' : 'FALSE';
    case 'null':
      return 'NULL';
    case 'date':
      return `date${printQuotedBody(e.value)}`;
    case 'geom':
      return `geom${printQuotedBody(e.value)}`;
    case 'star':
      return '*';
    case 'quantity':
      return `${e.raw}${e.unit}`;
    case 'named':
      return `${e.name}=${at(e.value, Prec.Additive)}`;
    case 'negate':
      return `-${at(e.operand, Prec.Unary)}`;
    case 'arith': {
      const left = e.op === '+' || e.op === '-' ? Prec.Additive : Prec.Multiplicative;
      return `${at(e.left, left)} ${e.op} ${at(e.right, left + 1)}`;
    }
    case 'call': {
      const distinct = e.distinct ? 'DISTINCT ' : '';
      return `${e.name}(${distinct}${e.args.map((a) => at(a, Prec.Or)).join(', ')})`;
    }
    case 'range':
      return `range(${at(e.operand, Prec.Additive)}, ${printRangeSpec(e.spec)})`;
    case 'compare': {
      const op = e.op === ':' ? ':' : ` ${e.op} `;
      return `${at(e.left, Prec.Additive)}${op}${at(e.right, Prec.Additive)}`;
    }
    case 'logical': {
      const p = e.op === 'or' ? Prec.Or : Prec.And;
      return `${at(e.left, p)} ${e.op.toUpperCase()} ${at(e.right, p + 1)}`;
    }
    case 'not':
      return `NOT ${at(e.operand, Prec.Not)}`;
    case 'like':
      return `${at(e.operand, Prec.Additive)} LIKE ${printString(e.pattern.value)}`;
    case 'in_list':
      return `${at(e.operand, Prec.Additive)} IN (${e.values.map((v) => at(v, Prec.Additive)).join(', ')})`;
    case 'in_range': {
      const open = e.lowInclusive ? '[' : ']';
      const close = e.highInclusive ? ']' : '[';
      const sep = e.toKeyword ? ' TO ' : '..';
      return `${at(e.operand, Prec.Additive)} IN ${open}${at(e.low, Prec.Additive)}${sep}${at(e.high, Prec.Additive)}${close}`;
    }
    case 'contains':
      return `${at(e.value, Prec.Additive)} IN ${printName(e.field.name)}`;
    case 'is_null':
      return `${at(e.operand, Prec.Additive)} IS ${e.negated ? 'NOT ' : ''}NULL`;
    case 'is_bool':
      return `${at(e.operand, Prec.Additive)} IS ${e.negated ? 'NOT ' : ''}${e.value ? 'TRUE' : 'FALSE'}`;
    case 'paren':
      return `(${printExpr(e.inner)})`;
  }
}

function printRangeSpec(spec: RangeSpec): string {
  switch (spec.kind) {
    case 'width':
      return spec.width.raw;
    case 'interval':
      return `${spec.interval.raw} ${spec.interval.unit}`;
    case 'static': {
      const bounds = spec.bounds.map((b) => at(b, Prec.Additive));
      // `range(x, 5)` would read back as a width: one closed number bound keeps its brackets.
      const only = spec.bounds[0];
      if (bounds.length === 1 && only?.kind === 'number' && !spec.openLow && !spec.openHigh)
        return `[${bounds[0]}]`;
      return [...(spec.openLow ? ['*'] : []), ...bounds, ...(spec.openHigh ? ['*'] : [])].join(', ');
    }
  }
}

function printSelectItem(item: SelectItem): string {
  switch (item.kind) {
    case 'all':
      return '*';
    case 'include':
    case 'exclude':
      return `${item.kind}(${item.patterns.map(printPattern).join(', ')})`;
    case 'expr':
      return item.alias ? `${printExpr(item.expr)} AS ${printName(item.alias.name)}` : printExpr(item.expr);
  }
}

function printPattern(pattern: string): string {
  const prefix = pattern.endsWith('*') ? pattern.slice(0, -1) : pattern;
  const star = pattern.endsWith('*') ? '*' : '';
  return prefix === '' ? star : `${printName(prefix)}${star}`;
}

export function printSelect(clause: SelectClause): string {
  return clause.items.map(printSelectItem).join(', ');
}

export function printWhere(clause: WhereClause): string {
  return printExpr(clause.condition);
}

export function printGroupBy(clause: GroupByClause): string {
  return clause.items
    .map((i) => (i.alias ? `${printExpr(i.expr)} AS ${printName(i.alias.name)}` : printExpr(i.expr)))
    .join(', ');
}

export function printOrderBy(clause: OrderByClause): string {
  return clause.items
    .map((i) => {
      // A lone `-field` reads back as `field DESC`: a negated field without direction keeps parentheses.
      const e = i.expr;
      const negatedField = e.kind === 'negate' && e.operand.kind === 'field' && !i.direction;
      const expr = negatedField ? `(${printExpr(e)})` : printExpr(e);
      return `${expr}${i.direction ? ` ${i.direction.toUpperCase()}` : ''}`;
    })
    .join(', ');
}
