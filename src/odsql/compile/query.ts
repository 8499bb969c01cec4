import { type OrderByItem, type SelectClause, type SelectItem, unwrap } from '../ast';
import { type Clause, semanticError } from '../errors';
import { diagnosticMessage } from '../messages';
import { parseGroupBy, parseOrderBy, parseSelect, parseWhere } from '../parser/clauses';
import { ParseFailure, type ParseResult } from '../parser/core';
import type { DatasetSchema } from '../schema';
import { type Column, fieldsOutsideAggregates, matchesPattern, outputColumn } from './columns';
import { CompileFailure, type CompileOptions, ParamList, Scope } from './context';
import { DialectUnsupported } from './dialect';
import { EXPRESSION_COMPILERS } from './expressions';
import { facetFilterConditions, facetMatchSql } from './facet-filters';
import { compileGroups } from './groups';
import { probeSpans } from './page-probes';
import { compileCondition } from './predicates';
import type { CompiledQuery, CompiledSql, CompileResult, QueryParts, RecordsQuery } from './query-types';
import { rawRecords } from './raw-records';
import { recordSort, singleKeySort } from './record-sorts';
import { compactParams, type SqlParam } from './sql';
import { POSITION_COLUMN, RECORD_ID_COLUMN, RECORD_SIZE_COLUMN } from './storage';
import { compileValue } from './values';

export type { OutputColumn } from './columns';
export type { CompiledQuery, CompileResult, RecordsQuery } from './query-types';

/** Compiles the ODSQL parameters of a request against a dataset schema into SQL of the options' dialect. */
export function compileRecordsQuery(
  query: RecordsQuery,
  schema: DatasetSchema,
  options: CompileOptions,
): CompileResult {
  const compiler = new QueryCompiler(query, schema, options);
  try {
    return { ok: true, query: compiler.compile() };
  } catch (e) {
    if (e instanceof CompileFailure || e instanceof ParseFailure)
      return { ok: false, diagnostics: [e.diagnostic] };
    if (e instanceof DialectUnsupported) {
      // The dialect knows no span: the clause being compiled is named, its whole text marked.
      const { clause, source } = compiler.compiling;
      const span = { from: 0, to: source.length };
      return {
        ok: false,
        diagnostics: [
          {
            ...semanticError(
              diagnosticMessage('unsupportedOnEngine', { construct: e.construct, engine: e.engine }),
              span,
              source,
            ),
            clause,
          },
        ],
      };
    }
    throw e;
  }
}

function parsed<T>(result: ParseResult<T>): T {
  if (!result.ok) throw new ParseFailure(result.diagnostic);
  return result.value;
}

export class QueryCompiler implements QueryParts {
  readonly params: ParamList;

  constructor(
    readonly query: RecordsQuery,
    private readonly schema: DatasetSchema,
    readonly options: CompileOptions,
  ) {
    this.params = new ParamList(options);
  }

  /** The clause compiled last (every clause is compiled in a scope of its own). */
  compiling: { clause: Clause; source: string } = { clause: 'select', source: '' };

  scope(clause: Clause, source: string): Scope {
    this.compiling = { clause, source };
    return new Scope(this.schema, this.params, clause, source, EXPRESSION_COMPILERS);
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
    conditions.push(...this.requestConditions());
    const whereSql = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
    const table = this.ident(q.table);
    // Without a filter the total is the number of records, when the schema knows it.
    const count =
      conditions.length === 0 && this.schema.records !== undefined
        ? this.schema.records
        : this.statement(
            `SELECT count(*) FROM ${table}${whereSql}`,
            whereSql !== '',
            this.params.values.slice(),
          );

    if (groupBy) return compileGroups(this, table, whereSql, select, groupBy.items, orderBy?.items ?? []);
    const selectScope = this.scope('select', q.select ?? '');
    const columns = this.selectColumns(select, selectScope);
    if (columns.some((c) => c.value.aggregate)) {
      this.checkAggregateSelect(select!, selectScope);
      if (orderBy) this.scope('order_by', q.orderBy!).fail('orderByNeedsGroupBy', {}, orderBy.items[0]!);
      return this.aggregateQuery(table, whereSql, columns, count);
    }
    return this.recordsQuery(table, whereSql, columns, orderBy?.items ?? [], select, count);
  }

