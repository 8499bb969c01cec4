import {
  type Expr,
  type GroupByItem,
  type OrderByItem,
  type SelectClause,
  type SelectItem,
  unwrap,
} from '../ast';
import type { Clause, Diagnostic } from '../errors';
import { lookupFunction } from '../functions';
import { parseGroupBy, parseOrderBy, parseSelect, parseWhere } from '../parser/clauses';
import { ParseFailure, type ParseResult } from '../parser/core';
import { printExpr } from '../print';
import type { DatasetSchema } from '../schema';
import {
  CompileFailure,
  type CompileOptions,
  describeType,
  isGeo,
  ParamList,
  type PostProcess,
  Scope,
  type Sql,
} from './context';
import { quoteIdent } from './dialect';
import { compileGroupKey, type GroupKey } from './grouping';
import { jsonValue } from './output';
import { compileCondition } from './predicates';
import { compactParams, type SqlQuery } from './sql';
import { POSITION_COLUMN, RECORD_ID_COLUMN, RECORD_SIZE_COLUMN, RECORD_TIMESTAMP_COLUMN } from './storage';
import { compileValue, integerLiteral } from './values';

/** The ODSQL parameters of a records (or catalog) query, as received. */
export interface RecordsQuery {
  /** Table holding the records (trusted: chosen by the server, never by a request). */
  readonly table: string;
  readonly select?: string;
  /** Several `where` parameters are AND-ed. */
  readonly where?: readonly string[];
  readonly groupBy?: string;
  readonly orderBy?: string;
  /** Undefined: no limit (exports). */
  readonly limit?: number;
  readonly offset?: number;
  /** Further conditions (refine, exclude, a record id) compiled against the same parameters. */
  readonly conditions?: (params: ParamList) => readonly string[];
}

export interface OutputColumn {
  /** The JSON key: the field name, the label given with `as`, or the expression as written. */
  readonly key: string;
  readonly post?: PostProcess;
}

/**
 * A compiled query. `page` yields one JSON text (or null) per output column; for `records` three more
 * columns follow: the record id, its timestamp (ISO, UTC) and its size. `count` yields total_count.
 */
export interface CompiledQuery {
  readonly kind: 'records' | 'aggregate' | 'groups';
  readonly page: SqlQuery;
  readonly count?: SqlQuery;
  readonly columns: readonly OutputColumn[];
}

export type CompileResult = { ok: true; query: CompiledQuery } | { ok: false; diagnostics: Diagnostic[] };

/** Compiles the ODSQL parameters of a request against a dataset schema into DuckDB SQL. */
export function compileRecordsQuery(
  query: RecordsQuery,
  schema: DatasetSchema,
  options: CompileOptions,
): CompileResult {
  try {
    return { ok: true, query: new QueryCompiler(query, schema, options).compile() };
  } catch (e) {
    if (e instanceof CompileFailure || e instanceof ParseFailure)
      return { ok: false, diagnostics: [e.diagnostic] };
    throw e;
  }
}

function parsed<T>(result: ParseResult<T>): T {
  if (!result.ok) throw new ParseFailure(result.diagnostic);
  return result.value;
}

interface Column {
  readonly key: string;
  readonly value: Sql;
  readonly role: 'value' | 'group_key';
}

class QueryCompiler {
  private readonly params: ParamList;

  constructor(
    private readonly query: RecordsQuery,
    private readonly schema: DatasetSchema,
    private readonly options: CompileOptions,
  ) {
    this.params = new ParamList(options);
  }

  private scope(clause: Clause, source: string): Scope {
    return new Scope(this.schema, this.params, clause, source);
  }

  compile(): CompiledQuery {
    const q = this.query;
    // Parse everything first, so that a syntax error anywhere is reported before a semantic one.
    const select =
      q.select !== undefined && q.select.trim() !== '' ? parsed(parseSelect(q.select)) : undefined;
    const wheres = (q.where ?? [])
      .filter((w) => w.trim() !== '')
      .map((w) => ({ source: w, clause: parsed(parseWhere(w)) }));
    const groupBy =
      q.groupBy !== undefined && q.groupBy.trim() !== '' ? parsed(parseGroupBy(q.groupBy)) : undefined;
    const orderBy =
      q.orderBy !== undefined && q.orderBy.trim() !== '' ? parsed(parseOrderBy(q.orderBy)) : undefined;

    const conditions = wheres.map(
      (w) => compileCondition(w.clause.condition, this.scope('where', w.source)).sql,
    );
    conditions.push(...(q.conditions?.(this.params) ?? []));
    const whereSql = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
    const table = quoteIdent(q.table);
    const count = compactParams(`SELECT count(*) FROM ${table}${whereSql}`, this.params.values.slice());

    if (groupBy) return this.compileGroups(table, whereSql, select, groupBy.items, orderBy?.items ?? []);
    const selectScope = this.scope('select', q.select ?? '');
    const columns = this.selectColumns(select, selectScope);
    if (columns.some((c) => c.value.aggregate)) {
      this.checkAggregateSelect(select!, selectScope);
      if (orderBy)
        this.scope('order_by', q.orderBy!).fail(
          'order_by needs group_by when select holds aggregations',
          orderBy.items[0]!,
        );
      return this.aggregateQuery(table, whereSql, columns, count);
    }
    return this.recordsQuery(table, whereSql, columns, orderBy?.items ?? [], select, count);
  }

