import { useId } from 'react';
import {
  type CalendarChoice,
  calendarFields,
  type DatasetField,
  endCandidates,
  startCandidates,
  titleCandidates,
} from '../../api';
import type { Calendar } from './calendar-queries';
import { useCalendarT } from './i18n';

interface CalendarFieldsFormProps {
  readonly fields: readonly DatasetField[];
  readonly calendar: Calendar;
  readonly choice: CalendarChoice;
  readonly onChoice: (choice: CalendarChoice) => void;
}

/**
 * Which fields start, end and name the events, among those that fit (src/api/calendar.ts). "No end" is
 * offered when the rule finds none: choosing it goes back to the rule, so a link and the .ics agree.
 */
export function CalendarFieldsForm({ fields, calendar, choice, onChoice }: CalendarFieldsFormProps) {
  const t = useCalendarT();
  const id = useId();
  const ends = endCandidates(fields, calendar.start);
  // The rule's own end for this start: "No end" is offered only when it has none.
  const ruleEnd = calendarFields(fields, { start: calendar.start.name })?.end;
  const set = (key: keyof CalendarChoice, value: string) => {
    const { [key]: _old, ...rest } = choice;
    onChoice(value === '' ? rest : { ...rest, [key]: value });
  };
  const select = (
    key: keyof CalendarChoice,
    label: string,
    options: readonly DatasetField[],
    value: string,
  ) => (
    <label className="calendar-field" htmlFor={`${id}-${key}`}>
      {label}
      <select id={`${id}-${key}`} value={value} onChange={(event) => set(key, event.target.value)}>
        {key === 'end' && ruleEnd === undefined && <option value="">{t('noEnd')}</option>}
        {options.map((f) => (
          <option key={f.name} value={f.name}>
            {f.label || f.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <fieldset className="calendar-fields">
      <legend className="visually-hidden">{t('fields')}</legend>
      {select('start', t('start'), startCandidates(fields), calendar.start.name)}
      {ends.length > 0 && select('end', t('end'), ends, calendar.end?.name ?? '')}
      {select('title', t('title'), titleCandidates(fields), calendar.title.name)}
    </fieldset>
  );
}
