import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { analyzeEn, analyzeFr } from './messages';

export const ANALYZE_NS = 'analyze';

/** Adds the tab's text to the explorer's i18next (once), starting i18next if nothing else has. */
function register(): void {
  if (!i18next.isInitialized) {
    const lang = new URLSearchParams(window.location.search).get('lang') === 'fr' ? 'fr' : 'en';
    void i18next.use(initReactI18next).init({
      lng: lang,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      initAsync: false,
      resources: {},
    });
  }
  if (!i18next.hasResourceBundle('en', ANALYZE_NS)) {
    i18next.addResourceBundle('en', ANALYZE_NS, analyzeEn);
    i18next.addResourceBundle('fr', ANALYZE_NS, analyzeFr);
  }
}

/** The `t` of the Analyze tab and the column statistics. */
export function useAnalyzeT() {
  register();
  return useTranslation(ANALYZE_NS).t;
}
