import { type FormEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedCommit } from '../hooks/useDebouncedCommit';

interface SearchBoxProps {
  readonly value: string;
  readonly onSearch: (text: string) => void;
  readonly label: string;
  readonly placeholder?: string;
  readonly delayMs?: number;
}

/** A full-text search box: searches after a pause in typing, or at once on Enter. */
export function SearchBox({ value, onSearch, label, placeholder, delayMs = 350 }: SearchBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const { draft, setDraft, commitNow } = useDebouncedCommit(value, onSearch, delayMs);
  const input = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    commitNow(draft);
  };
  return (
    <search>
      <form className="search-box" onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <svg className="search-icon" viewBox="0 0 20 20" aria-hidden="true">
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="m13 13 4.5 4.5" />
        </svg>
        <input
          ref={input}
          id={id}
          type="search"
          value={draft}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setDraft(event.target.value)}
        />
        {draft !== '' && (
          <button
            type="button"
            className="search-clear"
            aria-label={t('filters.clearSearch')}
            onClick={() => {
              commitNow('');
              // The clear button disappears with the text: keep the keyboard in the box.
              input.current?.focus();
            }}
          >
            ×
          </button>
        )}
      </form>
    </search>
  );
}
