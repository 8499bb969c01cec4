import type { DatasetField } from '../../api';
import { type CellFormat, formatCell } from '../format/cells';

/** Values of a multivalued cell shown before a "+n" (all of them are in its tooltip and the detail). */
const LIST_ITEMS = 3;
/** Text longer than this is cut by the column: its tooltip holds the whole of it. */
const LONG_TEXT = 24;

/** One record value in a table cell, shown according to its field type. */
export function CellValue({
  value,
  field,
  format,
}: {
  readonly value: unknown;
  readonly field: DatasetField;
  readonly format: CellFormat;
}) {
  const display = formatCell(value, field, format);
  switch (display.kind) {
    case 'empty':
      return null;
    case 'number':
    case 'geo':
      return <>{display.text}</>;
    case 'date':
      return (
        <time dateTime={display.raw} title={display.raw}>
          {display.text}
        </time>
      );
    case 'link':
      return (
        <a href={display.href} target="_blank" rel="noreferrer noopener" title={display.href}>
          {display.text}
        </a>
      );
    case 'list': {
      const shown = display.items.slice(0, LIST_ITEMS);
      const hidden = display.items.length - shown.length;
      return (
        <ul className="cell-list" title={display.items.join(', ')}>
          {shown.map((item, index) => (
            // Values may repeat inside one multivalued cell, so position is part of the key.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is static for this cell
            <li key={`${index}:${item}`}>{item}</li>
          ))}
          {hidden > 0 && <li className="cell-list-more">+{hidden}</li>}
        </ul>
      );
    }
    case 'text':
      return <span title={display.text.length > LONG_TEXT ? display.text : undefined}>{display.text}</span>;
  }
}
