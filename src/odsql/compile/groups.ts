import { type GroupByItem, type OrderByItem, type SelectClause, unwrap } from '../ast';
import {
  type Column,
  checkSortable,
  fieldsOutsideAggregates,
  outputColumn,
  sameExpr,
  selectAlias,
} from './columns';
import { compileGroupKey, type GroupKey } from './grouping';
import type { CompiledQuery, QueryParts } from './query-types';
import { compileValue } from './values';

/*
 * Queries with group_by: keys are computed per record in a subquery and grouped on; the select items
 * must be group keys or aggregations; groups sort by key unless order_by says otherwise.
 */

export function compileGroups(
  qc: QueryParts,
  table: string,
  whereSql: string,
  select: SelectClause | undefined,
  groupItems: readonly GroupByItem[],
  orderItems: readonly OrderByItem[],
): CompiledQuery {
  const groupScope = qc.scope('group_by', qc.query.groupBy ?? '');
  const keys = groupItems.map((item) => compileGroupKey(item, groupScope));
  const keyColumns: string[][] = [];
  const innerKeys: string[] = [];
  let n = 0;
  for (const key of keys) {
    const cols = key.inner.map(() => `"__key${n++}"`);
    keyColumns.push(cols);
    key.inner.forEach((sql, j) => {
      innerKeys.push(`${sql} AS ${cols[j]}`);
    });
  }
  const columns: Column[] = keys.map((k, i) => ({
    key: k.label,
    value: k.output(keyColumns[i]!),
    role: 'group_key' as const,
  }));
  const selectScope = qc.scope('select', qc.query.select ?? '');
  for (const item of select?.items ?? []) {
    if (item.kind !== 'expr') continue;
    const keyIndex = keys.findIndex(
      (k) => sameExpr(k.expr, item.expr) || (item.alias && k.alias === item.alias.name),
    );
    if (keyIndex >= 0) continue;
    const value = compileValue(item.expr, selectScope);
    if (!value.aggregate) {
      const plain = unwrap(item.expr);
      const isLiteral = value.literal !== undefined;
      if (!isLiteral) {
        const name = plain.kind === 'field' ? plain.name : item.text;
        selectScope.fail('fieldNotGrouped', { name }, item.expr);
      }
    }
    const stray = fieldsOutsideAggregates(item.expr).find((f) => !keys.some((k) => sameExpr(k.expr, f)));
    if (stray) selectScope.fail('fieldNotGrouped', { name: stray.name }, stray);
    const key =
      item.alias?.name ?? (unwrap(item.expr).kind === 'field' ? (value.field?.name ?? item.text) : item.text);
    if (!columns.some((c) => c.key === key)) columns.push({ key, value, role: 'value' });
  }

  const sorts = groupSorts(qc, orderItems, keys, keyColumns, columns, select);
  const defaultOrder = keys.flatMap((k, i) => k.sort(keyColumns[i]!).map((s) => `${s} ASC NULLS FIRST`));
  const innerSorts = sorts.map((s, i) => `${s.sql} AS "__s${i}"`);
  const dropNull = keys.flatMap((k, i) => (k.dropNull ? keyColumns[i]!.map((c) => `${c} IS NOT NULL`) : []));
  const grouped = [
    `SELECT ${[...columns.map((c, i) => `${c.value.sql} AS "__c${i}"`), ...innerSorts, ...keyColumns.flat()].join(', ')}`,
    `FROM (SELECT ${innerKeys.join(', ')}, * FROM ${table}${whereSql}) AS g`,
    dropNull.length > 0 ? `WHERE ${dropNull.join(' AND ')}` : '',
    `GROUP BY ${keyColumns.flat().join(', ')}`,
    `ORDER BY ${[...sorts.map((s, i) => `"__s${i}" ${s.direction}`), ...defaultOrder].join(', ')}`,
    qc.limitSql(),
  ].join(' ');
  const outerOrder = [...sorts.map((s, i) => `"__s${i}" ${s.direction}`), ...defaultOrder].join(', ');
  const outer = columns.map((c, i) => qc.json(c, `"__c${i}"`)).join(', ');
  return {
    kind: 'groups',
    page: qc.statement(`SELECT ${outer} FROM (${grouped}) AS page ORDER BY ${outerOrder}`, true),
    columns: columns.map(outputColumn),
  };
}

/** order_by with group_by: aggregations, group keys and labels; aggregations come first. */
function groupSorts(
  qc: QueryParts,
  items: readonly OrderByItem[],
  keys: readonly GroupKey[],
  keyColumns: readonly string[][],
  columns: readonly Column[],
  select: SelectClause | undefined,
): { sql: string; direction: string }[] {
  const scope = qc.scope('order_by', qc.query.orderBy ?? '');
  let firstPlain: OrderByItem | undefined;
  return items.flatMap((item) => {
    const e = unwrap(item.expr);
    const dir = `${item.direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`;
    const keyIndex = keys.findIndex(
      (k) =>
        sameExpr(k.expr, item.expr) || (e.kind === 'field' && (k.alias === e.name || k.label === e.name)),
    );
    if (keyIndex >= 0) {
      firstPlain ??= item;
      return keys[keyIndex]!.sort(keyColumns[keyIndex]!).map((sql) => ({ sql, direction: dir }));
    }
    const aliased = e.kind === 'field' ? selectAlias(select, e.name) : undefined;
    const target = aliased ?? item.expr;
    const labelled =
      e.kind === 'field' ? columns.find((c) => c.key === e.name && c.value.aggregate) : undefined;
    const value =
      labelled?.value ?? compileValue(target, aliased ? qc.scope('select', qc.query.select ?? '') : scope);
    if (!value.aggregate) {
      const name = e.kind === 'field' ? e.name : item.text;
      scope.fail('fieldNotGrouped', { name }, item.expr);
    }
    if (firstPlain) {
      scope.fail(
        'aggregationsFirstInOrderBy',
        { expression: item.text, previous: firstPlain.text },
        item.expr,
      );
    }
    checkSortable(value, item, scope);
    return [{ sql: value.sql, direction: dir }];
  });
}
