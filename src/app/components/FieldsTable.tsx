import type { DatasetField } from '../../api';
import { t } from '../i18n/setup';

/** Annotations as short readable badges; flags show their name, valued ones show name and value. */
function annotationBadges(field: DatasetField): string[] {
  const badges: string[] = [];
  for (const [name, value] of Object.entries(field.annotations ?? {})) {
    if (value === false || value === null) continue;
    if (value === true || (Array.isArray(value) && value.length === 0)) badges.push(name);
    else if (Array.isArray(value)) badges.push(`${name}: ${value.join(', ')}`);
    else badges.push(`${name}: ${String(value)}`);
  }
  return badges;
}

export function FieldsTable({ fields }: { readonly fields: readonly DatasetField[] }) {
  return (
    <div className="table-scroll">
      <table className="fields-table">
        <thead>
          <tr>
            <th scope="col">{t('info.columns.label')}</th>
            <th scope="col">{t('info.columns.name')}</th>
            <th scope="col">{t('info.columns.type')}</th>
            <th scope="col">{t('info.columns.description')}</th>
            <th scope="col">{t('info.columns.annotations')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name}>
              <th scope="row">{field.label || field.name}</th>
              <td>
                <code>{field.name}</code>
              </td>
              <td>
                <span className="type-badge">{field.type}</span>
              </td>
              <td className="field-description">{field.description ?? ''}</td>
              <td>
                <ul className="badge-list">
                  {annotationBadges(field).map((badge) => (
                    <li key={badge} className="badge">
                      {badge}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
