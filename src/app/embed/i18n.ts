import { useTranslation } from 'react-i18next';
import { setupI18n } from '../i18n/setup';
import { embedEn, embedFr } from './messages';

export const EMBED_NS = 'embed';

/** Adds the Share dialog's and embedded views' text to the explorer's i18next, once. */
function register(): void {
  const i18n = setupI18n();
  if (!i18n.hasResourceBundle('en', EMBED_NS)) {
    i18n.addResourceBundle('en', EMBED_NS, embedEn);
    i18n.addResourceBundle('fr', EMBED_NS, embedFr);
  }
}

/** The `t` of the Share dialog and of embedded views. */
export function useEmbedT() {
  register();
  return useTranslation(EMBED_NS).t;
}
