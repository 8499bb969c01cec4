import type { FilterChip } from '../filters/chips';

interface FilterChipsProps {
  readonly chips: readonly FilterChip[];
  readonly onRemove: (chip: FilterChip) => void;
  readonly onClearAll: () => void;
}

/** The active filters, each removable, and a way to drop them all. */
export function FilterChips({ chips, onRemove, onClearAll }: FilterChipsProps) {
  if (chips.length === 0) return null;
  return (
    <div className="chips">
      <ul className="chip-list" aria-label="Active filters">
        {chips.map((chip) => (
          <li key={chip.key} className={`chip chip-${chip.kind}`}>
            <span className="chip-label">{chip.label}</span>
            <button
              type="button"
              className="chip-remove"
              aria-label={`Remove filter ${chip.label}`}
              onClick={() => onRemove(chip)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={onClearAll}>
        Clear all filters
      </button>
    </div>
  );
}
