import { useTranslation } from 'react-i18next';
import type { FilterChip } from '../filters/chips';
import type { Removals } from '../filters/useChipRemovals';
import { formatNumber } from '../format/numbers';

/** Any chip: a facet filter, the search, or another kind a view adds (the query editor's). */
type Chip = Pick<FilterChip, 'key' | 'label'> & { readonly kind: string };

interface FilterChipsProps<C extends Chip> {
  readonly chips: readonly C[];
  readonly onRemove: (chip: C) => void;
  readonly onClearAll: () => void;
  /** How many records (or datasets) each chip keeps out, by chip key, when known. */
  readonly removals?: Removals;
  readonly unit?: 'records' | 'datasets';
}

/** The active filters, each removable, and a way to drop them all. */
export function FilterChips<C extends Chip>({
  chips,
  onRemove,
  onClearAll,
  removals,
  unit = 'records',
}: FilterChipsProps<C>) {
  const { t } = useTranslation();
  if (chips.length === 0) return null;
  return (
    <div className="chips">
      <ul className="chip-list" aria-label={t('filters.active')}>
        {chips.map((chip) => (
          <li key={chip.key} className={`chip chip-${chip.kind}`}>
            <span className="chip-label" title={chip.label}>
              {chip.label}
            </span>
            {removals?.has(chip.key) && <Removed count={removals.get(chip.key) ?? 0} unit={unit} />}
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

/** `−1,234`: what removing the chip would bring back, said in full to screen readers and on hover. */
function Removed({ count, unit }: { readonly count: number; readonly unit: 'records' | 'datasets' }) {
  const { t } = useTranslation();
  const text = t(unit === 'datasets' ? 'filters.removesDatasets' : 'filters.removes', { count });
  return (
    <span className="chip-removes" title={text}>
      <span aria-hidden="true">−{formatNumber(count)}</span>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}
