import type { DatasetField } from '../../api';
import { formatCell } from '../format/cells';

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
    case 'list':
      return (
        <ul className="cell-list">
          {display.items.map((item, index) => (
            // Values may repeat inside one multivalued cell, so position is part of the key.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is static for this cell
            <li key={`${index}:${item}`}>{item}</li>
          ))}
        </ul>
      );
    case 'text':
      return <span title={display.text.length > 40 ? display.text : undefined}>{display.text}</span>;
  }
}
