import { useCallback } from 'react';
import { asLanguage } from '../i18n/locale';
import { type NavigateOptions, navigate } from '../router/history';
import { withLanguage, withPortal } from '../router/portal-link';
import { useLocation } from '../router/useLocation';
import { usePortal } from './usePortal';

/** Navigation that keeps the chosen portal, and a language set in the address, in the address. */
export function useNavigate() {
  const { portal } = usePortal();
  const { search } = useLocation();
  const language = asLanguage(search.get('lang')) ?? null;
  const hrefFor = useCallback(
    (to: string) => withPortal(withLanguage(to, language), portal),
    [portal, language],
  );
  const go = useCallback(
    (to: string, options?: NavigateOptions) => navigate(hrefFor(to), options),
    [hrefFor],
  );
  return { navigate: go, hrefFor };
}
