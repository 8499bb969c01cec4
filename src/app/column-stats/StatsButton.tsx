import type { DatasetField } from '../../api';
import { useAnalyzeT } from '../analyze/i18n';
import { hasStats } from './stats-queries';

/** The header control of a column: opens (or closes) its statistics above the table. */
export function StatsButton({
  field,
  open,
  onToggle,
}: {
  readonly field: DatasetField;
  readonly open: boolean;
  readonly onToggle: (field: DatasetField) => void;
}) {
  const t = useAnalyzeT();
  if (!hasStats(field)) return null;
  const label = t('stats.open', { field: field.label || field.name });
  return (
    <button
      type="button"
      className="stats-open"
      aria-label={label}
      title={label}
      aria-expanded={open}
      onClick={() => onToggle(field)}
    >
      <span aria-hidden="true">Σ</span>
    </button>
  );
}
