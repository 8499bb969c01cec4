import type { DatasetField } from '../../api';
import { t } from '../i18n/setup';
import { CSV_DELIMITERS, type CsvDelimiter, type ExportOptions, epsgError } from './export-options';
import type { ExportFormat } from './formats';

const DELIMITER_KEYS: Readonly<Record<CsvDelimiter, string>> = {
  ';': 'export.delimiters.semicolon',
  ',': 'export.delimiters.comma',
  '\t': 'export.delimiters.tab',
  '|': 'export.delimiters.pipe',
};

interface ExportOptionsFormProps {
  readonly format: ExportFormat;
  readonly options: ExportOptions;
  readonly onChange: (options: ExportOptions) => void;
  readonly fields: readonly DatasetField[];
  /** "1,234 records": what the current selection holds, when known. */
  readonly selectionSize: string;
  readonly datasetSize: string;
  /** Whether any filter, query or sort narrows the table now. */
  readonly filtered: boolean;
}

/** The options of one format, and the choice between the selection and the whole dataset. */
export function ExportOptionsForm(props: ExportOptionsFormProps) {
  const { format, options, onChange, fields, selectionSize, datasetSize, filtered } = props;
  const set = (patch: Partial<ExportOptions>) => onChange({ ...options, ...patch });
  const epsgProblem = epsgError(options.epsg);
  const textFields = fields.filter((f) => f.type === 'text');
  // A field whose name and label differ shows the choice best.
  const example = fields.find((f) => f.label && f.label !== f.name) ?? fields[0];
  return (
    <div className="export-options">
      <fieldset>
        <legend>{t('export.records')}</legend>
        <label className="choice">
          <input
            type="radio"
            name="scope"
            checked={options.scope === 'selection'}
            onChange={() => set({ scope: 'selection' })}
          />
          {filtered
            ? t('export.scopeSelection', { size: selectionSize })
            : t('export.scopeAll', { size: selectionSize })}
        </label>
        <label className="choice">
          <input
            type="radio"
            name="scope"
            checked={options.scope === 'dataset'}
            onChange={() => set({ scope: 'dataset' })}
          />
          {t('export.scopeDataset', { size: datasetSize })}
        </label>
      </fieldset>
      <fieldset>
        <legend>{t('export.columnNames')}</legend>
        <label className="choice">
          <input
            type="radio"
            name="labels"
            checked={!options.useLabels}
            onChange={() => set({ useLabels: false })}
          />
          <span>
            {t('export.fieldNames')}
            {example ? (
              <>
                {' '}
                (<code>{example.name}</code>)
              </>
            ) : null}
            {t('export.forPrograms')}
          </span>
        </label>
        <label className="choice">
          <input
            type="radio"
            name="labels"
            checked={options.useLabels}
            onChange={() => set({ useLabels: true })}
          />
          <span>
            {t('export.fieldLabels', { example: example ? ` (“${example.label || example.name}”)` : '' })}
          </span>
        </label>
      </fieldset>
      {format.options.includes('csv') && (
        <fieldset>
          <legend>CSV</legend>
          <label className="field">
            {t('export.delimiter')}
            <select
              value={options.delimiter}
              onChange={(e) => set({ delimiter: e.target.value as CsvDelimiter })}
            >
              {CSV_DELIMITERS.map((d) => (
                <option key={d} value={d}>
                  {t(DELIMITER_KEYS[d])}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            {t('export.listSeparator')}
            <input
              type="text"
              value={options.listSeparator}
              maxLength={3}
              size={4}
              onChange={(e) => set({ listSeparator: e.target.value })}
            />
          </label>
          <label className="choice">
            <input
              type="checkbox"
              checked={options.quoteAll}
              onChange={(e) => set({ quoteAll: e.target.checked })}
            />
            {t('export.quoteAll')}
          </label>
          <label className="choice">
            <input
              type="checkbox"
              checked={options.withBom}
              onChange={(e) => set({ withBom: e.target.checked })}
            />
            {t('export.bom')}
          </label>
        </fieldset>
      )}
      {format.options.includes('projection') && (
        <fieldset>
          <legend>{t('export.projection')}</legend>
          <label className="field">
            {t('export.epsg')}
            <input
              type="text"
              inputMode="numeric"
              value={options.epsg}
              size={8}
              aria-invalid={epsgProblem !== undefined}
              aria-describedby="epsg-help"
              onChange={(e) => set({ epsg: e.target.value })}
            />
          </label>
          <p id="epsg-help" className={epsgProblem ? 'field-error' : 'field-help'}>
            {epsgProblem ?? t('export.epsgHelp')}
          </p>
        </fieldset>
      )}
      {format.options.includes('gpx') && (
        <fieldset>
          <legend>GPX</legend>
          <label className="field">
            {t('export.waypoint')}
            <select value={options.nameField} onChange={(e) => set({ nameField: e.target.value })}>
              <option value="">{t('export.recordId')}</option>
              {textFields.map((f) => (
                <option key={f.name} value={f.name}>
                  {f.label || f.name}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="nested">
            <legend>{t('export.descriptionFields')}</legend>
            {fields
              .filter((f) => f.type !== 'geo_point_2d' && f.type !== 'geo_shape')
              .map((f) => (
                <label key={f.name} className="choice">
                  <input
                    type="checkbox"
                    checked={options.descriptionFields.includes(f.name)}
                    onChange={(e) =>
                      set({
                        descriptionFields: e.target.checked
                          ? [...options.descriptionFields, f.name]
                          : options.descriptionFields.filter((n) => n !== f.name),
                      })
                    }
                  />
                  {f.label || f.name}
                </label>
              ))}
          </fieldset>
          <label className="choice">
            <input
              type="checkbox"
              checked={options.useExtension}
              onChange={(e) => set({ useExtension: e.target.checked })}
            />
            {t('export.gpxExtensions')}
          </label>
        </fieldset>
      )}
    </div>
  );
}