  // ---- select -------------------------------------------------------------------------------------

  private selectColumns(select: SelectClause | undefined, scope: Scope): Column[] {
    const items: readonly SelectItem[] = select?.items ?? [{ kind: 'all', from: 0, to: 0 }];
    const columns = new Map<string, Column>();
    const field = (name: string): Column => {
      const f = this.schema.fields.find((x) => x.name === name)!;
      return {
        key: f.name,
        value: compileValue({ kind: 'field', name: f.name, quoted: true, from: 0, to: 0 }, scope),
        role: 'value',
      };
    };
    const onlyExcludes = items.every((i) => i.kind === 'exclude');
    if (onlyExcludes) for (const f of this.schema.fields) columns.set(f.name, field(f.name));
    for (const item of items) {
      switch (item.kind) {
        case 'all':
          for (const f of this.schema.fields) if (!columns.has(f.name)) columns.set(f.name, field(f.name));
          break;
        case 'include':
          for (const f of this.schema.fields) {
            if (item.patterns.some((p) => matchesPattern(f.name, p)) && !columns.has(f.name))
              columns.set(f.name, field(f.name));
          }
          break;
        case 'exclude':
          for (const f of this.schema.fields)
            if (item.patterns.some((p) => matchesPattern(f.name, p))) columns.delete(f.name);
          break;
        case 'expr': {
          const value = compileValue(item.expr, scope);
          const key =
            item.alias?.name ??
            (value.field && unwrap(item.expr).kind === 'field' ? value.field.name : item.text);
          if (!columns.has(key)) columns.set(key, { key, value, role: 'value' });
          break;
        }
      }
    }
    return [...columns.values()];
  }

  /** Without group_by, aggregations collapse everything into one row: plain fields have no place. */
  private checkAggregateSelect(select: SelectClause, scope: Scope): void {
    for (const item of select.items) {
      if (item.kind !== 'expr') {
        scope.fail(
          'Select with aggregations cannot list every field: name the aggregations only, or use group_by',
          item,
        );
      }
      const stray = fieldsOutsideAggregates(item.expr)[0];
      if (stray)
        scope.fail(`Field ${stray.name} must be in group_by to be selected with aggregations`, stray);
    }
  }

  private aggregateQuery(
    table: string,
    whereSql: string,
    columns: readonly Column[],
    count: SqlQuery,
  ): CompiledQuery {
    const inner = columns.map((c, i) => `${c.value.sql} AS "__c${i}"`).join(', ');
    const outer = columns.map((c, i) => this.json(c, `"__c${i}"`)).join(', ');
    return {
      kind: 'aggregate',
      page: compactParams(
        `SELECT ${outer} FROM (SELECT ${inner} FROM ${table}${whereSql}) AS agg`,
        this.params.values,
      ),
      count,
      columns: columns.map(outputColumn),
    };
  }

  private json(c: Column, ref: string): string {
    return jsonValue({ ...c.value, sql: ref }, this.params, this.options.version, c.role);
  }

  // ---- records ------------------------------------------------------------------------------------

