import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import type { DatasetField } from '../../api';
import { t } from '../i18n/setup';
import {
  type ColumnLayout,
  menuColumns,
  moveColumn,
  placeColumn,
  toggleColumn,
  visibleColumns,
} from './columns';

interface ColumnsMenuProps {
  readonly fields: readonly DatasetField[];
  readonly layout: ColumnLayout;
  readonly onLayout: (layout: ColumnLayout) => void;
}

/**
 * Which columns show, and their order: a checkbox per field, move buttons (keyboard), and dragging a
 * visible column onto another (mouse). The choice lives in the address, like every other setting.
 */
export function ColumnsMenu({ fields, layout, onLayout }: ColumnsMenuProps) {
  const [open, setOpen] = useState(false);
  const [dragged, setDragged] = useState<string>();
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFieldSetElement>(null);
  const visibleCount = visibleColumns(fields, layout).length;
  const items = menuColumns(fields, layout);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // The menu closes first; the record detail, if open, waits for the next Escape.
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !toggle.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const onDrop = (event: DragEvent, target: string) => {
    event.preventDefault();
    if (dragged && dragged !== target) onLayout(placeColumn(fields, layout, dragged, target));
    setDragged(undefined);
  };

  return (
    <div className="columns-menu">
      <button
        ref={toggle}
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {t('table.columns', { shown: visibleCount, total: fields.length })}
      </button>
      {open && (
        <fieldset ref={panel} id={panelId} className="columns-panel">
          <legend className="visually-hidden">{t('table.columnsLegend')}</legend>
          <ul>
            {items.map(({ field, visible }, index) => {
              const label = field.label || field.name;
              return (
                <li
                  key={field.name}
                  className={dragged === field.name ? 'is-dragged' : undefined}
                  draggable={visible}
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', field.name);
                    setDragged(field.name);
                  }}
                  onDragEnd={() => setDragged(undefined)}
                  onDragOver={(event) => {
                    if (visible && dragged) event.preventDefault();
                  }}
                  onDrop={(event) => visible && onDrop(event, field.name)}
                >
                  {visible && (
                    <span className="drag-handle" aria-hidden="true">
                      ⋮⋮
                    </span>
                  )}
                  <label>
                    <input
                      type="checkbox"
                      checked={visible}
                      disabled={visible && visibleCount === 1}
                      onChange={() => onLayout(toggleColumn(fields, layout, field.name))}
                    />
                    {label}
                  </label>
                  {visible && (
                    <span className="move-buttons">
                      <button
                        type="button"
                        aria-label={`Move ${label} up`}
                        title="Move up (left in the table)"
                        disabled={index === 0}
                        onClick={() => onLayout(moveColumn(fields, layout, field.name, -1))}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        aria-label={`Move ${label} down`}
                        title="Move down (right in the table)"
                        disabled={index === visibleCount - 1}
                        onClick={() => onLayout(moveColumn(fields, layout, field.name, 1))}
                      >
                        ↓
                      </button>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="button"
            disabled={layout === undefined}
            onClick={() => onLayout(undefined)}
          >
            Show every column in dataset order
          </button>
        </fieldset>
      )}
    </div>
  );
}
