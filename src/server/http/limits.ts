import { MAX_GROUP_BY_ITEMS, MAX_ORDER_BY_ITEMS, MAX_SELECT_ITEMS } from '../../odsql';

/*
 * How many values one request may give a repeatable parameter. Each value is work before any record is
 * read (a clause to parse and compile, a facet to count, a condition for the engine), so a request with
 * thousands of them is refused at once with a 400, like a clause over the bounds of odsql/limits.ts.
 * The specification documents no such bounds; these are far above what the explorer, the widgets or a
 * person send. Parameters that become ODSQL clauses in v1 (`sort`, `fields`, analyze's `x`) take the bound
 * of the clause they become, so that v1 and v2 refuse the same query alike.
 */
export const PARAMETER_BOUNDS = {
  /** `where`, each a clause of its own, AND-ed; also v1's `q` with its `q.<name>` companions. */
  where: 100,
  /** `facet`: each is one more count over the matching records. */
  facet: 100,
  /** `refine` and `exclude`, each kind (v1: every `refine.<facet>` value together, and `exclude.<facet>`). */
  refine: 1000,
  exclude: 1000,
  /** v1 `sort`, repeated or comma-separated: an order_by. */
  sort: MAX_ORDER_BY_ITEMS,
  /** v1 `fields`, repeated or comma-separated: a select. */
  fields: MAX_SELECT_ITEMS,
  /** v1 analyze's `x` axes: group_by keys. */
  x: MAX_GROUP_BY_ITEMS,
  /** v1 analyze's series (`y.<name>.func`…): a chart of more than 100 series is no longer read. */
  series: 100,
} as const;

export type BoundedParameter = keyof typeof PARAMETER_BOUNDS;