  private recordsQuery(
    table: string,
    whereSql: string,
    columns: readonly Column[],
    orderItems: readonly OrderByItem[],
    select: SelectClause | undefined,
    count: SqlQuery,
  ): CompiledQuery {
    const scope = this.scope('order_by', this.query.orderBy ?? '');
    const sorts = orderItems.map((item) => this.recordSort(item, scope, select));
    const technical = [
      quoteIdent(RECORD_ID_COLUMN),
      `ods_iso_utc_millis(${quoteIdent(RECORD_TIMESTAMP_COLUMN)})`,
      `CAST(${quoteIdent(RECORD_SIZE_COLUMN)} AS INTEGER)`,
    ];
    if (sorts.length === 0) {
      // Source order: no sort, so the scan stops as soon as the page is full.
      const outer = [
        ...columns.map((c) => jsonValue(c.value, this.params, this.options.version, c.role)),
        ...technical,
      ];
      return {
        kind: 'records',
        page: compactParams(
          `SELECT ${outer.join(', ')} FROM ${table}${whereSql}${this.limitSql()}`,
          this.params.values,
        ),
        count,
        columns: columns.map(outputColumn),
      };
    }
    const innerColumns = [
      ...columns.map((c, i) => `${c.value.sql} AS "__c${i}"`),
      ...sorts.map((s, i) => `${s.sql} AS "__s${i}"`),
      quoteIdent(RECORD_ID_COLUMN),
      quoteIdent(RECORD_TIMESTAMP_COLUMN),
      quoteIdent(RECORD_SIZE_COLUMN),
      quoteIdent(POSITION_COLUMN),
    ];
    // Ties are broken by source position, so that pages of a sorted list never overlap. JSON is built
    // in the outer query, for the page's rows only.
    const order = [...sorts.map((s, i) => `"__s${i}" ${s.direction}`), quoteIdent(POSITION_COLUMN)].join(
      ', ',
    );
    const inner = `SELECT ${innerColumns.join(', ')} FROM ${table}${whereSql} ORDER BY ${order}${this.limitSql()}`;
    const outer = [...columns.map((c, i) => this.json(c, `"__c${i}"`)), ...technical];
    return {
      kind: 'records',
      page: compactParams(
        `SELECT ${outer.join(', ')} FROM (${inner}) AS page ORDER BY ${order}`,
        this.params.values,
      ),
      count,
      columns: columns.map(outputColumn),
    };
  }

  private recordSort(
    item: OrderByItem,
    scope: Scope,
    select: SelectClause | undefined,
  ): { sql: string; direction: string } {
    const e = unwrap(item.expr);
    const desc = item.direction === 'desc';
    if (e.kind === 'call' && e.name === 'random') {
      const seed =
        e.args.length === 1
          ? integerLiteral(e.args[0]!, scope, 'The seed of random()')
          : scope.fail('random() takes one integer seed', e);
      // The same seed gives the same permutation, so pages stay consistent.
      return {
        sql: `hash(${quoteIdent(POSITION_COLUMN)}, ${this.params.number(seed)})`,
        direction: desc ? 'DESC' : 'ASC',
      };
    }
    const aliased = e.kind === 'field' ? selectAlias(select, e.name) : undefined;
    const value = compileValue(
      aliased ?? item.expr,
      aliased ? this.scope('select', this.query.select ?? '') : scope,
    );
    if (value.aggregate) scope.fail('Sorting by an aggregation needs group_by', item.expr);
    checkSortable(value, item, scope);
    return { sql: value.sql, direction: `${desc ? 'DESC' : 'ASC'} NULLS LAST` };
  }

  private limitSql(): string {
    const { limit, offset } = this.query;
    const parts: string[] = [];
    if (limit !== undefined) parts.push(` LIMIT ${this.params.number(limit)}`);
    if (offset !== undefined && offset > 0) parts.push(` OFFSET ${this.params.number(offset)}`);
    return parts.join('');
  }

  // ---- groups -------------------------------------------------------------------------------------

