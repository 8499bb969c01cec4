import { useTranslation } from 'react-i18next';
import { setupI18n } from '../i18n/setup';
import { calendarEn, calendarFr } from './messages';

export const CALENDAR_NS = 'calendar';

/** Adds the tab's text to the explorer's i18next once: it loads with the tab, not with the catalog. */
function register(): void {
  const i18n = setupI18n();
  if (!i18n.hasResourceBundle('en', CALENDAR_NS)) {
    i18n.addResourceBundle('en', CALENDAR_NS, calendarEn);
    i18n.addResourceBundle('fr', CALENDAR_NS, calendarFr);
  }
}

/** The `t` of the Calendar tab. */
export function useCalendarT() {
  register();
  return useTranslation(CALENDAR_NS).t;
}
