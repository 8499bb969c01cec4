import { type FormEvent, useId, useState } from 'react';
import { formatCount } from '../format/numbers';
import { t } from '../i18n/setup';

/** Reads a record number as typed, with or without group separators (1,234,567; 1 234 567). */
export function readRecordNumber(text: string, count: number): number | undefined {
  const digits = text.replace(/[\s,.\u00a0\u202f']/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  const n = Number(digits);
  return n >= 1 && n <= count ? n : undefined;
}

/** "Go to record N": brings record N of the table to the top of the view, at any depth. */
export function GoToRecord({
  count,
  onGo,
}: {
  readonly count: number;
  readonly onGo: (row: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = readRecordNumber(text, count);
    setInvalid(n === undefined);
    if (n !== undefined) onGo(n - 1);
  };
  return (
    <form className="go-to-record" onSubmit={submit}>
      <label htmlFor={id}>{t('table.goTo')}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        size={10}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        placeholder={t('table.goToRange', { count: formatCount(count) })}
        onChange={(event) => {
          setText(event.target.value);
          setInvalid(false);
        }}
      />
      <button type="submit" className="button">
        {t('table.goToButton')}
      </button>
      {invalid && (
        <span id={`${id}-error`} className="go-to-error" role="alert">
          {t('table.goToInvalid', { count: formatCount(count) })}
        </span>
      )}
    </form>
  );
}
