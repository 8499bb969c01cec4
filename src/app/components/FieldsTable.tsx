import type { DatasetField } from '../../api';
import { t } from '../i18n/setup';
import { annotationWords, typeWord } from './field-words';

function Annotations({ field }: { readonly field: DatasetField }) {
  return (
    <ul className="badge-list">
      {annotationWords(field).map((word) => (
        <li key={word.raw} className="badge" title={word.raw}>
          {word.text}
        </li>
      ))}
    </ul>
  );
}

function TypeBadge({ type }: { readonly type: string }) {
  return (
    <span className="type-badge" title={type}>
      {typeWord(type).text}
    </span>
  );
}

/**
 * The fields of a dataset. Types and annotations read as words of the reader's language; the API's
 * names stay in their titles (and the field's name in its column), for those who write requests. On a
 * phone the name, type and annotation columns give way to the same words under the label (dataset.css),
 * so that nothing is past the screen's edge; only one of the two is ever displayed.
 */
export function FieldsTable({ fields }: { readonly fields: readonly DatasetField[] }) {
  // A column no field fills only widens the table.
  const described = fields.some((field) => field.description);
  return (
    <div className="table-scroll">
      <table className="fields-table">
        <thead>
          <tr>
            <th scope="col">{t('info.columns.label')}</th>
            <th scope="col" className="field-wide">
              {t('info.columns.name')}
            </th>
            <th scope="col" className="field-wide">
              {t('info.columns.type')}
            </th>
            {described && <th scope="col">{t('info.columns.description')}</th>}
            <th scope="col" className="field-wide">
              {t('info.columns.annotations')}
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name}>
              <th scope="row">
                {field.label || field.name}
                <span className="field-narrow">
                  <code>{field.name}</code> <TypeBadge type={field.type} />
                </span>
                <span className="field-narrow">
                  <Annotations field={field} />
                </span>
              </th>
              <td className="field-wide">
                <code>{field.name}</code>
              </td>
              <td className="field-wide">
                <TypeBadge type={field.type} />
              </td>
              {described && <td className="field-description">{field.description ?? ''}</td>}
              <td className="field-wide">
                <Annotations field={field} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
