import type { DatasetField } from '../../api';
import { CSV_DELIMITERS, type CsvDelimiter, type ExportOptions, epsgError } from './export-options';
import type { ExportFormat } from './formats';

const DELIMITER_LABELS: Readonly<Record<CsvDelimiter, string>> = {
  ';': 'Semicolon (;)',
  ',': 'Comma (,)',
  '\t': 'Tab',
  '|': 'Pipe (|)',
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
        <legend>Records</legend>
        <label className="choice">
          <input
            type="radio"
            name="scope"
            checked={options.scope === 'selection'}
            onChange={() => set({ scope: 'selection' })}
          />
          {filtered
            ? `The current selection (${selectionSize})`
            : `All records, in the table's order (${selectionSize})`}
        </label>
        <label className="choice">
          <input
            type="radio"
            name="scope"
            checked={options.scope === 'dataset'}
            onChange={() => set({ scope: 'dataset' })}
          />
          The whole dataset, without filters ({datasetSize})
        </label>
      </fieldset>
      <fieldset>
        <legend>Column names</legend>
        <label className="choice">
          <input
            type="radio"
            name="labels"
            checked={!options.useLabels}
            onChange={() => set({ useLabels: false })}
          />
          <span>
            Field names
            {example ? (
              <>
                {' '}
                (<code>{example.name}</code>)
              </>
            ) : null}
            : stable, for programs
          </span>
        </label>
        <label className="choice">
          <input
            type="radio"
            name="labels"
            checked={options.useLabels}
            onChange={() => set({ useLabels: true })}
          />
          <span>Field labels{example ? ` (“${example.label || example.name}”)` : ''}: for people</span>
        </label>
      </fieldset>
      {format.options.includes('csv') && (
        <fieldset>
          <legend>CSV</legend>
          <label className="field">
            Delimiter
            <select
              value={options.delimiter}
              onChange={(e) => set({ delimiter: e.target.value as CsvDelimiter })}
            >
              {CSV_DELIMITERS.map((d) => (
                <option key={d} value={d}>
                  {DELIMITER_LABELS[d]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            Separator of multiple values in one cell
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
            Quote every text value
          </label>
          <label className="choice">
            <input
              type="checkbox"
              checked={options.withBom}
              onChange={(e) => set({ withBom: e.target.checked })}
            />
            Start with a byte-order mark (Excel then reads accents right)
          </label>
        </fieldset>
      )}
      {format.options.includes('projection') && (
        <fieldset>
          <legend>Projection</legend>
          <label className="field">
            EPSG code of the coordinates
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
            {epsgProblem ??
              '4326 is longitude and latitude (WGS 84); 3857 is Web Mercator; 2154 is Lambert-93.'}
          </p>
        </fieldset>
      )}
      {format.options.includes('gpx') && (
        <fieldset>
          <legend>GPX</legend>
          <label className="field">
            Waypoint name
            <select value={options.nameField} onChange={(e) => set({ nameField: e.target.value })}>
              <option value="">(the record id)</option>
              {textFields.map((f) => (
                <option key={f.name} value={f.name}>
                  {f.label || f.name}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="nested">
            <legend>Description fields</legend>
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
            Fields as GPX extensions (otherwise in the description text)
          </label>
        </fieldset>
      )}
    </div>
  );
}
