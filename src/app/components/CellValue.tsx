import type { DatasetField } from '../../api';
import { formatCell } from '../format/cells';

/** Values of a multivalued cell shown before a "+n" (all of them are in its tooltip). */
const LIST_ITEMS = 3;

/** One record value, shown according to its field type. */
export function CellValue({ value, field }: { readonly value: unknown; readonly field: DatasetField }) {
  const display = formatCell(value, field);
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
        <a href={display.href} target="_blank" rel="noreferrer noopener" title={display.text}>
          {display.text}
        </a>
      );
    case 'list': {
      const shown = display.items.slice(0, LIST_ITEMS);
      const hidden = display.items.length - shown.length;
      return (
        <ul className="cell-list" title={hidden > 0 ? display.items.join(', ') : undefined}>
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
      return <span title={display.text.length > 40 ? display.text : undefined}>{display.text}</span>;
  }
}
