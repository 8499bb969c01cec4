import { useTranslation } from 'react-i18next';
import { setupI18n } from '../i18n/setup';
import { analyzeEn, analyzeFr } from './messages';

export const ANALYZE_NS = 'analyze';

/** Adds the tab's text to the explorer's i18next once: it loads with the tab, not with the catalog. */
function register(): void {
  const i18n = setupI18n();
  if (!i18n.hasResourceBundle('en', ANALYZE_NS)) {
    i18n.addResourceBundle('en', ANALYZE_NS, analyzeEn);
    i18n.addResourceBundle('fr', ANALYZE_NS, analyzeFr);
  }
}

/** The `t` of the Analyze tab and the column statistics. */
export function useAnalyzeT() {
  register();
  return useTranslation(ANALYZE_NS).t;
}
