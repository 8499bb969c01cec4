import type { Span } from '../ast';
import { inClause } from '../errors';
import { type ParseResult, Parser } from './core';

export const FACET_SORTS = ['count', '-count', 'alphanum', '-alphanum', 'num', '-num'] as const;
export type FacetSortMode = (typeof FACET_SORTS)[number];

/** A `facet` parameter: a field name, or `facet(name="…", sort="…", limit=N, …)`. */
export interface FacetRequest extends Span {
  readonly name: string;
  readonly sort?: FacetSortMode;
  readonly limit?: number;
  readonly disjunctive?: boolean;
  readonly hierarchical?: boolean;
  readonly separator?: string;
}

const OPTIONS = ['name', 'sort', 'limit', 'disjunctive', 'hierarchical', 'separator'] as const;

export function parseFacet(source: string): ParseResult<FacetRequest> {
  const result = Parser.run(source, 'value', (p) => {
    const first = p.peek();
    if (first.kind === 'ident' && first.value.toLowerCase() === 'facet' && p.isPunct('(', 1)) {
      p.next();
      p.next();
      const options = new Map<string, { value: string | number | boolean; span: Span }>();
      if (!p.isPunct(')')) {
        do {
          const key = p.peek();
          const name = key.kind === 'ident' ? key.value.toLowerCase() : '';
          if (!(OPTIONS as readonly string[]).includes(name)) p.fail(OPTIONS.map((o) => `${o}=`));
          p.next();
          p.expectPunct('=');
          const v = p.next();
          let value: string | number | boolean;
          if (v.kind === 'string') value = v.value;
          else if (v.kind === 'number') value = Number(v.value);
          else if (v.kind === 'ident' && /^(true|false)$/i.test(v.value))
            value = v.value.toLowerCase() === 'true';
          else if (v.kind === 'ident' || v.kind === 'quoted_ident') value = v.value;
          else return p.fail(['a value'], v);
          if (options.has(name)) p.failAt('facetOptionTwice', { option: name }, key);
          options.set(name, { value, span: { from: key.from, to: v.to } });
        } while (p.eatPunct(','));
      }
      const close = p.expectPunct(')');
      if (!p.atEnd()) p.fail(['end of input']);
      return buildFacet(p, options, { from: first.from, to: close.to });
    }
    const field = p.parseFieldName();
    if (!p.atEnd()) p.fail(['end of input']);
    return { name: field.name, from: field.from, to: field.to } satisfies FacetRequest;
  });
  return result.ok ? result : { ok: false, diagnostic: inClause(result.diagnostic, 'facet') };
}

function buildFacet(
  p: Parser,
  options: Map<string, { value: string | number | boolean; span: Span }>,
  span: Span,
): FacetRequest {
  const name = options.get('name');
  if (!name || typeof name.value !== 'string' || name.value === '') p.failAt('facetNeedsName', {}, span);
  const out: { -readonly [K in keyof FacetRequest]: FacetRequest[K] } = { name: name.value, ...span };
  const sort = options.get('sort');
  if (sort) {
    if (!(FACET_SORTS as readonly unknown[]).includes(sort.value)) {
      p.failAt('facetSort', { sorts: FACET_SORTS.join(', ') }, sort.span);
    }
    out.sort = sort.value as FacetSortMode;
  }
  const limit = options.get('limit');
  if (limit) {
    if (typeof limit.value !== 'number' || !Number.isInteger(limit.value) || limit.value < 1) {
      p.failAt('facetLimit', {}, limit.span);
    }
    out.limit = limit.value;
  }
  for (const key of ['disjunctive', 'hierarchical'] as const) {
    const o = options.get(key);
    if (!o) continue;
    if (typeof o.value !== 'boolean') p.failAt('facetBoolean', { option: key }, o.span);
    out[key] = o.value;
  }
  const separator = options.get('separator');
  if (separator) {
    if (typeof separator.value !== 'string' || separator.value === '') {
      p.failAt('facetSeparator', {}, separator.span);
    }
    out.separator = separator.value;
  }
  return out;
}
