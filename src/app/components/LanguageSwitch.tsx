import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, rememberLanguage } from '../i18n/locale';
import { navigate } from '../router/history';

/**
 * English or French. The choice is remembered in this browser and written in the address (`lang=`),
 * so a link copied from here opens in the same language.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const choose = (value: string) => {
    const language = LANGUAGES.find((l) => l === value);
    if (!language) return;
    rememberLanguage(language);
    const url = new URL(window.location.href);
    url.searchParams.set('lang', language);
    navigate(`${url.pathname}${url.search}`, { replace: true });
    void i18n.changeLanguage(language);
  };
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('app.language')}
      </label>
      <select id={id} value={currentLanguage()} onChange={(event) => choose(event.target.value)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
