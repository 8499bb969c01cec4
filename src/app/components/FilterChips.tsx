import { useTranslation } from 'react-i18next';
import type { FilterChip } from '../filters/chips';

/** Any chip: a facet filter, the search, or another kind a view adds (the query editor's). */
type Chip = Pick<FilterChip, 'key' | 'label'> & { readonly kind: string };

interface FilterChipsProps<C extends Chip> {
  readonly chips: readonly C[];
  readonly onRemove: (chip: C) => void;
  readonly onClearAll: () => void;
}

/** The active filters, each removable, and a way to drop them all. */
export function FilterChips<C extends Chip>({ chips, onRemove, onClearAll }: FilterChipsProps<C>) {
  const { t } = useTranslation();
  if (chips.length === 0) return null;
  return (
    <div className="chips">
      <ul className="chip-list" aria-label={t('filters.active')}>
        {chips.map((chip) => (
          <li key={chip.key} className={`chip chip-${chip.kind}`}>
            <span className="chip-label">{chip.label}</span>
            <button
              type="button"
              className="chip-remove"
              aria-label={t('filters.remove', { label: chip.label })}
              onClick={() => onRemove(chip)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={onClearAll}>
        {t('filters.clearAll')}
      </button>
    </div>
  );
}
