import type { DatasetField } from '../../api';

/*
 * Which columns the table shows and in what order. The address holds only the visible ones, in order
 * (`columns=a,b`); `undefined` means every field in schema order, which is also what the address omits.
 */

export type ColumnLayout = readonly string[] | undefined;

/** The visible field names in display order. */
export function visibleColumns(fields: readonly DatasetField[], layout: ColumnLayout): string[] {
  const names = fields.map((f) => f.name);
  if (layout === undefined) return names;
  const known = new Set(names);
  const visible = layout.filter((name) => known.has(name));
  return visible.length > 0 ? visible : names;
}

/** Every field in menu order: the visible ones as shown, then the hidden ones in schema order. */
export function menuColumns(
  fields: readonly DatasetField[],
  layout: ColumnLayout,
): { readonly field: DatasetField; readonly visible: boolean }[] {
  const visible = visibleColumns(fields, layout);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const shown = new Set(visible);
  return [
    ...visible.map((name) => ({ field: byName.get(name)!, visible: true })),
    ...fields.filter((f) => !shown.has(f.name)).map((field) => ({ field, visible: false })),
  ];
}

/** The layout to store: `undefined` when it is the default, so the address stays short. */
function normalise(fields: readonly DatasetField[], visible: readonly string[]): ColumnLayout {
  const isDefault = visible.length === fields.length && fields.every((f, i) => f.name === visible[i]);
  return isDefault ? undefined : [...visible];
}

/** Shows or hides one column. The last visible column cannot be hidden: a table needs one. */
export function toggleColumn(
  fields: readonly DatasetField[],
  layout: ColumnLayout,
  name: string,
): ColumnLayout {
  const visible = visibleColumns(fields, layout);
  if (visible.includes(name)) {
    if (visible.length === 1) return layout;
    return normalise(
      fields,
      visible.filter((n) => n !== name),
    );
  }
  if (!fields.some((f) => f.name === name)) return layout;
  // A column shown again returns to its schema place among the visible ones when they are in schema order.
  const schemaOrder = fields.map((f) => f.name);
  const inSchemaOrder = visible.every(
    (n, i) => i === 0 || schemaOrder.indexOf(visible[i - 1]!) < schemaOrder.indexOf(n),
  );
  if (!inSchemaOrder) return normalise(fields, [...visible, name]);
  const shown = new Set([...visible, name]);
  return normalise(
    fields,
    schemaOrder.filter((n) => shown.has(n)),
  );
}

/** Moves a visible column `by` places (negative: towards the start), within the visible ones. */
export function moveColumn(
  fields: readonly DatasetField[],
  layout: ColumnLayout,
  name: string,
  by: number,
): ColumnLayout {
  const visible = visibleColumns(fields, layout);
  const from = visible.indexOf(name);
  if (from < 0) return layout;
  const to = Math.max(0, Math.min(visible.length - 1, from + by));
  if (to === from) return layout;
  const next = visible.filter((n) => n !== name);
  next.splice(to, 0, name);
  return normalise(fields, next);
}

/** Puts a visible column where another one is (a drop onto it). */
export function placeColumn(
  fields: readonly DatasetField[],
  layout: ColumnLayout,
  name: string,
  target: string,
): ColumnLayout {
  const visible = visibleColumns(fields, layout);
  const from = visible.indexOf(name);
  const to = visible.indexOf(target);
  if (from < 0 || to < 0) return layout;
  return moveColumn(fields, layout, name, to - from);
}
