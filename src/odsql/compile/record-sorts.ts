import { type OrderByItem, type SelectClause, unwrap } from '../ast';
import { type DatasetSchema, findField } from '../schema';
import { checkSortable, selectAlias } from './columns';
import type { ParamList, Scope } from './context';
import { integerLiteral } from './literals';
import { POSITION_COLUMN } from './storage';
import { compileValue } from './values';

/** A records query's sort key: its SQL and direction (with where nulls go). */
export interface RecordSort {
  readonly sql: string;
  readonly direction: string;
}

/**
 * One BIGINT sort key folding a field's value and the record position, `offset × 2^bits + position`,
 * for a lone sort on an int or date field whose range is known. It orders exactly as `field, position`
 * (nulls last) but sorts as fast as the field alone, which matters on millions of records.
 */
export function singleKeySort(
  item: OrderByItem,
  select: SelectClause | undefined,
  schema: DatasetSchema,
  params: ParamList,
): RecordSort | undefined {
  const e = unwrap(item.expr);
  const records = schema.records;
  if (e.kind !== 'field' || records === undefined || selectAlias(select, e.name)) return undefined;
  const field = findField(schema, e.name);
  const range = field?.range;
  if (!field || !range || (field.type !== 'int' && field.type !== 'date')) return undefined;
  const bits = Math.max(1, Math.ceil(Math.log2(records + 1)));
  const span = range.max - range.min + 1;
  if (
    !Number.isSafeInteger(range.min) ||
    !Number.isSafeInteger(range.max) ||
    (span + 1) * 2 ** bits >= 2 ** 62
  ) {
    return undefined;
  }
  const dialect = params.dialect;
  const column = dialect.fieldValue(field.name, field.type);
  const value = field.type === 'date' ? dialect.daysSinceEpoch(column) : column;
  const offset =
    item.direction === 'desc'
      ? `(${params.number(range.max)} - ${value})`
      : `(${value} - ${params.number(range.min)})`;
  // Nulls take the slot after the largest offset: last, in position order.
  const key = `(coalesce(${dialect.cast(offset, 'bigint')}, ${params.number(span)}) * ${params.number(2 ** bits)} + ${dialect.quoteIdent(POSITION_COLUMN)})`;
  return { sql: key, direction: 'ASC' };
}

/** The sort key of one `order_by` item of a records query. `selectScope`: where a select alias is compiled. */
export function recordSort(
  item: OrderByItem,
  scope: Scope,
  select: SelectClause | undefined,
  params: ParamList,
  selectScope: () => Scope,
  textOrder: 'code' | 'reading' = 'code',
): RecordSort {
  const e = unwrap(item.expr);
  const desc = item.direction === 'desc';
  if (e.kind === 'call' && e.name === 'random') {
    const seed =
      e.args.length === 1
        ? integerLiteral(e.args[0]!, scope, 'The seed of random()')
        : scope.fail('randomSeed', {}, e);
    // The same seed gives the same permutation, so pages stay consistent.
    return {
      sql: params.dialect.randomOrderKey(params.dialect.quoteIdent(POSITION_COLUMN), params.number(seed)),
      direction: desc ? 'DESC' : 'ASC',
    };
  }
  const aliased = e.kind === 'field' ? selectAlias(select, e.name) : undefined;
  const value = compileValue(aliased ?? item.expr, aliased ? selectScope() : scope);
  if (value.aggregate) scope.fail('sortByAggregation', {}, item.expr);
  checkSortable(value, item, scope);
  const direction = `${desc ? 'DESC' : 'ASC'} NULLS LAST`;
  // Text in reading order where asked (CompileOptions.textOrder); records equal but for case or accents
  // then come in position order, as ties do.
  if (value.type === 'text' && textOrder === 'reading')
    return { sql: params.dialect.readingOrder(value.sql), direction };
  return { sql: value.sql, direction };
}
