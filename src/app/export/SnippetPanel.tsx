import { useId, useState } from 'react';
import { CopyButton } from '../components/CopyButton';
import { t } from '../i18n/setup';
import { SNIPPET_LABELS, type SnippetLanguage, type SnippetOptions, snippet } from './snippets';

const LANGUAGES = Object.keys(SNIPPET_LABELS) as SnippetLanguage[];

/** The same request as code, in the language people pick, ready to copy. */
export function SnippetPanel({
  url,
  options,
  title,
}: {
  readonly url: string;
  readonly options?: SnippetOptions;
  readonly title: string;
}) {
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const id = useId();
  const code = snippet(language, url, options);
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      <div className="snippet-tabs" role="tablist" aria-label={t('api.codeLanguage')}>
        {LANGUAGES.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            id={`${id}-${l}`}
            className="button"
            aria-selected={l === language}
            aria-controls={`${id}-code`}
            onClick={() => setLanguage(l)}
          >
            {SNIPPET_LABELS[l]}
          </button>
        ))}
      </div>
      <pre className="url-box" id={`${id}-code`} role="tabpanel" aria-labelledby={`${id}-${language}`}>
        <code>{code}</code>
      </pre>
      <div className="api-actions">
        <CopyButton text={code} label={t('api.copyCode')} />
      </div>
    </section>
  );
}