  private compileGroups(
    table: string,
    whereSql: string,
    select: SelectClause | undefined,
    groupItems: readonly GroupByItem[],
    orderItems: readonly OrderByItem[],
  ): CompiledQuery {
    const groupScope = this.scope('group_by', this.query.groupBy ?? '');
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
    const selectScope = this.scope('select', this.query.select ?? '');
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
          selectScope.fail(`Field ${name} must be in group_by or used in an aggregation`, item.expr);
        }
      }
      const stray = fieldsOutsideAggregates(item.expr).find((f) => !keys.some((k) => sameExpr(k.expr, f)));
      if (stray) selectScope.fail(`Field ${stray.name} must be in group_by or used in an aggregation`, stray);
      const key =
        item.alias?.name ??
        (unwrap(item.expr).kind === 'field' ? (value.field?.name ?? item.text) : item.text);
      if (!columns.some((c) => c.key === key)) columns.push({ key, value, role: 'value' });
    }

    const sorts = this.groupSorts(orderItems, keys, keyColumns, columns, select);
    const defaultOrder = keys.flatMap((k, i) => k.sort(keyColumns[i]!).map((s) => `${s} ASC NULLS FIRST`));
    const innerSorts = sorts.map((s, i) => `${s.sql} AS "__s${i}"`);
    const dropNull = keys.flatMap((k, i) =>
      k.dropNull ? keyColumns[i]!.map((c) => `${c} IS NOT NULL`) : [],
    );
    const grouped = [
      `SELECT ${[...columns.map((c, i) => `${c.value.sql} AS "__c${i}"`), ...innerSorts, ...keyColumns.flat()].join(', ')}`,
      `FROM (SELECT ${innerKeys.join(', ')}, * FROM ${table}${whereSql}) AS g`,
      dropNull.length > 0 ? `WHERE ${dropNull.join(' AND ')}` : '',
      `GROUP BY ${keyColumns.flat().join(', ')}`,
      `ORDER BY ${[...sorts.map((s, i) => `"__s${i}" ${s.direction}`), ...defaultOrder].join(', ')}`,
      this.limitSql(),
    ].join(' ');
    const outerOrder = [...sorts.map((s, i) => `"__s${i}" ${s.direction}`), ...defaultOrder].join(', ');
    const outer = columns.map((c, i) => this.json(c, `"__c${i}"`)).join(', ');
    return {
      kind: 'groups',
      page: compactParams(
        `SELECT ${outer} FROM (${grouped}) AS page ORDER BY ${outerOrder}`,
        this.params.values,
      ),
      columns: columns.map(outputColumn),
    };
  }

  /** order_by with group_by: aggregations, group keys and labels; aggregations come first. */
  private groupSorts(
    items: readonly OrderByItem[],
    keys: readonly GroupKey[],
    keyColumns: readonly string[][],
    columns: readonly Column[],
    select: SelectClause | undefined,
  ): { sql: string; direction: string }[] {
    const scope = this.scope('order_by', this.query.orderBy ?? '');
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
        labelled?.value ??
        compileValue(target, aliased ? this.scope('select', this.query.select ?? '') : scope);
      if (!value.aggregate) {
        const name = e.kind === 'field' ? e.name : item.text;
        scope.fail(`Field ${name} must be in group_by or used in an aggregation`, item.expr);
      }
      if (firstPlain) {
        scope.fail(
          `In order_by, aggregations must come before fields: ${item.text} comes after ${firstPlain.text}`,
          item.expr,
        );
      }
      checkSortable(value, item, scope);
      return [{ sql: value.sql, direction: dir }];
    });
  }
}

function outputColumn(c: Column): OutputColumn {
  return c.value.post ? { key: c.key, post: c.value.post } : { key: c.key };
}

function checkSortable(value: Sql, item: OrderByItem, scope: Scope): void {
  if (isGeo(value.type) || value.type === 'json' || value.type === 'geometry' || value.multivalued) {
    scope.fail(`Cannot sort by ${item.text} (${describeType(value)})`, item.expr);
  }
}

/** `pop*` matches names starting with `pop`; `*` alone matches every name. */
function matchesPattern(name: string, pattern: string): boolean {
  if (pattern.endsWith('*')) return name.toLowerCase().startsWith(pattern.slice(0, -1).toLowerCase());
  return name.toLowerCase() === pattern.toLowerCase();
}

function selectAlias(select: SelectClause | undefined, name: string): Expr | undefined {
  const item = select?.items.find((i) => i.kind === 'expr' && i.alias?.name === name);
  return item?.kind === 'expr' ? item.expr : undefined;
}

function sameExpr(a: Expr, b: Expr): boolean {
  return printExpr(unwrap(a)).toLowerCase() === printExpr(unwrap(b)).toLowerCase();
}

/** Field references of an expression that are not inside an aggregation. */
export function fieldsOutsideAggregates(e: Expr): Extract<Expr, { kind: 'field' }>[] {
  switch (e.kind) {
    case 'field':
      return [e];
    case 'call':
      if (lookupFunction(e.name)?.kind === 'aggregate') return [];
      return e.args.flatMap(fieldsOutsideAggregates);
    case 'paren':
      return fieldsOutsideAggregates(e.inner);
    case 'negate':
    case 'not':
      return fieldsOutsideAggregates(e.operand);
    case 'arith':
    case 'compare':
    case 'logical':
      return [...fieldsOutsideAggregates(e.left), ...fieldsOutsideAggregates(e.right)];
    case 'named':
      return fieldsOutsideAggregates(e.value);
    case 'like':
    case 'is_null':
    case 'is_bool':
      return fieldsOutsideAggregates(e.operand);
    case 'in_list':
      return [e.operand, ...e.values].flatMap(fieldsOutsideAggregates);
    case 'in_range':
      return [e.operand, e.low, e.high].flatMap(fieldsOutsideAggregates);
    case 'contains':
      return [e.field, ...fieldsOutsideAggregates(e.value)];
    case 'range':
      return fieldsOutsideAggregates(e.operand);
    default:
      return [];
  }
}