  /**
   * Conditions of the request besides `where`: refine and exclude, a field that must hold a value, one
   * of several facet values, a record id. All are structured values bound as parameters.
   */
  private requestConditions(): string[] {
    const q = this.query;
    for (const name of [
      ...(q.filters ?? []).map((f) => f.facet.name),
      ...(q.anyOf ?? []).map((m) => m.facet.name),
      ...(q.withValueIn !== undefined ? [q.withValueIn] : []),
    ]) {
      // Facets are fields of the schema, checked by the server: anything else is a bug, not a 400.
      if (!this.schema.fields.some((f) => f.name === name)) throw new Error(`Not a field: ${name}`);
    }
    this.compiling = { clause: 'refine', source: '' };
    const conditions = facetFilterConditions(q.filters ?? [], this.params);
    if (q.withValueIn !== undefined) {
      conditions.push(`${this.ident(q.withValueIn)} IS NOT NULL`);
    }
    if (q.anyOf !== undefined && q.anyOf.length > 0)
      conditions.push(`(${q.anyOf.map((m) => facetMatchSql(m, this.params)).join(' OR ')})`);
    if (q.recordId !== undefined)
      conditions.push(`${this.ident(RECORD_ID_COLUMN)} = ${this.params.text(q.recordId)}`);
    return conditions;
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
        scope.fail('selectStarWithAggregations', {}, item);
      }
      const stray = fieldsOutsideAggregates(item.expr)[0];
      if (stray) scope.fail('fieldNotGroupedSelected', { name: stray.name }, stray);
    }
  }

  private aggregateQuery(
    table: string,
    whereSql: string,
    columns: readonly Column[],
    count: CompiledSql | number,
  ): CompiledQuery {
    const inner = columns.map((c, i) => `${c.value.sql} AS "__c${i}"`).join(', ');
    const outer = columns.map((c, i) => this.json(c, `"__c${i}"`)).join(', ');
    return {
      kind: 'aggregate',
      page: this.statement(
        `SELECT ${outer} FROM (SELECT ${inner} FROM ${table}${whereSql}) AS agg`,
        // An aggregation reads every record it aggregates.
        true,
      ),
      count,
      columns: columns.map(outputColumn),
    };
  }

  statement(sql: string, scans: boolean, values: readonly SqlParam[] = this.params.values): CompiledSql {
    const reads = { tables: [this.query.table], scans, matchesText: this.params.matchesText };
    return { ...compactParams(sql, values), reads };
  }

  /** An identifier quoted by the query's dialect. */
  private ident(name: string): string {
    return this.params.dialect.quoteIdent(name);
  }

  json(c: Column, ref: string): string {
    return this.params.dialect.jsonValue({ ...c.value, sql: ref }, this.params, this.options.version, c.role);
  }

  // ---- records ------------------------------------------------------------------------------------

  private recordsQuery(
    table: string,
    whereSql: string,
    columns: readonly Column[],
    orderItems: readonly OrderByItem[],
    select: SelectClause | undefined,
    count: CompiledSql | number,
  ): CompiledQuery {
    const scope = this.scope('order_by', this.query.orderBy ?? '');
    const sorts = orderItems.map((item) =>
      recordSort(
        item,
        scope,
        select,
        this.params,
        () => this.scope('select', this.query.select ?? ''),
        this.options.textOrder ?? 'code',
      ),
    );
    const single =
      orderItems.length === 1 ? singleKeySort(orderItems[0]!, select, this.schema, this.params) : undefined;
    if (single) sorts.splice(0, 1, single);
    const technical = this.params.dialect.technicalColumns(
      this.ident(RECORD_ID_COLUMN),
      this.ident(this.params.dialect.timestampColumn),
      this.ident(RECORD_SIZE_COLUMN),
    );
    // A deep page of every record starts at its position: positions run from 0 in file order, so the
    // scan skips whole row groups by their `__pos` statistics instead of reading every record before
    // the offset (OFFSET 2,000,000 on 30M records ran out of memory at 128 MB).
    const offset = this.query.offset ?? 0;
    const deep = whereSql === '' && typeof count === 'number' && offset > 0;
    // An engine that scans in no order sorts a page in source order by position, below (the sorted
    // form): its JSON is then built for the page's rows only, not for every record before the LIMIT.
    if (sorts.length === 0 && this.params.dialect.scansInSourceOrder) {
      // Source order: no sort, so the scan stops as soon as the page is full.
      const outer = [
        ...columns.map((c) =>
          this.params.dialect.jsonValue(c.value, this.params, this.options.version, c.role),
        ),
        ...technical,
      ];
      const page = deep
        ? `SELECT ${outer.join(', ')} FROM ${table} WHERE ${this.fromPosition(offset)}${this.limitOnly()}`
        : `SELECT ${outer.join(', ')} FROM ${table}${whereSql}${this.limitSql()}`;
      return {
        kind: 'records',
        page: this.statement(page, deep || whereSql !== ''),
        count,
        columns: columns.map(outputColumn),
      };
    }
    const innerColumns = [
      ...columns.map((c, i) => `${c.value.sql} AS "__c${i}"`),
      ...sorts.map((s, i) => `${s.sql} AS "__s${i}"`),
      this.ident(RECORD_ID_COLUMN),
      this.ident(this.params.dialect.timestampColumn),
      this.ident(RECORD_SIZE_COLUMN),
      this.ident(POSITION_COLUMN),
    ];
    // Ties are broken by source position, so that pages of a sorted list never overlap. JSON is built
    // in the outer query, for the page's rows only.
    const order = single
      ? '"__s0" ASC'
      : [...sorts.map((s, i) => `"__s${i}" ${s.direction}`), this.ident(POSITION_COLUMN)].join(', ');
    const limit = this.query.limit;
    const scan = `SELECT ${innerColumns.join(', ')} FROM ${table}`;
    // Every record, in source order: positions run from 0, so a page is the records of its positions,
    // read from the table's index (a sort of every record took 200 ms on 3M records for 10 rows).
    const inner =
      sorts.length === 0 && whereSql === '' && typeof count === 'number' && limit !== undefined
        ? `${scan} WHERE ${this.fromPosition(offset)} AND ${this.belowPosition(offset + limit)} ORDER BY ${order}${this.limitOnly()}`
        : sorts.length === 0 && deep
          ? `${scan} WHERE ${this.fromPosition(offset)} ORDER BY ${order}${this.limitOnly()}`
          : `${scan}${whereSql} ORDER BY ${order}${this.limitSql()}`;
    const outer = [...columns.map((c, i) => this.json(c, `"__c${i}"`)), ...technical];
    const raw =
      this.params.dialect.serverRendersExports && offset === 0
        ? rawRecords({
            table,
            whereSql,
            columns,
            order: sorts.map((s) => `${s.sql} ${s.direction}`),
            limit: this.query.limit,
            positions: this.schema.records,
            params: this.params,
            version: this.options.version,
          })
        : undefined;
    // Sorted, or read by a range of positions: a scan either way.
    const pageOf = (innerSql: string): CompiledSql =>
      this.statement(`SELECT ${outer.join(', ')} FROM (${innerSql}) AS page ORDER BY ${order}`, true);
    const records = this.schema.records;
    const spans =
      sorts.length === 0 && whereSql !== '' && limit !== undefined && limit > 0 && records !== undefined
        ? probeSpans(offset, limit, records)
        : [];
    const condition = whereSql.slice(' WHERE '.length);
    return {
      kind: 'records',
      page: pageOf(inner),
      count,
      columns: columns.map(outputColumn),
      ...(raw ? { raw } : {}),
      ...(spans.length > 0
        ? {
            probes: {
              rows: limit!,
              pages: spans.map((below) =>
                pageOf(
                  `${scan} WHERE ${this.belowPosition(below)} AND (${condition}) ORDER BY ${order}${this.limitSql()}`,
                ),
              ),
            },
          }
        : {}),
    };
  }

  /** A deep page's start: the records from its position on (positions run from 0 in source order). */
  private fromPosition(offset: number): string {
    return `${this.ident(POSITION_COLUMN)} >= ${this.params.number(offset)}`;
  }

  /** The records before a position. */
  private belowPosition(position: number): string {
    return `${this.ident(POSITION_COLUMN)} < ${this.params.number(position)}`;
  }

  /** The page's LIMIT alone (a deep page starts at its position instead of an OFFSET). */
  private limitOnly(): string {
    return this.query.limit === undefined ? '' : ` LIMIT ${this.params.count(this.query.limit)}`;
  }

  limitSql(): string {
    const { limit, offset } = this.query;
    const parts: string[] = [];
    if (limit !== undefined) parts.push(` LIMIT ${this.params.count(limit)}`);
    if (offset !== undefined && offset > 0) parts.push(` OFFSET ${this.params.count(offset)}`);
    return parts.join('');
  }

  // ---- groups -------------------------------------------------------------------------------------
}
